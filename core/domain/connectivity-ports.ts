/**
 * The ports of the connectivity rules (./connectivity.ts): the repositories, written once over the
 * storage port (./connectivity-tables.ts) that the server and demo mode each give their store, and
 * what else the rules need of the world around them (the outbox, the vendor, reaching a target).
 */
import type { EmailSmsConfig, SlackChannel, SlackEvent, Webhook, WebhookLog } from '../api/connectivity';

export type NotifyChannel = 'email' | 'sms';

/** A webhook's fields as saved (the secret apart). */
export interface WebhookFields {
  displayName: string;
  description: string;
  url: string;
  eventKeys: string[];
  isActive: boolean;
}
export interface SubscriptionFields {
  /** Absent on an update: the name stays. */
  name?: string;
  enabled: boolean;
  recipients: string[];
}
export interface StoredSlackSubscription {
  id: string;
  isActive: boolean;
  slackEvents: SlackEvent[];
}

export interface WebhookRepository {
  /** The account's webhooks, oldest first, each with `secret: null`. */
  list(tenantId: string): Promise<Webhook[]>;
  /** Stores a new webhook with `secret`; the stored one (`secret: null`). */
  create(tenantId: string, fields: WebhookFields, secret: string): Promise<Webhook>;
  /** Null when the account has no such webhook; a `secret` replaces the stored one. */
  update(tenantId: string, id: string, fields: WebhookFields, secret: string | null): Promise<Webhook | null>;
  /** Removes the webhook and its logs. */
  remove(tenantId: string, id: string): Promise<boolean>;
  /** One page of the webhook's delivery log, newest first (each row naming `vendorId`). */
  logs(
    tenantId: string,
    webhookId: string,
    page: { offset: number; limit: number },
    vendorId: string,
  ): Promise<{ count: number; rows: WebhookLog[] }>;
}

/** The delivery outbox (the server's; demo mode delivers nothing). */
export interface ConnectivityOutbox {
  /** Queues the logged delivery again; false when there is no such log or its webhook is gone. */
  retry(tenantId: string, logId: string): Promise<boolean>;
  /** Drops the pending deliveries to a webhook that is gone. */
  forget(webhookId: string): Promise<void>;
}

export interface NotificationRepository {
  /** The account's settings of the channel, each with its subscriptions (oldest first). */
  list(tenantId: string, channel: NotifyChannel): Promise<EmailSmsConfig[]>;
  /** Creates (or sets `enabled` on) the event's setting and adds the subscriptions. */
  create(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    enabled: boolean,
    subscriptions: Array<Required<SubscriptionFields>>,
  ): Promise<void>;
  setEnabled(tenantId: string, channel: NotifyChannel, eventKey: string, enabled: boolean): Promise<boolean>;
  updateSubscription(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    id: string,
    fields: SubscriptionFields,
  ): Promise<boolean>;
  removeSubscription(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    id: string,
  ): Promise<boolean>;
  remove(tenantId: string, channel: NotifyChannel, eventKey: string): Promise<boolean>;
}

export interface SlackRepository {
  /** The account's channels by name (their URLs are never read back). */
  channels(tenantId: string): Promise<SlackChannel[]>;
  addChannel(tenantId: string, name: string, url: string): Promise<SlackChannel>;
  removeChannel(tenantId: string, id: string): Promise<boolean>;
  subscriptions(tenantId: string): Promise<StoredSlackSubscription[]>;
  /** A new subscription when `id` is null; else null when the account has no such one. */
  saveSubscription(
    tenantId: string,
    id: string | null,
    isActive: boolean,
    events: SlackEvent[],
  ): Promise<StoredSlackSubscription | null>;
  removeSubscription(tenantId: string, id: string): Promise<boolean>;
}

/** What the rules need of the world around them. */
export interface ConnectivityPorts {
  webhooks: WebhookRepository;
  notifications: NotificationRepository;
  slack: SlackRepository;
  outbox: ConnectivityOutbox;
  /** The vendor whose catalogue this is. */
  vendorId(): Promise<string>;
  /**
   * Where a target may point: resolves to the URL to store (after `httpUrl`'s check), or throws the
   * refusal (the server refuses private and unresolvable addresses; demo mode reaches nothing).
   */
  reachable(url: URL): Promise<string>;
  /** Sends a test event to `url` (signed with `secret` when given): the receiver's answer. */
  sendTest(
    tenantId: string,
    target: { url: string; secret: string | null; payload?: object },
  ): Promise<{ statusCode: number; body: string }>;
}

/**
 * What a backend does for webhooks beyond the repositories (the platform's `webhooks`,
 * core/domain/platform.ts): the outbox, reaching and testing a target, and a new webhook's answer.
 */
export interface WebhookBackend extends Pick<ConnectivityPorts, 'outbox' | 'reachable' | 'sendTest'> {
  /** The webhook just made, as answered: the server's as stored; demo mode's with sample deliveries. */
  created(tenantId: string, webhook: Webhook): Promise<Webhook>;
}
