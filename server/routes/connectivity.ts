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
 * Request schemas: core/contract/requests-connectivity.ts. The rules: core/domain/connectivity.ts,
 * over the server's ports (server/domain/connectivity.ts); demo mode runs the same rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_RETRY_SUCCESS } from '../../core/api/connectivity';
import * as connectivity from '../../core/domain/connectivity';
import type { SlackEvent } from '../../core/api/connectivity';
import type { AppContext } from '../context';
import { connectivityPorts } from '../domain/connectivity';
import { strictObject } from '../http/schemas';
import { accountOf } from '../http/route-table';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const EVENTS = '/event/resources/configurations/v1';
const WEBHOOK = '/webhook';
const V1 = '/integrations/resources/configurations/v1';
const V2 = '/integrations/resources/configurations/v2';

const uuidParam = (name: string) => strictObject({ [name]: { type: 'string', pattern: UUID } }, [name]);
const eventKey = { type: 'string', minLength: 1, maxLength: 100 } as const;

type IdParams = { Params: { id: string } };
type SlackBody = { id?: string; isActive: boolean; slackEvents: SlackEvent[] };

export async function connectivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = connectivityPorts(ctx);

  // ------------------------------------------------------------------------------------ events
  app.get(`${EVENTS}/categories`, async () => connectivity.eventCategories(ports));
  app.get<{ Querystring: { channels?: string } }>(EVENTS, async (request) =>
    connectivity.channelMaps(ports, request.query.channels),
  );

  // ---------------------------------------------------------------------------------- webhooks
  app.get(WEBHOOK, async (request) => connectivity.listWebhooks(ports, accountOf(request)));
  app.post<{ Body: connectivity.WebhookBody }>(`${WEBHOOK}/custom`, async (request, reply) =>
    reply.code(201).send(await connectivity.createWebhook(ports, accountOf(request), request.body)),
  );
  app.patch<IdParams & { Body: connectivity.WebhookBody }>(
    `${WEBHOOK}/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => connectivity.updateWebhook(ports, accountOf(request), request.params.id, request.body),
  );
  app.delete<IdParams>(`${WEBHOOK}/:id`, { schema: { params: uuidParam('id') } }, async (request) =>
    connectivity.deleteWebhook(ports, accountOf(request), request.params.id),
  );
  // The SDK asks for `/webhook/logs/?id=...`: both spellings answer.
  for (const url of [`${WEBHOOK}/logs`, `${WEBHOOK}/logs/`])
    app.get<{ Querystring: { id: string; offset?: string; limit?: string } }>(url, async (request) =>
      connectivity.webhookLogs(ports, accountOf(request), request.query),
    );
  app.post<{ Body: { url: string; secret: string | null; payload?: object } }>(
    `${WEBHOOK}/test`,
    async (request) => connectivity.testWebhook(ports, accountOf(request), request.body),
  );
  app.post<IdParams>(
    `${WEBHOOK}/logs/:id/retries`,
    { schema: { params: uuidParam('id') } },
    async (request, reply) =>
      reply
        .code(WEBHOOK_RETRY_SUCCESS)
        .send(await connectivity.retryWebhookLog(ports, accountOf(request), request.params.id)),
  );

  // ------------------------------------------------------------------------------ email and SMS
  for (const [channel, base] of [
    ['email', `${V1}/emails`],
    ['sms', `${V2}/sms`],
  ] as const) {
    const keyParam = strictObject({ eventKey }, ['eventKey']);
    const subscriptionParams = strictObject({ eventKey, id: { type: 'string', pattern: UUID } }, [
      'eventKey',
      'id',
    ]);
    type KeyParams = { Params: { eventKey: string } };
    type SubscriptionRequest = FastifyRequest<{ Params: { eventKey: string; id: string } }>;
    const at = (request: SubscriptionRequest) =>
      [ports, accountOf(request), channel, request.params.eventKey, request.params.id] as const;

    app.get(base, async (request) => connectivity.listNotifications(ports, accountOf(request), channel));
    app.post<KeyParams & { Body: { enabled?: boolean; subscriptions?: connectivity.SubscriptionFields[] } }>(
      `${base}/:eventKey`,
      { schema: { params: keyParam } },
      async (request, reply) => {
        const { eventKey: key } = request.params;
        await connectivity.createNotification(ports, accountOf(request), channel, key, request.body);
        return reply.code(201).send({});
      },
    );
    app.patch<KeyParams & { Body: { enabled: boolean } }>(
      `${base}/:eventKey`,
      { schema: { params: keyParam } },
      async (request) =>
        connectivity.setNotificationEnabled(
          ports,
          accountOf(request),
          channel,
          request.params.eventKey,
          request.body.enabled,
        ),
    );
    app.put<{ Params: { eventKey: string; id: string }; Body: connectivity.SubscriptionFields }>(
      `${base}/:eventKey/subscriptions/:id`,
      { schema: { params: subscriptionParams } },
      async (request) => connectivity.updateNotificationSubscription(...at(request), request.body),
    );
    app.delete<{ Params: { eventKey: string; id: string } }>(
      `${base}/:eventKey/subscriptions/:id`,
      { schema: { params: subscriptionParams } },
      async (request) => connectivity.deleteNotificationSubscription(...at(request)),
    );
    app.delete<KeyParams>(`${base}/:eventKey`, { schema: { params: keyParam } }, async (request) =>
      connectivity.deleteNotification(ports, accountOf(request), channel, request.params.eventKey),
    );
  }

  // ------------------------------------------------------------------------------------ Slack
  const SLACK = `${V1}/slack`;
  app.get(SLACK, async (request) => connectivity.slackConfiguration(ports, accountOf(request)));
  app.get(`${SLACK}/applications`, async () => connectivity.SLACK_APPLICATION);
  app.get(`${SLACK}/channels`, async (request) => connectivity.listSlackChannels(ports, accountOf(request)));
  app.post<{ Body: { name: string; url: string } }>(`${SLACK}/channels`, async (request, reply) =>
    reply.code(201).send(await connectivity.addSlackChannel(ports, accountOf(request), request.body)),
  );
  app.delete<IdParams>(`${SLACK}/channels/:id`, { schema: { params: uuidParam('id') } }, async (request) =>
    connectivity.deleteSlackChannel(ports, accountOf(request), request.params.id),
  );
  app.post<{ Body: SlackBody }>(`${SLACK}/subscriptions`, async (request, reply) =>
    reply
      .code(201)
      .send(await connectivity.saveSlackSubscription(ports, accountOf(request), null, request.body)),
  );
  app.patch<IdParams & { Body: SlackBody }>(
    `${SLACK}/subscription/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) =>
      connectivity.saveSlackSubscription(ports, accountOf(request), request.params.id, request.body),
  );
  app.delete<IdParams>(
    `${SLACK}/subscriptions/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => connectivity.deleteSlackSubscription(ports, accountOf(request), request.params.id),
  );
}
