/**
 * GET /{prefix}/dev/outbox?to=<address>: the latest emails and SMS sent to an address, newest
 * first. Registered only with the `devOutbox` option (main.ts's development mode, tests, e2e):
 * it hands out every reset link and sign-in code.
 */
import type { FastifyInstance } from 'fastify';
import type { FlowContext } from '../domain/account-flows';
import { latestOutboxMessages } from '../delivery/outbox';
import * as s from '../http/schemas';

export async function devOutboxRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  app.get<{ Querystring: { to: string } }>(
    '/dev/outbox',
    {
      schema: {
        querystring: s.strictObject({ to: { type: 'string', minLength: 1, maxLength: 254 } }, ['to']),
      },
    },
    async (request) => ({ messages: await latestOutboxMessages(ctx.db, request.query.to) }),
  );
}
