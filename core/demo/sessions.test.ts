// Demo mode's sessions: every sign-in method ends in startSession, which refuses a user the lockout
// policy locked, as the server's AuthService.startSession does (core/domain/security-policies.ts).
import { SECURITY_POLICIES } from '../domain/security-policy-tables';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContractError } from '../contract/errors';
import { demoUserOf, seedDemoDatabase } from './data';
import { createDemoTokens, demoSessionRoutes } from './sessions';

test('demo startSession: a locked user opens no session (403 ACCOUNT_LOCKED), unless impersonated', async () => {
  let n = 0;
  const tokens = createDemoTokens({
    now: () => Date.parse('2026-11-28T10:00:00Z'),
    random: () => `r${(n += 1)}`,
  });
  const db = seedDemoDatabase();
  const user = demoUserOf(db, 'demo-user-1')!;
  assert.ok((await tokens.startSession(db, user)).accessToken, 'not locked: signed in');
  db.session = null;
  user.lockedAt = '2026-11-28T09:00:00.000Z';
  await assert.rejects(
    tokens.startSession(db, user),
    (error) => isContractError(error) && error.codes[0] === 'ACCOUNT_LOCKED' && error.statusCode === 403,
  );
  assert.equal(db.session, null, 'nothing opened');
  assert.ok((await tokens.startSession(db, user, 'an-administrator')).accessToken, 'impersonation opens it');
});

test("demo refresh: the account's saved session policy ends a session idle or old for longer", async () => {
  let clock = Date.parse('2026-11-28T10:00:00Z');
  const now = () => clock;
  const tokens = createDemoTokens({ now, random: () => 'r' });
  const { postAuthUserTokenRefresh: refresh } = demoSessionRoutes(tokens, () => 'r');
  const db = seedDemoDatabase();
  const user = demoUserOf(db, 'demo-user-1')!;
  const settings = { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 } };
  const saved = {
    id: 's',
    kind: 'sessions',
    tenantId: user.tenantId,
    settings,
    createdAt: '',
    updatedAt: '',
  };
  db.tables = { ...db.tables, [SECURITY_POLICIES.name]: [saved] };
  const request = { method: 'POST', path: '', body: {}, token: null, query: {}, params: {} };
  await tokens.startSession(db, user);
  clock += 60_000;
  assert.equal(
    ((await refresh!(db, request)) as { status: number }).status,
    200,
    'idle for the timeout: still on',
  );
  assert.equal(db.session?.lastUsedAt, '2026-11-28T10:01:00.000Z', 'the refresh is its last use');
  clock += 61_000;
  const { accessToken } = await tokens.tokenFor(db, user);
  assert.equal(tokens.userOfToken(db, accessToken), null, "the session's token is refused");
  assert.ok(db.session, 'the session ends at its refresh');
  assert.equal(((await refresh!(db, request)) as { status: number }).status, 401);
  assert.equal(db.session, null, 'the session ended');
  // A session stored before sessions kept their start: nothing to judge it by, it goes on.
  db.session = { id: 'old', userId: user.id, refreshToken: 'r' };
  assert.equal(((await refresh!(db, request)) as { status: number }).status, 200);
});
