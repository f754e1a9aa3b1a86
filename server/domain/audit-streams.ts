/**
 * The server's ports for audit streams (core/domain/audit-streams.ts): the domain's repository over
 * the server's store (server/storage/audit-streams.ts), the server's SecretBox sealing the token and
 * the signing secret, and the outbound-address check
 * webhooks apply (delivery/outbound-http.ts: resolved, private ranges refused unless the server
 * allows them, which also allows plain http to this machine: tests and development).
 */
import { randomBytes } from 'node:crypto';
import { auditStreamPorts as assembled, type AuditStreamPorts } from '../../core/domain/audit-streams';
import type { AppContext } from '../context';
import { assertPublicUrl } from '../delivery/outbound-http';
import { auditStreamStore } from '../storage/audit-streams';
import { SERVER_ROW_CLOCK } from '../storage/tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function auditStreamPorts(
  ctx: Pick<AppContext, 'db' | 'secretBox' | 'connectivity'>,
): AuditStreamPorts {
  const now = ctx.connectivity.now ?? Date.now;
  return assembled(
    auditStreamStore(ctx.db, now),
    { now, newId: SERVER_ROW_CLOCK.newId },
    {
      seal: (plain, to) => ctx.secretBox.seal(plain, to),
      // An id that is not a uuid names no stream (404, as in demo mode), rather than a database error.
      isId: (id) => UUID.test(id),
      allowLoopbackHttp: ctx.connectivity.allowPrivateAddresses,
      checkAddress: async (url) => {
        await assertPublicUrl(url.toString(), ctx.connectivity.allowPrivateAddresses);
      },
      newSigningSecret: () => `whsec_${randomBytes(32).toString('base64url')}`,
    },
  );
}
