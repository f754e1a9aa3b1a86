/**
 * The /account/* pages: the links in emails (activation, password reset, invitations) open the demo
 * login page. The account-flow API routes themselves are public areas (core/domain/account-flow-ports.ts,
 * registered by server/app-routes.ts) and dev-outbox.ts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contractError } from '../../core/contract/errors';
import { requestOrigin } from '../http/origin';

/** Registers the /account/* pages on the root `app` when the server serves the demo pages. */
export async function accountPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.options.staticRoot) await accountPages(app, ctx.options.staticRoot);
}

/**
 * The kit's account routes (/account/activate, /account/reset-password, ...) answer with the demo
 * login page, so links in emails open a page with the login box, which picks its screen from the
 * path. A real host application serves these paths itself.
 */
async function accountPages(app: FastifyInstance, root: string): Promise<void> {
  const page = resolve(root, 'demo-pages', 'login.html');
  app.get('/account/*', async (request, reply) => {
    const origin = requestOrigin(request);
    if (!origin) throw contractError('INVALID_HOST_HEADER');
    const html = (await readFile(page, 'utf8')).replace(/%BASE_URL%/g, origin);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
