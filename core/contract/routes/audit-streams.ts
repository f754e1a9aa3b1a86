/**
 * Routes: audit-log streaming (issue 28 item 16), our extension of the contract under the audits
 * area (the client SDK has no such call; docs/contract.md "Audit streams"). One permission for all
 * of them, the audits page's own: a stream sends out the same records the caller may read and
 * export as CSV (only the caller's active account, never its sub-accounts).
 */
import * as s from '../schemas';
import { AUDIT_STREAM_FORMATS, AUDIT_STREAM_LIMITS } from '../auditStreams';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

const READ_AUDITS = perm('fe.secure.read.audits', 'account');
/** The same, on one stream of the account (another account's caller finds none: 404). */
const ON_STREAM = perm('fe.secure.read.audits', 'resource');

export const getAuditStreams: RouteDescriptor = {
  method: 'GET',
  path: '/audits/streams',
  access: READ_AUDITS,
};

export const postAuditStream: RouteDescriptor = {
  method: 'POST',
  path: '/audits/streams',
  access: READ_AUDITS,
  request: {
    body: s.strictObject(
      {
        name: { type: 'string', minLength: 1, maxLength: AUDIT_STREAM_LIMITS.name },
        url: { type: 'string', minLength: 1, maxLength: AUDIT_STREAM_LIMITS.url },
        format: { type: 'string', enum: [...AUDIT_STREAM_FORMATS] },
        token: { type: 'string', maxLength: AUDIT_STREAM_LIMITS.token },
      },
      ['name', 'url', 'format'],
    ),
  },
  audit: audit('audits', 'Audit stream created', 'High'),
};

export const postAuditStreamPause: RouteDescriptor = {
  method: 'POST',
  path: '/audits/streams/:id/pause',
  access: ON_STREAM,
  audit: audit('audits', 'Audit stream paused', 'High'),
};

export const postAuditStreamResume: RouteDescriptor = {
  method: 'POST',
  path: '/audits/streams/:id/resume',
  access: ON_STREAM,
  audit: audit('audits', 'Audit stream resumed', 'Medium'),
};

export const deleteAuditStream: RouteDescriptor = {
  method: 'DELETE',
  path: '/audits/streams/:id',
  access: ON_STREAM,
  audit: audit('audits', 'Audit stream deleted', 'High'),
};

export const getAuditStreamDeliveries: RouteDescriptor = {
  method: 'GET',
  path: '/audits/streams/:id/deliveries',
  access: ON_STREAM,
  request: {
    querystring: s.strictObject({
      offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      count: { type: 'string', pattern: '^[0-9]{1,3}$' },
    }),
  },
};

export const postAuditStreamBackfill: RouteDescriptor = {
  method: 'POST',
  path: '/audits/streams/:id/backfill',
  access: ON_STREAM,
  request: {
    body: s.strictObject({ from: { type: 'string', minLength: 10, maxLength: 40 } }, ['from']),
  },
  audit: audit('audits', 'Audit stream back-filled', 'Medium'),
};
