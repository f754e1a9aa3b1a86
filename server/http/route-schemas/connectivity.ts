// Response schemas of connectivity's calls (issue 16): events, webhooks, email/SMS and Slack; by
// `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, bool, int, obj, str, strOrNull } from './common';

const MAIN = { id: str, createdAt: str, updatedAt: str, vendorId: str };
const EVENT = obj({ ...MAIN, key: str, displayName: str, description: str, category: str, categoryId: str }, [
  'id',
  'key',
  'displayName',
]);
export const CATEGORY = obj({ ...MAIN, name: str, events: arr(EVENT) }, ['id', 'name']);
export const CHANNEL_MAP = obj(
  {
    ...MAIN,
    key: str,
    categoryId: str,
    displayName: str,
    description: str,
    category: obj({ id: str, vendorId: str, name: str, createdAt: str, updatedAt: str }, ['id', 'name']),
  },
  ['id', 'key', 'categoryId', 'category'],
);
export const WEBHOOK = obj(
  {
    _id: str,
    displayName: str,
    description: str,
    url: str,
    secret: {
      ...strOrNull,
      description: 'The signing secret: in the answer of the save that set it, else null',
    },
    eventKeys: arr(str),
    isActive: bool,
    invocations: int,
    createdAt: str,
    updatedAt: str,
  },
  ['_id', 'displayName', 'url', 'secret', 'eventKeys', 'isActive', 'invocations'],
);
export const LOG = obj(
  {
    id: str,
    webhookId: str,
    tenantId: str,
    vendorId: str,
    statusCode: str,
    body: str,
    response: str,
    eventKey: str,
    createdAt: str,
  },
  ['id', 'webhookId', 'statusCode', 'body', 'createdAt'],
);
export const RESULT = obj({ statusCode: int, body: str }, ['statusCode']);
export const EMAIL_SMS = obj(
  {
    eventKey: str,
    enabled: bool,
    subscriptions: arr(
      obj({ id: str, name: str, enabled: bool, recipients: arr(str) }, ['id', 'recipients']),
    ),
  },
  ['eventKey', 'enabled', 'subscriptions'],
);
export const SLACK_SUBSCRIPTION = obj(
  {
    id: str,
    isActive: bool,
    slackEvents: arr(
      obj({ eventKey: str, channelIds: arr(str), title: str, message: str }, ['eventKey', 'channelIds']),
    ),
  },
  ['id', 'isActive', 'slackEvents'],
);
export const SLACK_CHANNEL = obj({ id: str, name: str }, ['id', 'name']);
