/**
 * The client SDK (@frontegg/rest-api 3.1.18) builds query strings with `new URLSearchParams(params)`,
 * which writes a parameter whose value is `undefined` as the text `undefined` (users v3 always sends
 * `_presetParams=undefined`, the hierarchy search `_subTenantId=undefined`). Such a parameter means
 * "not given": it is dropped before the route's query schema runs, so strict schemas still refuse
 * unknown names and malformed values. (A search for the literal word "undefined" is not possible.)
 */
import type { FastifyInstance } from 'fastify';

export function dropUndefinedQueryValues(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) if (value === 'undefined') delete query[key];
  });
}
