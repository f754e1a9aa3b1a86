/**
 * `application/x-www-form-urlencoded` bodies (the OAuth token endpoint, the SAML assertion consumer
 * service): one value per parameter; a repeated parameter is an invalid request (RFC 6749 §3.1).
 */
import type { FastifyInstance } from 'fastify';
import { contractError } from '../../core/contract/errors';

/** Registers the parser on `api` (and the routes registered under it). */
export function acceptFormBodies(api: FastifyInstance): void {
  api.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const params = new URLSearchParams(body as string);
      const out: Record<string, string> = {};
      for (const [key, value] of params) {
        if (key in out)
          return done(contractError('PARAMETER_REPEATED', { name: key.slice(0, 50) }), undefined);
        out[key] = value;
      }
      done(null, out);
    },
  );
}
