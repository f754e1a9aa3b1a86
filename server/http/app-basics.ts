/**
 * The HTTP basics of the server's Fastify app (server/app.ts): its options (logging without
 * credentials, body limit, proxies, strict validation), the JSON-only body parser, CORS per path
 * and the security headers of every answer.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../options';
import { FRAMEWORK_OPTIONS } from './errors';

/** A Fastify app with the server's options; no route, hook or plugin yet. */
export function createFastify(opts: ResolvedOptions): FastifyInstance {
  return Fastify({
    logger: opts.logger
      ? {
          level: 'info',
          // Never log credentials: bearer tokens, the refresh cookie, or the cookie being set.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
        }
      : false,
    bodyLimit: opts.bodyLimit,
    trustProxy: opts.trustProxy,
    // Fastify's and Node's own answers (431, malformed requests, router errors, 503 while closing,
    // a missing Host) in the contract's `{ errors }` shape too: see http/errors.ts.
    ...FRAMEWORK_OPTIONS,
    ajv: {
      customOptions: {
        // A number is not a password and an extra field is a mistake: no coercion, no silent
        // removal. (Fastify's defaults coerce types and strip unknown properties.)
        coerceTypes: false,
        removeAdditional: false,
        allowUnionTypes: true,
      },
    },
  });
}

/**
 * JSON only. An empty body counts as no body (the kit sends `content-type: application/json`
 * on bodiless POSTs such as refresh and logout). `__proto__` and `constructor.prototype` keys are
 * refused (prototype poisoning). text/plain is removed so only JSON reaches the handlers: any
 * other content type is a 415.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

type CorsOptionsCallback = (error: Error | null, options: Record<string, unknown>) => void;

/**
 * CORS per path: /cdn/ is handled by the static server (`*`); the JWKS is public (`*`); the API
 * answers only allow-listed origins, with credentials (the refresh cookie). An origin outside the
 * list gets no CORS headers at all, so the browser keeps the answer from that page.
 */
export function corsDelegator(opts: ResolvedOptions) {
  const allowed = new Set(opts.corsOrigins);
  const api = {
    origin: (origin: string | undefined, cb: (error: Error | null, allow: boolean) => void) =>
      cb(null, !!origin && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  };
  return (request: FastifyRequest, callback: CorsOptionsCallback) => {
    const path = request.url;
    if (path.startsWith('/cdn/')) return callback(null, { origin: false });
    if (path.endsWith('/.well-known/jwks.json') || path.endsWith('/.well-known/openid-configuration'))
      return callback(null, { origin: '*', methods: ['GET'] });
    return callback(null, api);
  };
}

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // API answers carry tokens and personal data: no cache may keep them. Static files set their
    // own cache policy.
    const route = request.routeOptions.url ?? '';
    const isStatic = route === '/*' || route.startsWith('/cdn/');
    if (!isStatic && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
