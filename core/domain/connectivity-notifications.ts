/**
 * Email and SMS notifications (spec 001 §5): created only with at least one recipient, each
 * checked for its channel (core/contract/requests-connectivity.ts). Part of ./connectivity.ts.
 */
import { contractError } from '../contract/errors';
import { notificationRecipients } from '../contract/requests-connectivity';
import { assertEventKeys } from './connectivity-checks';
import type { ConnectivityPorts, NotifyChannel, SubscriptionFields } from './connectivity-ports';

/** The recipients without blanks and repeats, each checked for the channel. */
function recipientsOf(channel: NotifyChannel, given: readonly string[]): string[] {
  const checked = notificationRecipients(channel, given);
  if ('error' in checked) throw checked.error;
  return checked.recipients;
}

export const listNotifications = (ports: ConnectivityPorts, tenantId: string, channel: NotifyChannel) =>
  ports.notifications.list(tenantId, channel);

/** POST /{channel}/{eventKey}: spec 001 §5, created only with at least one non-empty recipient. */
export async function createNotification(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  body: { enabled?: boolean; subscriptions?: SubscriptionFields[] },
): Promise<object> {
  assertEventKeys([eventKey]);
  const subscriptions = (body.subscriptions ?? []).map((s) => ({
    name: s.name ?? '',
    enabled: s.enabled,
    recipients: recipientsOf(channel, s.recipients),
  }));
  if (subscriptions.length === 0) throw contractError('RECIPIENT_REQUIRED');
  await ports.notifications.create(tenantId, channel, eventKey, body.enabled ?? true, subscriptions);
  return {};
}

export async function setNotificationEnabled(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  enabled: boolean,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.setEnabled(tenantId, channel, eventKey, enabled)))
    throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
  return {};
}

export async function updateNotificationSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
  body: SubscriptionFields,
): Promise<object> {
  assertEventKeys([eventKey]);
  const fields = {
    ...(typeof body.name === 'string' ? { name: body.name } : {}),
    enabled: body.enabled,
    recipients: recipientsOf(channel, body.recipients),
  };
  if (!(await ports.notifications.updateSubscription(tenantId, channel, eventKey, id, fields)))
    throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
  return {};
}

export async function deleteNotificationSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.removeSubscription(tenantId, channel, eventKey, id)))
    throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
  return {};
}

export async function deleteNotification(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.remove(tenantId, channel, eventKey)))
    throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
  return {};
}
