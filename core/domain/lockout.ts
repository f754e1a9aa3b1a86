/**
 * The lockout policy's ports (`LockoutPorts` of core/domain/security-policies.ts) over `users` and
 * the audit log, for both backends: a failure is one increment of the user's count, the lock one
 * update of an unlocked row, its record a row of `audits`. What differs by backend is the policy's
 * read and the client's address (demo mode knows none).
 */
import { recordAudit } from './audit-log';
import type { LockoutPorts } from './security-policies';
import { not, stamp, type RowClock, type Tables } from './tables';
import { USERS } from './user-tables';

/** No user has this id: an unknown email's failure runs the same write against no row. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

type LockoutUser = { id: string; email?: string };

interface LockoutBackend<U> {
  /** The user's active account and the lockout policy in force there. */
  policyOf: LockoutPorts<U>['policyOf'];
  /** Who failed, as the lock's record names them. */
  client?: { ip?: string | undefined; userAgent?: string | undefined };
}

/** The lockout rule's ports over `tables` (a request's database, the demo's stored tables). */
export function lockoutPortsOver<U extends LockoutUser>(
  tables: Tables,
  clock: RowClock,
  backend: LockoutBackend<U>,
): LockoutPorts<U> {
  const users = tables.of(USERS);
  return {
    policyOf: backend.policyOf,
    countFailure: async (user) =>
      (await users.increment({ id: user?.id ?? NO_ID }, { failedSignIns: 1 }))[0]?.failedSignIns ?? 0,
    lock: async (user) =>
      (await users.update({ id: user.id, lockedAt: null }, { lockedAt: stamp(clock.now()) })).length > 0,
    record: (user, tenantId, row) =>
      recordAudit(tables, clock, {
        tenantId,
        actorUserId: user.id,
        actorEmail: user.email ?? null,
        ip: backend.client?.ip ?? null,
        userAgent: backend.client?.userAgent ?? null,
        ...row,
      }),
  };
}

/** An administrator's Unlock: the lock and the count go; false when the user was not locked. */
export const unlockUser = async (tables: Tables, userId: string): Promise<boolean> =>
  (await tables.of(USERS).update({ id: userId, lockedAt: not(null) }, { lockedAt: null, failedSignIns: 0 }))
    .length > 0;
