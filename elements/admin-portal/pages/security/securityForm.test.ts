import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SessionPolicy } from '../../../../core/api/securityPolicies';
import { checkNumber, sessionFormOf, sessionPolicyOf, toggledPolicyOf } from './securityForm';

const texts = { between: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.` };
const SAVED: SessionPolicy = {
  sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
  sessionIdleTimeoutConfiguration: { isActive: true, timeout: 3600 },
  sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
};

describe('security page forms', () => {
  it('shows the session policy in minutes and hours, and saves it back in seconds', () => {
    const form = sessionFormOf(SAVED);
    assert.deepEqual(form, {
      idle: { on: true, value: '60' },
      relogin: { on: false, value: '2160' },
      concurrent: { on: false, value: '10' },
    });
    const result = sessionPolicyOf({ ...form, idle: { on: true, value: '15' } }, SAVED, texts);
    assert.ok('policy' in result);
    assert.deepEqual(result.policy.sessionIdleTimeoutConfiguration, { isActive: true, timeout: 900 });
    assert.deepEqual(result.policy.sessionTimeoutConfiguration, { isActive: false, timeout: 7_776_000 });
  });

  it('refuses a number out of range or not whole only while its switch is on', () => {
    const form = sessionFormOf(SAVED);
    for (const value of ['0', '-3', '1.5', 'ten', '', '43201']) {
      const result = sessionPolicyOf({ ...form, idle: { on: true, value } }, SAVED, texts);
      assert.ok('errors' in result, value);
      assert.equal(result.errors.idle, 'Enter a whole number from 1 to 43200.');
    }
    const off = sessionPolicyOf({ ...form, concurrent: { on: false, value: 'x' } }, SAVED, texts);
    assert.ok('policy' in off);
    assert.equal(off.policy.sessionConcurrentConfiguration.maxSessions, 10, 'keeps the saved value');
  });

  it('keeps the policy id so that it is PATCHed (spec 001 §5)', () => {
    const saved = { id: 'p1', enabled: false, maxAttempts: 5 };
    const result = toggledPolicyOf(saved, { on: true, value: '3' }, 'maxAttempts', texts);
    assert.deepEqual(result, { policy: { id: 'p1', enabled: true, maxAttempts: 3 } });
    assert.deepEqual(toggledPolicyOf(saved, { on: true, value: '51' }, 'maxAttempts', texts), {
      error: 'Enter a whole number from 1 to 50.',
    });
    assert.deepEqual(toggledPolicyOf(saved, { on: false, value: 'x' }, 'maxAttempts', texts), {
      policy: { id: 'p1', enabled: false, maxAttempts: 5 },
    });
    assert.deepEqual(checkNumber({ on: true, value: ' 7 ' }, 'historySize', texts), { value: 7 });
  });
});
