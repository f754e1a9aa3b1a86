/**
 * The server's ports for audit streams (core/domain/audit-streams.ts): the domain's repository over
 * the server's store (server/storage/audit-streams.ts), the server's SecretBox sealing the token and
 * the signing secret, and the outbound-address check
 * webhooks apply (delivery/outbound-http.ts: resolved, private ranges refused unless the server
 * allows them, which also allows plain http to this machine: tests and development).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { auditStreamRepository, type AuditStreamPorts } from '../../core/domain/audit-streams';
import type { AppContext } from '../context';
import { assertPublicUrl } from '../delivery/outbound-http';
import { auditStreamStore } from '../storage/audit-streams';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function auditStreamPorts(
  ctx: Pick<AppContext, 'db' | 'secretBox' | 'connectivity'>,
): AuditStreamPorts {
  const now = ctx.connectivity.now ?? Date.now;
  const box = ctx.secretBox;
  const sql = auditStreamRepository(
    auditStreamStore(ctx.db, now),
    (plain, to) => box.seal(plain, to),
    randomUUID,
    now,
  );
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
