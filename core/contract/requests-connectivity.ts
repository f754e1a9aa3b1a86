/**
 * Connectivity's request schemas (server/routes/connectivity.ts; the demo: core/demo/connectivity.ts),
 * by `METHOD path` as in core/contract/requests.ts: the events catalogue's channel maps, webhooks
 * (save, logs, test), email and SMS notifications, Slack channels and subscriptions. And the checks
 * a schema cannot make, one rule for both backends: event keys from the catalogue, recipients of an
 * email or SMS subscription, a name that is not blank.
 */
import { EVENT_KEYS } from './connectivity';
import { contractError, type ContractError } from './errors';
import * as s from './schemas';

const eventKey = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const httpUrl = { type: 'string', minLength: 1, maxLength: 2000 } as const;
export const secret = { type: ['string', 'null'], maxLength: 200 } as const;

export const webhook = {
  body: s.strictObject(
    {
      _id: { type: 'string', maxLength: 100 },
      displayName: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: ['string', 'null'], maxLength: 1000 },
      url: httpUrl,
      secret,
      eventKeys: { type: 'array', items: eventKey, maxItems: 100 },
      isActive: { type: 'boolean' },
      // What the list answered, sent back by a client that saves the object it read: ignored.
      invocations: { type: 'integer' },
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
      payload: { type: 'object' },
    },
    ['displayName', 'url', 'eventKeys', 'isActive'],
  ),
};

export const subscription = s.strictObject(
  {
    id: { type: 'string', maxLength: 100 },
    name: { type: 'string', maxLength: 200 },
    enabled: { type: 'boolean' },
    recipients: { type: 'array', items: { type: 'string', maxLength: 320 }, maxItems: 50 },
  },
  ['enabled', 'recipients'],
);

export const slackSubscription = {
  body: s.strictObject(
    {
      id: { type: 'string', maxLength: 100 },
      isActive: { type: 'boolean' },
      slackEvents: {
        type: 'array',
        maxItems: 100,
        items: s.strictObject(
          {
            eventKey,
            channelIds: { type: 'array', items: s.uuid, maxItems: 50 },
            title: { type: 'string', maxLength: 200 },
            message: { type: 'string', maxLength: 1000 },
            id: { type: 'string', maxLength: 100 },
          },
          ['eventKey', 'channelIds'],
        ),
      },
    },
    ['isActive', 'slackEvents'],
  ),
};

/** The webhook's logs; the client SDK asks for `/webhook/logs/?id=...`: both spellings answer. */
export const webhookLogs = {
  querystring: s.strictObject(
    {
      id: s.uuid,
      offset: { type: 'string', pattern: '^[0-9]{1,7}$' },
      limit: { type: 'string', pattern: '^([1-9][0-9]?|100)$' },
    },
    ['id'],
  ),
};

/** EVENT_UNKNOWN for the first key not in the events catalogue, or null. */
export function unknownEventError(keys: readonly string[]): ContractError | null {
  const unknown = keys.find((key) => !EVENT_KEYS.includes(key));
  return unknown === undefined ? null : contractError('EVENT_UNKNOWN', { value: unknown.slice(0, 100) });
}

/** A name that is only spaces is no name: the error, or null. */
export const blankNameError = (name: string, label: string): ContractError | null =>
  name.trim() ? null : contractError('FIELD_REQUIRED', { field: label });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9][0-9]{6,14}$/;

/**
 * The recipients of an email or SMS subscription without blanks and repeats, each checked: the
 * list, or the error that refuses it (none left, or one that is not an address / phone number).
 */
export function notificationRecipients(
  channel: 'email' | 'sms',
  given: readonly string[],
): { recipients: string[] } | { error: ContractError } {
  const recipients = [...new Set(given.map((r) => r.trim()).filter(Boolean))];
  if (recipients.length === 0) return { error: contractError('RECIPIENT_REQUIRED') };
  for (const r of recipients) {
    if (channel === 'email' && !EMAIL.test(r))
      return { error: contractError('RECIPIENT_EMAIL_INVALID', { value: r.slice(0, 100) }) };
    if (channel === 'sms' && !PHONE.test(r))
      return { error: contractError('RECIPIENT_PHONE_INVALID', { value: r.slice(0, 100) }) };
  }
  return { recipients };
}
