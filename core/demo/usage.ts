/**
 * Demo mode's account usage: the rule of core/domain/usage.ts (the server's own) over the page's
 * storage. Sign-ins are the ones the demo's audit log recorded (core/demo/dispatch.ts), so a fresh
 * demo shows those of this browser only.
 */
import { SIGN_IN_ACTION, type UsageRepository } from '../domain/usage';
import { USAGE_HANDLERS } from '../domain/usage-handlers';
import { AUDITS } from '../domain/audit-log';
import { membershipRows, storedRows, type DemoDatabase } from './data';
import { demoHandlers } from './shared';
import { demoTree } from './subAccountsRepository';
import { tokensOf } from './teamRows';

function demoUsageRepository(db: DemoDatabase): UsageRepository {
  const signInsSince = (tenantId: string, since: Date) =>
    storedRows(db.tables, AUDITS).filter(
      (a) =>
        a.tenantId === tenantId && a.action === SIGN_IN_ACTION && Date.parse(a.createdAt) >= since.getTime(),
    );
  return {
    async counts(tenantId, since) {
      const members = new Set(membershipRows(db).flatMap((m) => (m.tenantId === tenantId ? [m.userId] : [])));
      const active = new Set(signInsSince(tenantId, since).map((a) => a.actorUserId));
      const tokens = tokensOf(db, tenantId).filter((t) => t.kind !== 'access');
      return {
        members: members.size,
        activeMembers: [...members].filter((id) => active.has(id)).length,
        accountApiTokens: tokens.filter((t) => t.type === 'tenant').length,
        personalApiTokens: tokens.filter((t) => t.type === 'user').length,
        subAccounts: demoTree(db, tenantId).filter(({ level }) => level > 0).length,
      };
    },
    async signInsByDay(tenantId, since) {
      const byDay = new Map<string, number>();
      for (const a of signInsSince(tenantId, since)) {
        const date = a.createdAt.slice(0, 10);
        byDay.set(date, (byDay.get(date) ?? 0) + 1);
      }
      return [...byDay].map(([date, count]) => ({ date, count }));
    },
  };
}

/** GET usage v1 (core/domain/usage-handlers.ts): the dispatcher has checked fe.usage.read. */
export const demoUsageRoutes = (now: () => number) =>
  demoHandlers(USAGE_HANDLERS, (db) => ({ ...demoUsageRepository(db), now }));
