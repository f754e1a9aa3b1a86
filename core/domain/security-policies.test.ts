// The lockout rule both backends run (core/domain/security-policies.ts recordFailedSignIn); the
// lock through HTTP on both runs in test/contract/security-policies.contract.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AuditRow } from './audit';
import { recordFailedSignIn, type LockoutPorts, type LockoutSettings } from './security-policies';

/** Ports over one user's count and lock, recording what the rule asked of them. */
function ports(policy: LockoutSettings, count = 0) {
  const calls: string[] = [];
  const records: { tenantId: string | null; row: AuditRow }[] = [];
  let locked = false;
  const p: LockoutPorts<{ id: string }> = {
    async policyOf(user) {
      calls.push(`policy ${user?.id ?? 'none'}`);
      return { tenantId: 't1', policy };
    },
    async countFailure(user) {
      calls.push(`count ${user?.id ?? 'none'}`);
      return user ? (count += 1) : 0;
    },
    async lock() {
      if (locked) return false;
      locked = true;
      return true;
    },
    record: async (_user, tenantId, row) => void records.push({ tenantId, row }),
  };
  return { p, calls, records };
}

describe('the lockout rule', () => {
  it('locks at maxAttempts failures in a row, once, and files the lock in the active account', async () => {
    const { p, records } = ports({ enabled: true, maxAttempts: 3 }, 1);
    assert.equal(await recordFailedSignIn(p, { id: 'u1' }), false);
    assert.equal(await recordFailedSignIn(p, { id: 'u1' }), true);
    assert.equal(await recordFailedSignIn(p, { id: 'u1' }), false);
    assert.equal(records.length, 1);
    assert.equal(records[0]!.tenantId, 't1');
    assert.equal(records[0]!.row.action, 'User locked');
    assert.deepEqual(records[0]!.row.details, { userId: 'u1', maxAttempts: 3 });
  });

  it('counts but never locks while the policy is off', async () => {
    const { p, records } = ports({ enabled: false, maxAttempts: 1 });
    assert.equal(await recordFailedSignIn(p, { id: 'u1' }), false);
    assert.equal(records.length, 0);
  });

  it('runs the same reads and write for an unknown email, and locks no one', async () => {
    const { p, calls, records } = ports({ enabled: true, maxAttempts: 1 });
    assert.equal(await recordFailedSignIn(p, null), false);
    assert.deepEqual(calls, ['policy none', 'count none']);
    assert.equal(records.length, 0);
  });
});
