/**
 * Connectivity (issue 16; spec 001 §3 "Connectivity", §4, §5, §7, §9), on the client SDK's paths:
 * - GET /event/resources/configurations/v1/categories and GET /event/resources/configurations/v1
 *   (?channels=...): the events catalogue (core/contract/connectivity.ts EVENT_CATALOGUE).
 * - /webhook: GET (list), POST /custom (create), PATCH /{id}, DELETE /{id}, GET /logs/?id&offset&limit
 *   (10 by default), POST /test (the receiver's status and answer), POST /logs/{id}/retries (202:
 *   queued for the worker).
 * - /integrations/resources/configurations/v1/emails and v2/sms: per event key, POST (config and
 *   subscriptions), PATCH (enabled), PUT and DELETE /subscriptions/{id}, DELETE.
 * - /integrations/resources/configurations/v1/slack: GET (subscriptions), GET /channels, POST
 *   /subscriptions, PATCH /subscription/{id} (singular, as the SDK writes it), DELETE
 *   /subscriptions/{id}; channels are Slack incoming webhooks added with POST /slack/channels
 *   { name, url } and removed with DELETE /slack/channels/{id} (not in the SDK: the server posts to
 *   incoming webhooks, it does not install a Slack app; GET /slack/applications says so).
 * Reading needs fe.connectivity.read.webhooks, changing fe.connectivity.write.webhooks (the
 * catalogue's only connectivity permissions: they cover email, SMS and Slack too).
 * Request schemas: core/contract/requests-connectivity.ts. The handlers are
 * core/domain/connectivity-handlers.ts and the rules core/domain/connectivity.ts (demo mode runs
 * both), over the server's ports (server/domain/connectivity.ts). An id that is not a uuid is
 * answered 400 by the error handler (the database cannot read it).
 */
import type { FastifyInstance } from 'fastify';
import { CONNECTIVITY_HANDLERS } from '../../core/domain/connectivity-handlers';
import type { AppContext } from '../context';
import { connectivityPorts } from '../domain/connectivity';
import { registerHandlers } from '../http/handlers';

export async function connectivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = connectivityPorts(ctx);
  registerHandlers(app, CONNECTIVITY_HANDLERS, () => ports);
}
