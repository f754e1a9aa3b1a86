/**
 * Slack channels (incoming webhooks) and subscriptions (spec 001 §5): a subscription keeps the
 * events that name a channel (each channel once), needs at least one, and only the account's own
 * channels. Part of ./connectivity.ts.
 */
import type { SlackChannel, SlackEvent } from '../api/connectivity';
import { contractError } from '../contract/errors';
import { assertEventKeys, assertNamed, targetUrl } from './connectivity-checks';
import type { ConnectivityPorts, StoredSlackSubscription } from './connectivity-ports';

/** GET /slack/applications: no Slack app to install, channels are incoming webhooks. */
export const SLACK_APPLICATION = { clientId: null, mode: 'incoming-webhook' } as const;

export async function slackConfiguration(ports: ConnectivityPorts, tenantId: string) {
  return { id: tenantId, slackSubscriptions: await ports.slack.subscriptions(tenantId) };
}

export const listSlackChannels = (ports: ConnectivityPorts, tenantId: string) =>
  ports.slack.channels(tenantId);

export async function addSlackChannel(
  ports: ConnectivityPorts,
  tenantId: string,
  body: { name: string; url: string },
): Promise<SlackChannel> {
  assertNamed(body.name, 'Name');
  const url = await targetUrl(ports, body.url);
  return ports.slack.addChannel(tenantId, body.name.trim(), url);
}

export async function deleteSlackChannel(ports: ConnectivityPorts, tenantId: string, id: string) {
  if (!(await ports.slack.removeChannel(tenantId, id))) throw contractError('SLACK_CHANNEL_NOT_FOUND');
  return {};
}

/** Spec 001 §5: saved only with channels, and only the account's own. */
async function slackEvents(ports: ConnectivityPorts, tenantId: string, given: SlackEvent[]) {
  assertEventKeys(given.map((e) => e.eventKey));
  const events = given
    .map(({ eventKey, channelIds, title, message }) => ({
      eventKey,
      channelIds: [...new Set(channelIds)],
      ...(title ? { title } : {}),
      ...(message ? { message } : {}),
    }))
    .filter((e) => e.channelIds.length > 0);
  if (events.length === 0) throw contractError('SLACK_CHANNELS_REQUIRED');
  const known = new Set((await ports.slack.channels(tenantId)).map((c) => c.id));
  const unknown = events.flatMap((e) => e.channelIds).find((id) => !known.has(id));
  if (unknown !== undefined) throw contractError('SLACK_CHANNEL_UNKNOWN', { value: unknown });
  return events;
}

/** POST /slack/subscriptions (id null) or PATCH /slack/subscription/{id}. */
export async function saveSlackSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  id: string | null,
  body: { isActive: boolean; slackEvents: SlackEvent[] },
): Promise<StoredSlackSubscription> {
  const events = await slackEvents(ports, tenantId, body.slackEvents);
  const saved = await ports.slack.saveSubscription(tenantId, id, body.isActive, events);
  if (!saved) throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
  return saved;
}

export async function deleteSlackSubscription(ports: ConnectivityPorts, tenantId: string, id: string) {
  if (!(await ports.slack.removeSubscription(tenantId, id)))
    throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
  return {};
}
