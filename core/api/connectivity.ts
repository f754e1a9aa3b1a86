/**
 * Connectivity (spec 001 §3 "Connectivity", §4 "Webhook retry succeeds only on status 202. Webhook
 * test succeeds on 200 or 201.", §5 save rules, §7 calls, §9 "Webhook logs default offset 0, limit
 * 10"), on the client SDK's paths: /webhook, /event/resources/configurations/v1 and
 * /integrations/resources/configurations/v1 (emails, slack) and v2 (sms).
 *
 * The events catalogue is core/contract/connectivity.ts (its keys re-exported here), so the server (what it
 * emits), the demo backend and the page list the same keys. Built on the portal's client by the
 * lazily loaded connectivity page only.
 */
import { WEBHOOK_LOGS_PAGE_SIZE } from '../contract/connectivity';
import type { HttpClient } from './http';

const WEBHOOKS = '/webhook';
const EVENTS_V1 = '/event/resources/configurations/v1';
const INTEGRATIONS_V1 = '/integrations/resources/configurations/v1';
const INTEGRATIONS_V2 = '/integrations/resources/configurations/v2';

export {
  EVENT_KEYS,
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
  WEBHOOK_TEST_SUCCESS,
} from '../contract/connectivity';

interface MainField {
  id: string;
  createdAt: string;
  updatedAt: string;
  vendorId: string;
}
export interface ConnectivityEvent extends MainField {
  key: string;
  displayName: string;
  description?: string;
  category?: string;
  categoryId?: string;
}
export interface EventCategory extends MainField {
  name: string;
  events?: ConnectivityEvent[];
}

interface WebhookTest {
  url: string;
  secret: string | null;
  payload?: object;
}
export interface WebhookSave extends WebhookTest {
  _id?: string;
  displayName: string;
  description: string;
  eventKeys: string[];
  isActive: boolean;
}
export interface Webhook extends Omit<WebhookSave, '_id'> {
  _id: string;
  invocations: number;
  createdAt: string;
  updatedAt: string;
}
export interface WebhookLog {
  id: string;
  webhookId: string;
  tenantId: string;
  vendorId: string;
  /** The receiver's HTTP status as text ('0' when it could not be reached). */
  statusCode: string;
  /** The JSON body that was sent. */
  body: string;
  /** The start of the receiver's answer, or why it could not be reached. */
  response: string;
  eventKey: string;
  createdAt: string;
}
interface WebhookLogs {
  count: number;
  rows: WebhookLog[];
}
/** The receiver's answer to a test or the state of a retry. */
interface WebhookResult {
  statusCode: number;
  body: string;
}

export interface EmailSmsSubscription {
  id?: string;
  name: string;
  enabled: boolean;
  recipients: string[];
}
export interface EmailSmsConfig {
  eventKey: string;
  enabled: boolean;
  subscriptions: EmailSmsSubscription[];
}

export interface SlackEvent {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}
export interface SlackSubscription {
  id?: string;
  isActive: boolean;
  slackEvents: SlackEvent[];
}
export interface SlackConfiguration {
  id: string;
  slackSubscriptions: SlackSubscription[];
}
export interface SlackChannel {
  id: string;
  name: string;
}

const encode = encodeURIComponent;

export function createConnectivityApi(http: HttpClient) {
  const emailSms = (base: string) => ({
    list: () => http.get<EmailSmsConfig[]>(base),
    create: ({ eventKey, ...data }: EmailSmsConfig) =>
      http.post<unknown>(`${base}/${encode(eventKey)}`, data),
    setEnabled: (eventKey: string, enabled: boolean) =>
      http.patch<unknown>(`${base}/${encode(eventKey)}`, { enabled }),
    putSubscription: (eventKey: string, id: string, data: EmailSmsSubscription) =>
      http.put<unknown>(`${base}/${encode(eventKey)}/subscriptions/${encode(id)}`, data),
    deleteSubscription: (eventKey: string, id: string) =>
      http.delete<unknown>(`${base}/${encode(eventKey)}/subscriptions/${encode(id)}`),
    remove: (eventKey: string) => http.delete<unknown>(`${base}/${encode(eventKey)}`),
  });
  return {
    categories: () => http.get<EventCategory[]>(`${EVENTS_V1}/categories`),
    webhooks: () => http.get<Webhook[]>(WEBHOOKS),
    /** Spec 001 §5 "Webhook save: PATCH if _id exists, else POST to the custom endpoint." */
    saveWebhook: (data: WebhookSave) =>
      data._id
        ? http.patch<Webhook>(`${WEBHOOKS}/${encode(data._id)}`, data)
        : http.post<Webhook>(`${WEBHOOKS}/custom`, data),
    deleteWebhook: (id: string) => http.delete<unknown>(`${WEBHOOKS}/${encode(id)}`),
    logs: (id: string, offset = 0, limit = WEBHOOK_LOGS_PAGE_SIZE) =>
      http.get<WebhookLogs>(
        `${WEBHOOKS}/logs/?${new URLSearchParams({ id, offset: `${offset}`, limit: `${limit}` }).toString()}`,
      ),
    test: (data: WebhookTest) => http.post<WebhookResult>(`${WEBHOOKS}/test`, data),
    retry: (logId: string) => http.post<WebhookResult>(`${WEBHOOKS}/logs/${encode(logId)}/retries`),
    emails: emailSms(`${INTEGRATIONS_V1}/emails`),
    sms: emailSms(`${INTEGRATIONS_V2}/sms`),
    slack: () => http.get<SlackConfiguration>(`${INTEGRATIONS_V1}/slack`),
    slackChannels: () => http.get<SlackChannel[]>(`${INTEGRATIONS_V1}/slack/channels`),
    addSlackChannel: (channel: { name: string; url: string }) =>
      http.post<SlackChannel>(`${INTEGRATIONS_V1}/slack/channels`, channel),
    deleteSlackChannel: (id: string) =>
      http.delete<unknown>(`${INTEGRATIONS_V1}/slack/channels/${encode(id)}`),
    /** Spec 001 §5 "Slack subscription: PATCH if id exists, else POST." */
    saveSlackSubscription: (data: SlackSubscription) =>
      data.id
        ? http.patch<unknown>(`${INTEGRATIONS_V1}/slack/subscription/${encode(data.id)}`, data)
        : http.post<unknown>(`${INTEGRATIONS_V1}/slack/subscriptions`, data),
    deleteSlackSubscription: (id: string) =>
      http.delete<unknown>(`${INTEGRATIONS_V1}/slack/subscriptions/${encode(id)}`),
  };
}
export type ConnectivityApi = ReturnType<typeof createConnectivityApi>;
