/**
 * Registers the account flows (password reset, activation, the development outbox, the /account/*
 * pages). One entry point, so app.ts needs a single line for all of them.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { FlowContext } from '../domain/account-flows';
import { httpError } from '../http/errors';
import { requestOrigin } from '../http/origin';
import { activationRoutes } from './activation';
import { devOutboxRoutes } from './dev-outbox';
import { passwordRoutes } from './passwords';

/** Registers the account-flow routes on the root `app` (API routes under the prefix). */
export async function accountFlowRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const flows: FlowContext = ctx;
  const prefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  await app.register(
    async (api) => {
      await passwordRoutes(api, flows);
      await activationRoutes(api, flows);
      if (ctx.options.devOutbox) await devOutboxRoutes(api, flows);
    },
    { prefix },
  );
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
    if (!origin) throw httpError(400, 'Invalid Host header');
    const html = (await readFile(page, 'utf8')).replace(/%BASE_URL%/g, origin);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
