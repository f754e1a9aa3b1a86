import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { API, bearer, login, refresh, startTestServer } from '../../test/support/server';

const SESSIONS = `${API}/users/sessions/v1/me`;
let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const get = (token: string, url = SESSIONS) =>
  server.app.inject({ method: 'GET', url, headers: bearer(token) });
const del = (token: string, url: string) =>
  server.app.inject({ method: 'DELETE', url, headers: bearer(token) });

describe('login sessions', () => {
  it('lists the live sessions, the current one first and marked', async () => {
    const first = await login(server.app);
    const second = await login(server.app);
    const res = await get(second.accessToken);
    assert.equal(res.statusCode, 200);
    const list = res.json() as Array<{
      id: string;
      current: boolean;
      createdAt: string;
      userAgent: string | null;
      ipAddress: string | null;
    }>;
    assert.ok(list.length >= 2);
    assert.equal(list[0]!.current, true);
    assert.equal(list.filter((s) => s.current).length, 1);
    assert.ok(list.every((s) => typeof s.id === 'string' && !Number.isNaN(Date.parse(s.createdAt))));
    const current = (await get(second.accessToken, `${SESSIONS}/current`)).json();
    assert.equal(current.id, list[0]!.id);
    assert.notEqual(current.id, (await get(first.accessToken, `${SESSIONS}/current`)).json().id);
  });

  it('revokes one session: its refresh token stops working and it leaves the list', async () => {
    const victim = await login(server.app);
    const me = await login(server.app);
    const victimId = (await get(victim.accessToken, `${SESSIONS}/current`)).json().id;
    assert.equal((await del(me.accessToken, `${SESSIONS}/${victimId}`)).statusCode, 200);
    assert.equal((await refresh(server.app, victim.cookie)).statusCode, 401);
    assert.ok(!(await get(me.accessToken)).json().some((s: { id: string }) => s.id === victimId));
    assert.equal((await del(me.accessToken, `${SESSIONS}/${victimId}`)).statusCode, 404, 'already revoked');
  });

  it('revokes all but the current session', async () => {
    const others = [await login(server.app), await login(server.app)];
    const me = await login(server.app);
    const res = await del(me.accessToken, `${SESSIONS}/all`);
    assert.equal(res.statusCode, 200);
    assert.ok(res.json().revoked >= 2);
    for (const other of others) assert.equal((await refresh(server.app, other.cookie)).statusCode, 401);
    assert.equal((await refresh(server.app, me.cookie)).statusCode, 200, 'the current session lives');
    const list = (await get(me.accessToken)).json();
    assert.equal(list.length, 1);
  });

  it("cannot touch another user's session", async () => {
    const admin = await login(server.app);
    const adminSessionId = (await get(admin.accessToken, `${SESSIONS}/current`)).json().id;
    const signUp = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email: `other-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Other' },
    });
    const otherToken = signUp.json().authResponse.accessToken as string;
    assert.equal((await del(otherToken, `${SESSIONS}/${adminSessionId}`)).statusCode, 404);
    assert.equal((await refresh(server.app, admin.cookie)).statusCode, 200);
  });

  it('answers bad input with 4xx and an errors list, and needs a token', async () => {
    const { accessToken } = await login(server.app);
    for (const id of ['not-a-uuid', 'x'.repeat(300), '%00', '%E0%A4%A']) {
      const res = await del(accessToken, `${SESSIONS}/${id}`);
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${id}: ${res.statusCode}`);
      assert.ok(Array.isArray(res.json().errors));
    }
    assert.equal((await server.app.inject({ method: 'GET', url: SESSIONS })).statusCode, 401);
  });
});
