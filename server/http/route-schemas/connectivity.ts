// Response schemas of connectivity's calls (issue 16): events, webhooks, email/SMS and Slack; by
// `METHOD path` without the API prefix (server/http/openapi.ts).
import { any, arr, bool, EMPTY, int, NO_BODY, obj, str, strOrNull } from './common';
import type { RouteSchemas } from './index';

const EVENTS = '/event/resources/configurations/v1';
const V1 = '/integrations/resources/configurations/v1';
const V2 = '/integrations/resources/configurations/v2';
const MAIN = { id: str, createdAt: str, updatedAt: str, vendorId: str };
const EVENT = obj({ ...MAIN, key: str, displayName: str, description: str, category: str, categoryId: str }, [
  'id',
  'key',
  'displayName',
]);
const CATEGORY = obj({ ...MAIN, name: str, events: arr(EVENT) }, ['id', 'name']);
const CHANNEL_MAP = obj(
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
const WEBHOOK = obj(
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
const LOG = obj(
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
const RESULT = obj({ statusCode: int, body: str }, ['statusCode']);
const EMAIL_SMS = obj(
  {
    eventKey: str,
    enabled: bool,
    subscriptions: arr(
      obj({ id: str, name: str, enabled: bool, recipients: arr(str) }, ['id', 'recipients']),
    ),
  },
  ['eventKey', 'enabled', 'subscriptions'],
);
const SLACK_SUBSCRIPTION = obj(
  {
    id: str,
    isActive: bool,
    slackEvents: arr(
      obj({ eventKey: str, channelIds: arr(str), title: str, message: str }, ['eventKey', 'channelIds']),
    ),
  },
  ['id', 'isActive', 'slackEvents'],
);
const SLACK_CHANNEL = obj({ id: str, name: str }, ['id', 'name']);

const emailSms = (base: string): RouteSchemas => ({
  [`GET ${base}`]: { response: { 200: arr(EMAIL_SMS) } },
  [`POST ${base}/:eventKey`]: { response: { 201: EMPTY } },
  [`PATCH ${base}/:eventKey`]: { response: { 200: EMPTY } },
  [`PUT ${base}/:eventKey/subscriptions/:id`]: { response: { 200: EMPTY } },
  [`DELETE ${base}/:eventKey/subscriptions/:id`]: { response: { 200: EMPTY } },
  [`DELETE ${base}/:eventKey`]: { response: { 200: EMPTY } },
});

export const connectivitySchemas: RouteSchemas = {
  [`GET ${EVENTS}/categories`]: { response: { 200: arr(CATEGORY) } },
  [`GET ${EVENTS}`]: { response: { 200: arr(CHANNEL_MAP) } },
  'GET /webhook': { response: { 200: arr(WEBHOOK) } },
  'POST /webhook/custom': { response: { 201: WEBHOOK } },
  'PATCH /webhook/:id': { response: { 200: WEBHOOK } },
  'DELETE /webhook/:id': { response: { 200: EMPTY } },
  'GET /webhook/logs': { response: { 200: obj({ count: int, rows: arr(LOG) }, ['count', 'rows']) } },
  'GET /webhook/logs/': { response: { 200: obj({ count: int, rows: arr(LOG) }, ['count', 'rows']) } },
  'POST /webhook/test': { response: { 200: RESULT } },
  'POST /webhook/logs/:id/retries': { body: NO_BODY, response: { 202: RESULT } },
  ...emailSms(`${V1}/emails`),
  ...emailSms(`${V2}/sms`),
  [`GET ${V1}/slack`]: {
    response: {
      200: obj({ id: str, slackSubscriptions: arr(SLACK_SUBSCRIPTION) }, ['id', 'slackSubscriptions']),
    },
  },
  [`GET ${V1}/slack/applications`]: { response: { 200: obj({ clientId: any, mode: str }, ['clientId']) } },
  [`GET ${V1}/slack/channels`]: { response: { 200: arr(SLACK_CHANNEL) } },
  [`POST ${V1}/slack/channels`]: { response: { 201: SLACK_CHANNEL } },
  [`DELETE ${V1}/slack/channels/:id`]: { response: { 200: EMPTY } },
  [`POST ${V1}/slack/subscriptions`]: { response: { 201: SLACK_SUBSCRIPTION } },
  [`PATCH ${V1}/slack/subscription/:id`]: { response: { 200: SLACK_SUBSCRIPTION } },
  [`DELETE ${V1}/slack/subscriptions/:id`]: { response: { 200: EMPTY } },
};
