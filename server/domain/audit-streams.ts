/**
 * The server's ports for audit streams (core/domain/audit-streams.ts): the PostgreSQL repository,
 * the server's SecretBox for the token and the signing secret, and the outbound-address check
 * webhooks apply (delivery/outbound-http.ts: resolved, private ranges refused unless the server
 * allows them, which also allows plain http to this machine: tests and development).
 */
import { randomBytes } from 'node:crypto';
import type { AuditStreamPorts } from '../../core/domain/audit-streams';
import type { AppContext } from '../context';
import { assertPublicUrl } from '../delivery/outbound-http';
import { auditStreamRepository } from '../storage/audit-streams';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function auditStreamPorts(
  ctx: Pick<AppContext, 'db' | 'secretBox' | 'connectivity'>,
): AuditStreamPorts {
  const now = ctx.connectivity.now ?? Date.now;
  const sql = auditStreamRepository(ctx.db, ctx.secretBox, now);
  // An id that is not a uuid names no stream (404, as in demo mode), rather than a database error.
  const known = (id: string) => UUID.test(id);
  return {
    streams: {
      ...sql,
      setState: async (tenantId, id, state) => (known(id) ? sql.setState(tenantId, id, state) : null),
      remove: async (tenantId, id) => (known(id) ? sql.remove(tenantId, id) : false),
    },
    allowLoopbackHttp: ctx.connectivity.allowPrivateAddresses,
    checkAddress: async (url) => {
      await assertPublicUrl(url.toString(), ctx.connectivity.allowPrivateAddresses);
    },
    newSigningSecret: () => `whsec_${randomBytes(32).toString('base64url')}`,
    now,
  };
}
