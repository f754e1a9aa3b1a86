/**
 * Connectivity (issue 16; spec 001 §3 "Connectivity", §4, §5, §7, §9), on the client SDK's paths:
 * - GET /event/resources/configurations/v1/categories and GET /event/resources/configurations/v1
 *   (?channels=...): the events catalogue (core/api/connectivity.ts EVENT_CATALOGUE).
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
 * Request schemas, and the event-key, recipient and blank-name rules: core/contract/requests-connectivity.ts
 * (the demo backend's too).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANNELS, WEBHOOK_LOGS_PAGE_SIZE, WEBHOOK_RETRY_SUCCESS } from '../../core/api/connectivity';
import type { AppContext } from '../context';
import {
  addSlackChannel,
  channelMaps,
  createNotificationConfig,
  createWebhook,
  deleteNotificationConfig,
  deleteNotificationSubscription,
  deleteSlackChannel,
  deleteSlackSubscription,
  deleteWebhook,
  eventCategories,
  listNotificationConfigs,
  listSlackChannels,
  listWebhooks,
  retryWebhookLog,
  saveSlackSubscription,
  setNotificationEnabled,
  signWebhook,
  SIGNATURE_HEADER,
  slackConfiguration,
  TIMESTAMP_HEADER,
  unknownSlackChannels,
  updateNotificationSubscription,
  updateWebhook,
  vendorOf,
  webhookLogs,
  type SubscriptionInput,
  type WebhookInput,
} from '../domain/connectivity';
import { assertPublicUrl, postJson } from '../delivery/outbound-http';
import { contractError } from '../../core/contract/errors';
import { strictObject } from '../http/schemas';
import { accountOf } from '../http/route-table';
import {
  blankNameError,
  notificationRecipients,
  unknownEventError,
} from '../../core/contract/requests-connectivity';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const EVENTS = '/event/resources/configurations/v1';
const WEBHOOK = '/webhook';
const V1 = '/integrations/resources/configurations/v1';
const V2 = '/integrations/resources/configurations/v2';

const uuidParam = (name: string) => strictObject({ [name]: { type: 'string', pattern: UUID } }, [name]);
const eventKey = { type: 'string', minLength: 1, maxLength: 100 } as const;

function assertEventKeys(keys: string[]): void {
  const unknown = unknownEventError(keys);
  if (unknown) throw unknown;
}
function assertNamed(name: string, label: string): void {
  const blank = blankNameError(name, label);
  if (blank) throw blank;
}

export async function connectivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const allowPrivate = ctx.connectivity.allowPrivateAddresses;

  /** The URL, or 400 with why it may not be used. */
  const publicUrl = async (raw: string) => (await assertPublicUrl(raw, allowPrivate)).toString();

  // ------------------------------------------------------------------------------------ events
  app.get(`${EVENTS}/categories`, async () => {
    return eventCategories(await vendorOf(ctx.db));
  });
  app.get<{ Querystring: { channels?: string } }>(EVENTS, async (request) => {
    const asked = (request.query.channels ?? '').split(',').filter(Boolean);
    const unknown = asked.find((c) => !(CHANNELS as readonly string[]).includes(c));
    if (unknown) throw contractError('CHANNEL_UNKNOWN', { value: unknown.slice(0, 20) });
    // Every event can go to every channel.
    return channelMaps(await vendorOf(ctx.db));
  });

  // ---------------------------------------------------------------------------------- webhooks
  app.get(WEBHOOK, async (request) => listWebhooks(ctx.db, accountOf(request)));

  const webhookInput = async (
    body: WebhookInput & { description?: string | null },
  ): Promise<WebhookInput> => {
    assertNamed(body.displayName, 'Display name');
    assertEventKeys(body.eventKeys);
    return {
      displayName: body.displayName.trim(),
      description: body.description ?? '',
      url: await publicUrl(body.url),
      secret: body.secret ?? null,
      eventKeys: body.eventKeys,
      isActive: body.isActive,
    };
  };
  app.post<{ Body: WebhookInput }>(`${WEBHOOK}/custom`, async (request, reply) => {
    const tenantId = accountOf(request);
    const created = await createWebhook(ctx.db, ctx.secretBox, tenantId, await webhookInput(request.body));
    return reply.code(201).send(created);
  });
  app.patch<{ Params: { id: string }; Body: WebhookInput }>(
    `${WEBHOOK}/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      const updated = await updateWebhook(
        ctx.db,
        ctx.secretBox,
        tenantId,
        request.params.id,
        await webhookInput(request.body),
      );
      if (!updated) throw contractError('WEBHOOK_NOT_FOUND');
      return updated;
    },
  );
  app.delete<{ Params: { id: string } }>(
    `${WEBHOOK}/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      if (!(await deleteWebhook(ctx.db, tenantId, request.params.id)))
        throw contractError('WEBHOOK_NOT_FOUND');
      return {};
    },
  );

  // The SDK asks for `/webhook/logs/?id=...`: both spellings answer.
  for (const url of [`${WEBHOOK}/logs`, `${WEBHOOK}/logs/`]) {
    app.get<{ Querystring: { id: string; offset?: string; limit?: string } }>(url, async (request) => {
      const tenantId = accountOf(request);
      const { id, offset = '0', limit = String(WEBHOOK_LOGS_PAGE_SIZE) } = request.query;
      const owned = await ctx.db.query('SELECT 1 FROM webhooks WHERE id = $1 AND tenant_id = $2', [
        id,
        tenantId,
      ]);
      if (owned.rows.length === 0) throw contractError('WEBHOOK_NOT_FOUND');
      return webhookLogs(ctx.db, tenantId, id, Number(offset), Number(limit));
    });
  }

  app.post<{ Body: { url: string; secret: string | null; payload?: object } }>(
    `${WEBHOOK}/test`,
    async (request) => {
      const tenantId = accountOf(request);
      const url = await publicUrl(request.body.url);
      const body = JSON.stringify({
        eventKey: 'test',
        tenantId,
        createdAt: new Date().toISOString(),
        data: request.body.payload ?? { message: 'A test of your webhook' },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const secret = request.body.secret?.trim();
      const result = await postJson(
        url,
        body,
        {
          'x-webhook-event': 'test',
          [TIMESTAMP_HEADER]: String(timestamp),
          ...(secret ? { [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) } : {}),
        },
        { timeoutMs: ctx.connectivity.timeoutMs, allowPrivate },
      );
      // The receiver's answer; spec 001 §4: the page counts 200 and 201 as success.
      return { statusCode: result.status, body: result.body };
    },
  );

  app.post<{ Params: { id: string } }>(
    `${WEBHOOK}/logs/:id/retries`,
    { schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const tenantId = accountOf(request);
      if (!(await retryWebhookLog(ctx.db, tenantId, request.params.id)))
        throw contractError('WEBHOOK_LOG_NOT_FOUND');
      // Spec 001 §4 "Webhook retry succeeds only on status 202": queued, delivered by the worker.
      return reply.code(WEBHOOK_RETRY_SUCCESS).send({ statusCode: WEBHOOK_RETRY_SUCCESS, body: 'Queued' });
    },
  );

  // ------------------------------------------------------------------------------ email and SMS
  for (const [channel, base] of [
    ['email', `${V1}/emails`],
    ['sms', `${V2}/sms`],
  ] as const) {
    /** The recipients without blanks, each checked; 400 when none is left. */
    const recipients = (given: string[]) => {
      const checked = notificationRecipients(channel, given);
      if ('error' in checked) throw checked.error;
      return checked.recipients;
    };
    const keyParam = strictObject({ eventKey }, ['eventKey']);
    const keyOf = (request: FastifyRequest<{ Params: { eventKey: string } }>) => {
      assertEventKeys([request.params.eventKey]);
      return request.params.eventKey;
    };

    app.get(base, async (request) => listNotificationConfigs(ctx.db, accountOf(request), channel));
    app.post<{
      Params: { eventKey: string };
      Body: { enabled?: boolean; subscriptions?: SubscriptionInput[] };
    }>(`${base}/:eventKey`, { schema: { params: keyParam } }, async (request, reply) => {
      const tenantId = accountOf(request);
      const key = keyOf(request);
      // Spec 001 §5: created only with at least one non-empty recipient.
      const subscriptions = (request.body.subscriptions ?? []).map((s) => ({
        name: s.name ?? '',
        enabled: s.enabled,
        recipients: recipients(s.recipients),
      }));
      if (subscriptions.length === 0) throw contractError('RECIPIENT_REQUIRED');
      await createNotificationConfig(
        ctx.db,
        tenantId,
        channel,
        key,
        request.body.enabled ?? true,
        subscriptions,
      );
      return reply.code(201).send({});
    });
    app.patch<{ Params: { eventKey: string }; Body: { enabled: boolean } }>(
      `${base}/:eventKey`,
      { schema: { params: keyParam } },
      async (request) => {
        const tenantId = accountOf(request);
        if (!(await setNotificationEnabled(ctx.db, tenantId, channel, keyOf(request), request.body.enabled)))
          throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
        return {};
      },
    );
    app.put<{ Params: { eventKey: string; id: string }; Body: SubscriptionInput }>(
      `${base}/:eventKey/subscriptions/:id`,
      {
        schema: {
          params: strictObject({ eventKey, id: { type: 'string', pattern: UUID } }, ['eventKey', 'id']),
        },
      },
      async (request) => {
        const tenantId = accountOf(request);
        const key = keyOf(request);
        const input = { ...request.body, recipients: recipients(request.body.recipients) };
        if (!(await updateNotificationSubscription(ctx.db, tenantId, channel, key, request.params.id, input)))
          throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
        return {};
      },
    );
    app.delete<{ Params: { eventKey: string; id: string } }>(
      `${base}/:eventKey/subscriptions/:id`,
      {
        schema: {
          params: strictObject({ eventKey, id: { type: 'string', pattern: UUID } }, ['eventKey', 'id']),
        },
      },
      async (request) => {
        const tenantId = accountOf(request);
        if (
          !(await deleteNotificationSubscription(
            ctx.db,
            tenantId,
            channel,
            keyOf(request),
            request.params.id,
          ))
        )
          throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
        return {};
      },
    );
    app.delete<{ Params: { eventKey: string } }>(
      `${base}/:eventKey`,
      { schema: { params: keyParam } },
      async (request) => {
        const tenantId = accountOf(request);
        if (!(await deleteNotificationConfig(ctx.db, tenantId, channel, keyOf(request))))
          throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
        return {};
      },
    );
  }

  // ------------------------------------------------------------------------------------ Slack
  const SLACK = `${V1}/slack`;
  app.get(SLACK, async (request) => slackConfiguration(ctx.db, accountOf(request)));
  app.get(`${SLACK}/applications`, async () => {
    // No Slack app to install: channels are incoming webhooks (POST /slack/channels).
    return { clientId: null, mode: 'incoming-webhook' };
  });
  app.get(`${SLACK}/channels`, async (request) => listSlackChannels(ctx.db, accountOf(request)));
  app.post<{ Body: { name: string; url: string } }>(`${SLACK}/channels`, async (request, reply) => {
    const tenantId = accountOf(request);
    assertNamed(request.body.name, 'Name');
    const url = await publicUrl(request.body.url);
    const channel = await addSlackChannel(ctx.db, ctx.secretBox, tenantId, request.body.name.trim(), url);
    return reply.code(201).send(channel);
  });
  app.delete<{ Params: { id: string } }>(
    `${SLACK}/channels/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      if (!(await deleteSlackChannel(ctx.db, tenantId, request.params.id)))
        throw contractError('SLACK_CHANNEL_NOT_FOUND');
      return {};
    },
  );

  type SlackBody = {
    id?: string;
    isActive: boolean;
    slackEvents: Array<{ eventKey: string; channelIds: string[]; title?: string; message?: string }>;
  };
  const slackEvents = async (tenantId: string, body: SlackBody) => {
    assertEventKeys(body.slackEvents.map((e) => e.eventKey));
    const events = body.slackEvents
      .map(({ eventKey: key, channelIds, title, message }) => ({
        eventKey: key,
        channelIds: [...new Set(channelIds)],
        ...(title ? { title } : {}),
        ...(message ? { message } : {}),
      }))
      .filter((e) => e.channelIds.length > 0);
    // Spec 001 §5: saved only with channels.
    if (events.length === 0) throw contractError('SLACK_CHANNELS_REQUIRED');
    const unknown = await unknownSlackChannels(ctx.db, tenantId, events);
    if (unknown.length) throw contractError('SLACK_CHANNEL_UNKNOWN', { value: unknown[0]! });
    return events;
  };
  app.post<{ Body: SlackBody }>(`${SLACK}/subscriptions`, async (request, reply) => {
    const tenantId = accountOf(request);
    const events = await slackEvents(tenantId, request.body);
    return reply
      .code(201)
      .send(await saveSlackSubscription(ctx.db, tenantId, null, request.body.isActive, events));
  });
  app.patch<{ Params: { id: string }; Body: SlackBody }>(
    `${SLACK}/subscription/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      const events = await slackEvents(tenantId, request.body);
      const saved = await saveSlackSubscription(
        ctx.db,
        tenantId,
        request.params.id,
        request.body.isActive,
        events,
      );
      if (!saved) throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
      return saved;
    },
  );
  app.delete<{ Params: { id: string } }>(
    `${SLACK}/subscriptions/:id`,
    { schema: { params: uuidParam('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      if (!(await deleteSlackSubscription(ctx.db, tenantId, request.params.id)))
        throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
      return {};
    },
  );
}
