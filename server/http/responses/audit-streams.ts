/** Success answers of the audit-stream routes (core/contract/routes/audit-streams.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/audit-streams';
import { EMPTY, NO_BODY, arr, bool, int, obj, str, strOrNull } from '../route-schemas/common';
import type { ResponseTable } from './index';

const STREAM = obj(
  {
    id: str,
    name: str,
    url: str,
    format: { type: 'string', enum: ['json', 'splunk-hec', 'datadog'] },
    state: { type: 'string', enum: ['active', 'paused'] },
    hasToken: bool,
    failingSince: strOrNull,
    alertedAt: strOrNull,
    lastDeliveredAt: strOrNull,
    createdAt: str,
  },
  [
    'id',
    'name',
    'url',
    'format',
    'state',
    'hasToken',
    'failingSince',
    'alertedAt',
    'lastDeliveredAt',
    'createdAt',
  ],
  'An audit stream (never its token or signing secret)',
);
const CREATED = {
  ...STREAM,
  properties: { ...STREAM.properties, signingSecret: str },
  required: [...STREAM.required, 'signingSecret'],
  description: 'The new stream and its signing secret, answered this once',
};
const ATTEMPT = obj(
  {
    id: str,
    eventId: str,
    attempt: int,
    status: int,
    ok: bool,
    response: str,
    durationMs: int,
    sent: bool,
    body: str,
    createdAt: str,
  },
  ['id', 'eventId', 'attempt', 'status', 'ok', 'response', 'durationMs', 'sent', 'createdAt'],
);

export const AUDIT_STREAMS_RESPONSES: ResponseTable = [
  [routes.getAuditStreams, { 200: obj({ items: arr(STREAM) }, ['items']) }],
  [routes.postAuditStream, { 201: CREATED }],
  [routes.postAuditStreamPause, { 200: STREAM }],
  [routes.postAuditStreamResume, { 200: STREAM }],
  [routes.deleteAuditStream, { 200: EMPTY }],
  [
    routes.getAuditStreamDeliveries,
    {
      200: obj({ items: arr(ATTEMPT), total: int, pending: int, delivered: int, failed: int }, [
        'items',
        'total',
        'pending',
        'delivered',
        'failed',
      ]),
    },
  ],
  [routes.postAuditStreamBackfill, { 200: obj({ queued: int }, ['queued']) }],
];

/** Bodies of calls that read none, documented. */
export const AUDIT_STREAMS_BODIES: ResponseTable = [
  [routes.postAuditStreamPause, NO_BODY],
  [routes.postAuditStreamResume, NO_BODY],
  [routes.deleteAuditStream, NO_BODY],
];
