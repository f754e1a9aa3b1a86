/**
 * The connectivity routes (core/contract/routes/connectivity.ts), written once for the server and
 * demo mode (core/domain/handlers.ts): the events catalogue, webhooks and their logs, email and SMS
 * settings per event key, Slack channels and subscriptions. Each acts in the caller's active
 * account (another account's id is not found); the rules are core/domain/connectivity.ts, the
 * ports core/domain/connectivity-tables.ts (`connectivityAreaPorts`). On the client SDK's paths
 * (issue 16; spec 001 §3 "Connectivity", §4, §5, §7, §9):
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
 * catalogue's only connectivity permissions: they cover email, SMS and Slack too). Request
 * schemas: core/contract/requests-connectivity.ts. On the server an id that is not a uuid is
 * answered 400 by the error handler (the database cannot read it).
 */
import { WEBHOOK_RETRY_SUCCESS } from '../contract/connectivity';
import * as c from './connectivity';
import type { ConnectivityPorts, NotifyChannel } from './connectivity';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';

type Handler = AreaHandler<ConnectivityPorts>;
type Call = Parameters<Handler>[1];

/** A use case's answer with `status` (200 unless given). */
const on =
  (run: (ports: ConnectivityPorts, call: Call) => Promise<unknown>, status = 200): Handler =>
  async (ports, call) =>
    answer(await run(ports, call), status);

const given = (call: Call) => call.body as never;

/** One channel's routes: its settings per event key and their subscriptions. */
function channelHandlers(channel: NotifyChannel) {
  const at = (p: ConnectivityPorts, { tenantId, params }: Call) =>
    [p, tenantId, channel, params.eventKey!] as const;
  return {
    list: on((p, { tenantId }) => c.listNotifications(p, tenantId, channel)),
    create: on((p, call) => c.createNotification(...at(p, call), given(call)), 201),
    enable: on((p, call) => c.setNotificationEnabled(...at(p, call), call.body.enabled as boolean)),
    remove: on((p, call) => c.deleteNotification(...at(p, call))),
    update: on((p, call) => c.updateNotificationSubscription(...at(p, call), call.params.id!, given(call))),
    unsubscribe: on((p, call) => c.deleteNotificationSubscription(...at(p, call), call.params.id!)),
  };
}

const email = channelHandlers('email');
const sms = channelHandlers('sms');
const logs = on((p, { tenantId, query }) => c.webhookLogs(p, tenantId, query as never));

export const CONNECTIVITY_HANDLERS: AreaHandlers<ConnectivityPorts> = {
  // Events.
  getEventConfigurationsCategories: on((p) => c.eventCategories(p)),
  getEventConfigurations: on((p, { query }) => c.channelMaps(p, query.channels)),
  // Webhooks.
  getWebhook: on((p, { tenantId }) => c.listWebhooks(p, tenantId)),
  postWebhookCustom: on((p, call) => c.createWebhook(p, call.tenantId, given(call)), 201),
  patchWebhookById: on((p, call) => c.updateWebhook(p, call.tenantId, call.params.id!, given(call))),
  deleteWebhookById: on((p, { tenantId, params }) => c.deleteWebhook(p, tenantId, params.id!)),
  // The SDK asks for `/webhook/logs/?id=...`: both spellings answer.
  getWebhookLogs: logs,
  getWebhookLogsSlash: logs,
  postWebhookTest: on((p, call) => c.testWebhook(p, call.tenantId, given(call))),
  postWebhookLogsByIdRetries: on(
    (p, { tenantId, params }) => c.retryWebhookLog(p, tenantId, params.id!),
    WEBHOOK_RETRY_SUCCESS,
  ),
  // Email (v1) and SMS (v2).
  getIntegrationsConfigurationsEmails: email.list,
  postIntegrationsConfigurationsEmailsByEventKey: email.create,
  patchIntegrationsConfigurationsEmailsByEventKey: email.enable,
  deleteIntegrationsConfigurationsEmailsByEventKey: email.remove,
  putIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: email.update,
  deleteIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: email.unsubscribe,
  getIntegrationsConfigurationsSms: sms.list,
  postIntegrationsConfigurationsSmsByEventKey: sms.create,
  patchIntegrationsConfigurationsSmsByEventKey: sms.enable,
  deleteIntegrationsConfigurationsSmsByEventKey: sms.remove,
  putIntegrationsConfigurationsSmsByEventKeySubscriptionsById: sms.update,
  deleteIntegrationsConfigurationsSmsByEventKeySubscriptionsById: sms.unsubscribe,
  // Slack: incoming webhooks, no app (GET /slack/applications says so).
  getIntegrationsConfigurationsSlack: on((p, { tenantId }) => c.slackConfiguration(p, tenantId)),
  getIntegrationsConfigurationsSlackApplications: on(async () => c.SLACK_APPLICATION),
  getIntegrationsConfigurationsSlackChannels: on((p, { tenantId }) => c.listSlackChannels(p, tenantId)),
  postIntegrationsConfigurationsSlackChannels: on(
    (p, call) => c.addSlackChannel(p, call.tenantId, given(call)),
    201,
  ),
  deleteIntegrationsConfigurationsSlackChannelsById: on((p, { tenantId, params }) =>
    c.deleteSlackChannel(p, tenantId, params.id!),
  ),
  postIntegrationsConfigurationsSlackSubscriptions: on(
    (p, call) => c.saveSlackSubscription(p, call.tenantId, null, given(call)),
    201,
  ),
  // The SDK's spellings: PATCH /slack/subscription/{id}, DELETE /slack/subscriptions/{id}.
  patchIntegrationsConfigurationsSlackSubscriptionById: on((p, call) =>
    c.saveSlackSubscription(p, call.tenantId, call.params.id!, given(call)),
  ),
  deleteIntegrationsConfigurationsSlackSubscriptionsById: on((p, { tenantId, params }) =>
    c.deleteSlackSubscription(p, tenantId, params.id!),
  ),
};
