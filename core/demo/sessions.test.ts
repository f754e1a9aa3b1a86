// Demo mode's sessions: every sign-in method ends in startSession, which refuses a user the lockout
// policy locked, as the server's AuthService.startSession does (core/domain/security-policies.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContractError } from '../contract/errors';
import { seedDemoDatabase } from './data';
import { createDemoTokens } from './sessions';

test('demo startSession: a locked user opens no session (403 ACCOUNT_LOCKED), unless impersonated', () => {
  let n = 0;
  const tokens = createDemoTokens({
    now: () => Date.parse('2026-11-28T10:00:00Z'),
    random: () => `r${(n += 1)}`,
  });
  const db = seedDemoDatabase();
  const user = db.users[0]!;
  assert.ok(tokens.startSession(db, user).accessToken, 'not locked: signed in');
  db.session = null;
  user.lockedAt = '2026-11-28T09:00:00.000Z';
  assert.throws(
    () => tokens.startSession(db, user),
    (error) => isContractError(error) && error.codes[0] === 'ACCOUNT_LOCKED' && error.statusCode === 403,
  );
  assert.equal(db.session, null, 'nothing opened');
  assert.ok(tokens.startSession(db, user, 'an-administrator').accessToken, 'impersonation opens it');
});
