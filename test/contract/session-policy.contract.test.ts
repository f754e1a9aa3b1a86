// The session policy (the security page's session settings, spec 001 §3) at refresh and on
// authenticated calls: the idle timeout counts from the session's last use (a refresh or a call),
// the forced re-login from its start, and a session either ends is gone. The same requests
// against the demo backend and the server.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeAccessToken } from '../../core/jwt';
import { BACKENDS, newAccountOwner } from './targets';

const API = '/identity/resources';
const SESSIONS = `${API}/configurations/sessions/v1`;
const REFRESH = `${API}/auth/v1/user/token/refresh`;
const ME = `${API}/users/v2/me`;
const EXPIRED = ['Session expired, please sign in again'];

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: the session policy at refresh and on calls`, () => {
    const owner = newAccountOwner(factory, 'session-policy');

    /** Saves the session policy as the owner, in a new session (a password sign-in). */
    async function signInUnder(policy: object): Promise<string> {
      const { email } = decodeAccessToken(owner.token);
      const signedIn = await owner.target.call('POST', `${API}/auth/v1/user`, {
        body: { email, password: 'a-long-password-1' },
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const token = signedIn.body.accessToken;
      assert.equal((await owner.target.call('POST', SESSIONS, { body: policy, token })).status, 201);
      return token;
    }
    const refreshed = async () => (await owner.target.call('POST', REFRESH)).status;

    test('the idle timeout: counted from the last refresh; a session idle for longer ends', async () => {
      await signInUnder({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 } });
      assert.equal(await refreshed(), 200);
      await owner.target.ageSessions(50);
      assert.equal(await refreshed(), 200);
      await owner.target.ageSessions(50);
      assert.equal(await refreshed(), 200, 'idle for 50 s since the last refresh');
      await owner.target.ageSessions(120);
      const ended = await owner.target.call('POST', REFRESH);
      assert.deepEqual([ended.status, ended.body.errors], [401, EXPIRED]);
      assert.equal(await refreshed(), 401, 'the session is gone');
    });

    test('an authenticated call is a use; one in a session the policy ended is refused', async () => {
      const token = await signInUnder({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 } });
      const me = async () => (await owner.target.call('GET', ME, { token })).status;
      await owner.target.ageSessions(50);
      assert.equal(await me(), 200);
      await owner.target.ageSessions(50);
      assert.equal(await refreshed(), 200, 'idle for 50 s since the call');
      await owner.target.ageSessions(120);
      assert.equal(await me(), 401);
      assert.equal(await refreshed(), 401);
    });

    test("the sessions list: a session's last use is its last refresh", async () => {
      const token = await signInUnder({ sessionIdleTimeoutConfiguration: { isActive: false, timeout: 60 } });
      await owner.target.ageSessions(120);
      assert.equal(await refreshed(), 200);
      const list = await owner.target.call('GET', `${API}/users/sessions/v1/me`, { token });
      const [session] = list.body;
      assert.ok(Date.parse(session.lastUsedAt) - Date.parse(session.createdAt) >= 119_000, session);
    });

    test('the forced re-login: counted from the session start, whatever its use', async () => {
      await signInUnder({
        sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
        sessionTimeoutConfiguration: { isActive: true, timeout: 3600 },
      });
      await owner.target.ageSessions(3000);
      assert.equal(await refreshed(), 200);
      await owner.target.ageSessions(1000);
      const ended = await owner.target.call('POST', REFRESH);
      assert.deepEqual([ended.status, ended.body.errors], [401, EXPIRED]);
      assert.equal(await refreshed(), 401, 'the session is gone');
    });

    test('a policy turned off ends no session', async () => {
      await signInUnder({
        sessionIdleTimeoutConfiguration: { isActive: false, timeout: 60 },
        sessionTimeoutConfiguration: { isActive: false, timeout: 3600 },
      });
      await owner.target.ageSessions(7200);
      assert.equal(await refreshed(), 200);
    });
  });
}
