/**
 * `/.well-known/jwks.json`: the public signing keys, so anyone can verify access tokens offline.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Registers the JWKS route on `app` (registered both at the root and under the prefix). */
export async function wellKnownRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    // Public data; a short cache keeps verifiers from asking on every token.
    reply.header('cache-control', 'public, max-age=300');
    return ctx.tokens.jwks();
  });
}
