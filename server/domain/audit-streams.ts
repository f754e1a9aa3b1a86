/**
 * The server's audit streams (the platform's `auditStreams`, core/domain/audit-streams.ts): the
 * delivery queue in its connectivity outbox (server/storage/audit-streams.ts), and the
 * outbound-address check webhooks apply (delivery/outbound-http.ts: resolved, private ranges
 * refused unless the server allows them, which also allows plain http to this machine: tests and
 * development). The token and the signing secret are sealed by the platform's SecretBox.
 */
import type { AuditStreamBackend } from '../../core/domain/audit-streams';
import type { AppContext } from '../context';
import { assertPublicUrl } from '../delivery/outbound-http';
import { auditStreamQueue } from '../storage/audit-streams';
import { databaseOf } from '../storage/tables';

/** The server's part of audit streams; its options are read when used. */
export function serverAuditStreams(ctx: Pick<AppContext, 'db' | 'connectivity'>): AuditStreamBackend {
  // The queue's time is the worker's (a test moves it).
  const now = () => (ctx.connectivity.now ?? Date.now)();
  return {
    queue: (tables) => auditStreamQueue(databaseOf(tables) ?? ctx.db, now),
    get allowLoopbackHttp() {
      return ctx.connectivity.allowPrivateAddresses;
    },
    checkAddress: async (url) => {
      await assertPublicUrl(url.toString(), ctx.connectivity.allowPrivateAddresses);
    },
  };
}
