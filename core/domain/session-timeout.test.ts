// The session policy's timeouts (core/domain/session-timeout.ts), the rule both backends apply at refresh.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionTimeoutOf, sessionUse } from './session-timeout';

test('sessionTimeoutOf: nothing saved or nothing active ends no session', () => {
  assert.equal(sessionTimeoutOf(null, 1e9, 1e9), null);
  assert.equal(
    sessionTimeoutOf({ sessionIdleTimeoutConfiguration: { isActive: false, timeout: 60 } }, 1e9, 1e9),
    null,
  );
});

test('sessionTimeoutOf: beyond (not at) the timeouts; the forced re-login first', () => {
  const both = {
    sessionTimeoutConfiguration: { isActive: true, timeout: 3600 },
    sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 },
  };
  assert.equal(sessionTimeoutOf(both, 3600, 60), null);
  assert.equal(sessionTimeoutOf(both, 3600, 61), 'idle');
  assert.equal(sessionTimeoutOf(both, 3601, 10), 'absolute');
  assert.equal(sessionTimeoutOf(both, 3601, 61), 'absolute');
});

test('sessionUse: a refresh always writes the last use, a call only after 30 s unused; an ended session none', () => {
  const idle = { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 } };
  assert.deepEqual(sessionUse(idle, 100, 10, true), { ends: null, touch: true });
  assert.deepEqual(sessionUse(idle, 100, 30, false), { ends: null, touch: false });
  assert.deepEqual(sessionUse(idle, 100, 31, false), { ends: null, touch: true });
  assert.deepEqual(sessionUse(idle, 100, 61, true), { ends: 'idle' });
});
