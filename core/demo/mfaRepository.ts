/**
 * Demo mode's MFA store: the repositories of core/domain/mfa-store.ts (the server's own) over the
 * page's stored tables, the wrong answers in the demo's attempt counters, and the gate's read of
 * the policy rows (the server's one SQL statement, server/storage/mfa.ts). Keys are the values
 * themselves (sample data in the visitor's browser). server/storage/mfa.test.ts holds this store
 * and the server's to the same cases.
 */
import { mfaFailureCounter } from '../domain/attempts';
import { DEFAULT_MFA_POLICY, enforceMfaTypeOf } from '../domain/mfa-gate';
import type { MfaPorts, StoredMfaPolicies } from '../domain/mfa-ports';
import { MFA_DEVICES, mfaRepositories } from '../domain/mfa-store';
import { MFA_POLICIES } from '../domain/security-policy-tables';
import { storedRows, type DemoDatabase } from './data';
import { demoAttemptCounters } from './passwordlessPorts';
import type { DemoClock } from './rows';
import { memoryTables } from './tables';

/**
 * The policy rows of demo mode, as the server's gate reads them: the MFA policy the account saved on
 * its security page (its row of `tenant_mfa_policies`, core/domain/security-policy-tables.ts), with the remember-device
 * settings the server's columns default to (the page saves none); the demo's "enforce MFA" switch is
 * the vendor's.
 */
function demoMfaPolicies(db: DemoDatabase, tenantId: string | null): StoredMfaPolicies {
  const saved = storedRows(db.tables, MFA_POLICIES).find((row) => row.tenantId === tenantId);
  return {
    account: saved
      ? { ...DEFAULT_MFA_POLICY, enforceMFAType: enforceMfaTypeOf(saved.enforce, saved.exceptSaml) }
      : null,
    vendorEnforceMFAType: db.settings?.mfaEnforced ? 'Force' : null,
  };
}

/** Whether the user has a second factor (a passkey alone is a first factor), read as the server's EXISTS. */
export const hasSecondFactor = (db: DemoDatabase, userId: string): boolean =>
  storedRows(db.tables, MFA_DEVICES).some((d) => d.userId === userId && !d.passkey);

export function demoMfaRepository(db: DemoDatabase, tools: DemoClock): MfaPorts {
  const repositories = mfaRepositories(memoryTables((db.tables ??= {})), {
    now: tools.now,
    newId: tools.random,
  });
  return {
    keyOf: (_purpose, token) => token,
    ...repositories,
    // Wrong answers: the shared rule's key among the demo's attempt counters, as the server keeps them.
    failures: mfaFailureCounter(demoAttemptCounters(db, tools.now)),
    gate: {
      gateFacts: async (userId, tenantId) => ({
        ...demoMfaPolicies(db, tenantId),
        secondFactors: userId ? (await repositories.devices.list(userId)).filter((d) => !d.passkey) : [],
      }),
    },
  };
}
