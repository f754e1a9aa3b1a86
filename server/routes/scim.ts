/**
 * The SCIM 2.0 service provider (RFC 7643, RFC 7644) an identity provider (Okta, Azure AD / Entra
 * ID, ...) provisions an account through: `{base}/{prefix}/scim/v2` (docs/scim.md), authenticated by
 * the bearer token of one of the account's directory configurations (core/domain/directory-handlers.ts).
 *
 * - Users and Groups: GET (list with `filter`, `startIndex`, `count`, `attributes`,
 *   `excludedAttributes`), POST, GET /:id, PUT /:id, PATCH /:id, DELETE /:id (domain/scim-users.ts,
 *   domain/scim-groups.ts).
 * - Discovery: ServiceProviderConfig, Schemas (and /:id), ResourceTypes (and /:id).
 * - Every answer is `application/scim+json`; every refusal a SCIM error (RFC 7644 §3.12:
 *   `schemas: [urn:ietf:params:scim:api:messages:2.0:Error]`, `status` as a string, `scimType`
 *   when one applies, `detail`), including bad JSON, an unknown path, a wrong token and a body
 *   that is too large: this scope has its own error and not-found handlers, not the contract's
 *   `{ errors, errorCodes }`, which no SCIM client reads.
 * Request bodies are open objects here (SCIM resources carry attributes the server keeps as sent);
 * domain/scim.ts checks what it uses.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { registerErrorShape } from '../http/errors';
import { scimCallerByToken, type ScimCaller } from '../domain/directory';
import { touchScimConfiguration } from '../storage/directory';
import { ERROR_SCHEMA, GROUP_SCHEMA, SCIM_MAX_RESULTS, ScimError, USER_SCHEMA } from '../domain/scim';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from '../domain/scim-groups';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from '../domain/scim-users';
import { SCIM_RESOURCE_TYPES, SCIM_SCHEMAS, serviceProviderConfig } from '../domain/scim-schemas';

const SCIM_PREFIX = '/scim/v2';
const SCIM_JSON = 'application/scim+json; charset=utf-8';
/** Default page size of a list without `count` (RFC 7644 §3.4.2.4 leaves it to the provider). */
const DEFAULT_COUNT = 100;

type Json = Record<string, unknown>;
type Query = Record<string, string | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

const open = { type: 'object' } as const;
const idParam = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['id'],
} as const;
const listQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string' },
    startIndex: { type: 'string' },
    count: { type: 'string' },
    attributes: { type: 'string' },
    excludedAttributes: { type: 'string' },
    sortBy: { type: 'string' },
    sortOrder: { type: 'string' },
  },
} as const;
const projectionQuery = {
  type: 'object',
  properties: { attributes: { type: 'string' }, excludedAttributes: { type: 'string' } },
} as const;

function errorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

// What the server answers before or beside these routes (a path or method no route has, a URL the
// router or the HTTP parser refuses) is a SCIM error too, under any API prefix.
registerErrorShape('scim', {
  matches: (path) => /(^|\/)scim\/v2(\/|$)/.test(path),
  body: (status, detail) => ({ type: SCIM_JSON, payload: JSON.stringify(errorBody(status, detail)) }),
});

function sendError(reply: FastifyReply, status: number, detail: string, scimType?: string) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply
    .code(status)
    .type(SCIM_JSON)
    .send(errorBody(status, detail, scimType));
}

/** A positive integer query value, or the default; anything else is a 400. */
function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value.trim()))
    throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
  return Number(value.trim());
}

/** `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5), on top-level attributes. */
function projection(query: Query, coreUri: string) {
  const names = (text: string | undefined) =>
    text === undefined
      ? null
      : new Set(
          text
            .split(',')
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean)
            .map((n) => (n.startsWith(`${coreUri.toLowerCase()}:`) ? n.slice(coreUri.length + 1) : n))
            .map((n) => (n.startsWith('urn:') ? n : n.split('.')[0]!)),
        );
  const only = names(query.attributes);
  const excluded = names(query.excludedAttributes) ?? new Set<string>();
  const always = new Set(['id', 'schemas']);
  const keep = (key: string) =>
    always.has(key.toLowerCase()) || (only ? only.has(key.toLowerCase()) : !excluded.has(key.toLowerCase()));
  return {
    includes: keep,
    apply: (resource: Json): Json =>
      Object.fromEntries(Object.entries(resource).filter(([key]) => keep(key))),
  };
}

const callerOf = (request: FastifyRequest) => request.scimCaller!;
const where = (request: FastifyRequest) => ({
  base: `${request.protocol}://${request.host}${request.url.slice(0, request.url.indexOf(SCIM_PREFIX) + SCIM_PREFIX.length)}`,
});
const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type(SCIM_JSON).send(body);
const created = (reply: FastifyReply, body: Json) => {
  const location = (body.meta as { location?: string } | undefined)?.location;
  if (location) reply.header('location', location);
  return send(reply, 201, body);
};

/** SCIM bodies, SCIM errors for every refusal (this scope's own handlers), and the bearer token. */
function registerScimProtocol(scim: FastifyInstance, ctx: AppContext): void {
  scim.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(body as string, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(new ScimError(400, 'The request body is not valid JSON', 'invalidSyntax'), undefined);
    }
  });

  scim.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ScimError) return sendError(reply, error.status, error.detail, error.scimType);
    if (error.validation) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'request';
      return sendError(
        reply,
        400,
        `The ${where} is invalid${first?.message ? `: ${first.message}` : ''}`,
        where === 'body' ? 'invalidSyntax' : 'invalidValue',
      );
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, 'The request body is too large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'Send application/scim+json or application/json');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'The request body is not valid JSON', 'invalidSyntax');
    }
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code))
      return sendError(reply, 400, 'A value is not valid', 'invalidValue');
    const status = error.statusCode ?? 500;
    if (error instanceof SyntaxError && status === 400)
      return sendError(reply, 400, 'The request body is not valid JSON', 'invalidSyntax');
    if (status >= 400 && status < 500) return sendError(reply, status, 'The request is not valid');
    request.log.error(
      { err: { message: error.message, code: error.code, stack: error.stack } },
      'unhandled error',
    );
    return sendError(reply, 500, 'Internal server error');
  });

  scim.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'This SCIM endpoint does not exist'));

  // Every SCIM call: the configuration's bearer token.
  scim.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer +(\S{1,200})$/i.exec(request.headers.authorization ?? '');
    const caller = match?.[1] ? await scimCallerByToken(ctx.db, match[1]) : null;
    if (!caller) return sendError(reply, 401, 'A valid SCIM bearer token is required');
    request.scimCaller = caller;
    reply.header('cache-control', 'no-store');
  });
  // The page's "last sync": when the identity provider last changed something.
  scim.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.scimCaller)
      await touchScimConfiguration(ctx.db, request.scimCaller.configurationId).catch(() => {});
  });
}

/** ServiceProviderConfig, Schemas and ResourceTypes. */
function registerDiscovery(scim: FastifyInstance): void {
  scim.get('/ServiceProviderConfig', async (request, reply) =>
    send(reply, 200, serviceProviderConfig(where(request).base, SCIM_MAX_RESULTS)),
  );
  scim.get('/Schemas', async (_request, reply) =>
    send(reply, 200, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: SCIM_SCHEMAS.length,
      startIndex: 1,
      itemsPerPage: SCIM_SCHEMAS.length,
      Resources: SCIM_SCHEMAS,
    }),
  );
  scim.get<{ Params: { id: string } }>(
    '/Schemas/:id',
    { schema: { params: idParam } },
    async (request, reply) => {
      const schema = SCIM_SCHEMAS.find((s) => s.id === request.params.id);
      if (!schema) throw new ScimError(404, `Schema ${request.params.id} not found`);
      return send(reply, 200, schema);
    },
  );
  scim.get('/ResourceTypes', async (request, reply) => {
    const types = SCIM_RESOURCE_TYPES(where(request).base);
    return send(reply, 200, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: types.length,
      startIndex: 1,
      itemsPerPage: types.length,
      Resources: types,
    });
  });
  scim.get<{ Params: { id: string } }>(
    '/ResourceTypes/:id',
    { schema: { params: idParam } },
    async (request, reply) => {
      const type = SCIM_RESOURCE_TYPES(where(request).base).find((t) => t.id === request.params.id);
      if (!type) throw new ScimError(404, `Resource type ${request.params.id} not found`);
      return send(reply, 200, type);
    },
  );
}

/** Users and Groups: list and read (with `attributes` / `excludedAttributes`) and create. */
function registerReadsAndCreates(scim: FastifyInstance, ctx: AppContext): void {
  scim.get<{ Querystring: Query }>(
    '/Users',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const view = projection(request.query, USER_SCHEMA);
      const list = await listUsers(
        ctx.db,
        callerOf(request),
        {
          filter: request.query.filter,
          startIndex: integer(request.query.startIndex, 1, 'startIndex'),
          count: integer(request.query.count, DEFAULT_COUNT, 'count'),
        },
        where(request),
      );
      return send(reply, 200, { ...list, Resources: list.Resources.map(view.apply) });
    },
  );
  scim.post<{ Body: Json }>('/Users', { schema: { body: open } }, async (request, reply) =>
    created(reply, await createUser(ctx.db, callerOf(request), request.body, where(request))),
  );
  scim.get<{ Params: { id: string }; Querystring: Query }>(
    '/Users/:id',
    { schema: { params: idParam, querystring: projectionQuery } },
    async (request, reply) => {
      const view = projection(request.query, USER_SCHEMA);
      return send(
        reply,
        200,
        view.apply(await getUser(ctx.db, callerOf(request), request.params.id, where(request))),
      );
    },
  );

  // ------------------------------------------------------------------ Groups
  scim.get<{ Querystring: Query }>(
    '/Groups',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const view = projection(request.query, GROUP_SCHEMA);
      const list = await listGroups(
        ctx.db,
        callerOf(request),
        {
          filter: request.query.filter,
          startIndex: integer(request.query.startIndex, 1, 'startIndex'),
          count: integer(request.query.count, DEFAULT_COUNT, 'count'),
          withMembers: view.includes('members'),
        },
        where(request),
      );
      return send(reply, 200, { ...list, Resources: list.Resources.map(view.apply) });
    },
  );
  scim.post<{ Body: Json }>('/Groups', { schema: { body: open } }, async (request, reply) =>
    created(reply, await createGroup(ctx.db, callerOf(request), request.body, where(request))),
  );
  scim.get<{ Params: { id: string }; Querystring: Query }>(
    '/Groups/:id',
    { schema: { params: idParam, querystring: projectionQuery } },
    async (request, reply) => {
      const view = projection(request.query, GROUP_SCHEMA);
      const group = await getGroup(
        ctx.db,
        callerOf(request),
        request.params.id,
        where(request),
        view.includes('members'),
      );
      return send(reply, 200, view.apply(group));
    },
  );
}

/** Replace, modify and delete: the same three routes for both resources. */
function registerWrites(scim: FastifyInstance, ctx: AppContext): void {
  const writes = [
    ['Users', replaceUser, patchUser, deleteUser],
    ['Groups', replaceGroup, patchGroup, deleteGroup],
  ] as const;
  for (const [resource, replace, patch, remove] of writes) {
    for (const [method, change] of [
      ['PUT', replace],
      ['PATCH', patch],
    ] as const)
      scim.route<{ Params: { id: string }; Body: Json }>({
        method,
        url: `/${resource}/:id`,
        schema: { params: idParam, body: open },
        handler: async (request, reply) =>
          send(
            reply,
            200,
            await change(ctx.db, callerOf(request), request.params.id, request.body, where(request)),
          ),
      });
    scim.delete<{ Params: { id: string } }>(
      `/${resource}/:id`,
      { schema: { params: idParam } },
      async (request, reply) => {
        await remove(ctx.db, callerOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
  }
}

export async function scimRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (scim) => {
      registerScimProtocol(scim, ctx);
      registerDiscovery(scim);
      registerReadsAndCreates(scim, ctx);
      registerWrites(scim, ctx);
    },
    { prefix: SCIM_PREFIX },
  );
}
