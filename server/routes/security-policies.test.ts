import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { ERROR_CATALOGUE } from '../../core/contract/errors';

const ACCOUNT_LOCKED = ERROR_CATALOGUE.ACCOUNT_LOCKED.message;
const PASSWORD_REUSED = ERROR_CATALOGUE.PASSWORD_REUSED.message;
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import {
  API,
  FAST_HASHING,
  LOGIN,
  ME,
  bearer,
  login,
  refresh,
  startTestServer,
} from '../../test/support/server';

const CONFIG = `${API}/configurations/v1`;
const SESSIONS = `${API}/configurations/sessions/v1`;
const PASSWORD = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let admin: string;
let vendorId: string;
const hasher = new PasswordHasher(FAST_HASHING);

/** A member of the seed tenant with `roleKeys`; returns their id and email. */
async function member(key: string, roleKeys: string[] = ['Viewer']) {
  const email = `${key}-${Math.random().toString(36).slice(2, 8)}@policies.example.com`;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: key,
    passwordHash: await hasher.hash(PASSWORD),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return { id: user.id, email };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

before(async () => {
  server = await startTestServer();
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());
beforeEach(async () => {
  // Every test starts from the built-in defaults: nothing enforced.
  await server.db.query('DELETE FROM security_policies');
  await server.db.query('DELETE FROM tenant_mfa_policies');
  await server.db.query('DELETE FROM ip_restriction_configs');
  await server.db.query('DELETE FROM ip_restrictions');
  admin = (await login(server.app)).accessToken;
});

describe('reading and saving policies (spec 001 §5)', () => {
  it('answers the vendor default until the account saves its own; POST and PATCH both save it', async () => {
    const vendor = await call('GET', `${CONFIG}/lockout-policy/vendor`, admin);
    assert.equal(vendor.statusCode, 200);
    assert.deepEqual(
      { enabled: vendor.json().enabled, maxAttempts: vendor.json().maxAttempts },
      { enabled: false, maxAttempts: 5 },
    );
    const before = (await call('GET', `${CONFIG}/lockout-policy`, admin)).json();
    assert.equal(before.id, vendor.json().id, 'no policy of its own: the vendor default');

    const created = await call('POST', `${CONFIG}/lockout-policy`, admin, { enabled: true, maxAttempts: 3 });
    assert.equal(created.statusCode, 200);
    assert.notEqual(created.json().id, vendor.json().id);
    const patched = await call('PATCH', `${CONFIG}/lockout-policy`, admin, {
      id: created.json().id,
      enabled: true,
      maxAttempts: 4,
    });
    assert.equal(patched.json().id, created.json().id);
    assert.equal((await call('GET', `${CONFIG}/lockout-policy`, admin)).json().maxAttempts, 4);
    assert.equal(
      (await call('GET', `${CONFIG}/lockout-policy/vendor`, admin)).json().maxAttempts,
      5,
      'the vendor default is untouched',
    );
  });

  it('refuses bad input with 400 and an errors list, never a 500', async () => {
    for (const [url, body] of [
      [`${CONFIG}/lockout-policy`, { enabled: true, maxAttempts: 0 }],
      [`${CONFIG}/lockout-policy`, { enabled: 'yes', maxAttempts: 3 }],
      [`${CONFIG}/password-history-policy`, { enabled: true, historySize: 11 }],
      [`${CONFIG}/mfa-policy`, { enforceMFAType: 'Sometimes' }],
      [SESSIONS, {}],
      [SESSIONS, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 5 } }],
      [SESSIONS, { sessionConcurrentConfiguration: { isActive: true, maxSessions: 0 } }],
    ] as const) {
      const res = await call('POST', url, admin, body);
      assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`);
      assert.ok(Array.isArray(res.json().errors) && res.json().errors.length > 0);
    }
  });

  it('needs fe.secure.read.securityPolicy to read and fe.secure.write.securityPolicy to save', async () => {
    const viewer = await member('viewer');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    for (const path of ['', '/mfa-policy', '/lockout-policy', '/password-history-policy'])
      assert.equal((await call('GET', `${CONFIG}${path}`, token)).statusCode, 403, path);
    assert.equal((await call('GET', SESSIONS, token)).statusCode, 403);
    assert.equal(
      (await call('POST', `${CONFIG}/lockout-policy`, token, { enabled: true, maxAttempts: 1 })).statusCode,
      403,
    );
    assert.equal(
      (
        await call('POST', SESSIONS, token, {
          sessionConcurrentConfiguration: { isActive: true, maxSessions: 1 },
        })
      ).statusCode,
      403,
    );
    assert.equal(
      (await call('GET', `${CONFIG}/lockout-policy`, admin)).json().enabled,
      false,
      'nothing saved',
    );
  });

  it('answers the global security policy with the client type fields', async () => {
    const res = await call('GET', CONFIG, admin);
    assert.equal(res.statusCode, 200);
    const policy = res.json();
    assert.equal(policy.enforceMFAType, 'DontForce');
    assert.equal(typeof policy.allowSignups, 'boolean');
    assert.equal(policy.defaultTokenExpiration, 300);
    assert.match(policy.publicKey, /^-----BEGIN PUBLIC KEY-----/);
  });
});

describe('lockout policy, enforced at sign-in', () => {
  const signIn = (email: string, password: string) =>
    server.app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });

  it('locks a user after maxAttempts failures, shows isLocked, refuses the right password, and an admin unlocks', async () => {
    await call('POST', `${CONFIG}/lockout-policy`, admin, { enabled: true, maxAttempts: 3 });
    const user = await member('locked');
    assert.equal((await signIn(user.email, 'wrong-1')).statusCode, 401);
    assert.equal((await signIn(user.email, 'wrong-2')).statusCode, 401);
    assert.equal(
      (await signIn(user.email, 'wrong-3')).statusCode,
      401,
      'the failure that locks reads as a wrong password',
    );
    const refused = await signIn(user.email, PASSWORD);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errors, [ACCOUNT_LOCKED]);
    const row = await server.db.query<{ locked: boolean }>(
      'SELECT locked_at IS NOT NULL AS locked FROM users WHERE id = $1',
      [user.id],
    );
    assert.equal(row.rows[0]!.locked, true, 'stored: survives a restart');
    const users = await call('GET', `${API}/users/v3?_filter=${encodeURIComponent(user.email)}`, admin);
    assert.equal(users.json().items.find((u: { id: string }) => u.id === user.id)?.isLocked, true);

    const unlock = await call('POST', `${API}/users/v1/${user.id}/unlock`, admin);
    assert.equal(unlock.statusCode, 200);
    assert.deepEqual(unlock.json(), { unlocked: true });
    assert.equal((await signIn(user.email, PASSWORD)).statusCode, 200);
  });

  it('counts consecutive failures only: a success starts again', async () => {
    await call('POST', `${CONFIG}/lockout-policy`, admin, { enabled: true, maxAttempts: 2 });
    const user = await member('resets');
    assert.equal((await signIn(user.email, 'wrong')).statusCode, 401);
    assert.equal((await signIn(user.email, PASSWORD)).statusCode, 200);
    assert.equal((await signIn(user.email, 'wrong')).statusCode, 401);
    assert.equal((await signIn(user.email, PASSWORD)).statusCode, 200);
  });

  it('locks no one while the policy is off', async () => {
    const user = await member('unlocked');
    for (let i = 0; i < 6; i++) await signIn(user.email, `wrong-${i}`);
    await server.db.query('DELETE FROM attempt_counters');
    assert.equal((await signIn(user.email, PASSWORD)).statusCode, 200);
  });

  it('an unlock needs fe.secure.write.users and a member of the account', async () => {
    const viewer = await member('viewer-unlock');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    const target = await member('target');
    assert.equal((await call('POST', `${API}/users/v1/${target.id}/unlock`, token)).statusCode, 403);
    assert.equal(
      (await call('POST', `${API}/users/v1/00000000-0000-4000-8000-000000000000/unlock`, admin)).statusCode,
      404,
    );
    assert.equal((await call('POST', `${API}/users/v1/not-a-uuid/unlock`, admin)).statusCode, 400);
  });

  it("a restriction id that is not a uuid is refused with 400 and an errors list (a shared handler's path id)", async () => {
    for (const path of ['configurations/v1/restrictions/ip', 'configurations/restrictions/v1/email-domain']) {
      const response = await call('DELETE', `${API}/${path}/not-a-uuid`, admin);
      assert.equal(response.statusCode, 400, path);
      assert.ok(Array.isArray(response.json().errors), path);
    }
  });
});

describe('password history policy, enforced on change and reset', () => {
  const change = (token: string, password: string, newPassword: string) =>
    call('POST', `${API}/users/v1/passwords/change`, token, { password, newPassword });

  it('refuses the last historySize passwords and accepts an older one', async () => {
    await call('POST', `${CONFIG}/password-history-policy`, admin, { enabled: true, historySize: 2 });
    const user = await member('history');
    const token = (await login(server.app, user.email, PASSWORD)).accessToken;
    const second = 'Another-g00d-passw0rd!';
    const third = 'Yet-another-g00d-passw0rd!';
    assert.equal((await change(token, PASSWORD, second)).statusCode, 200);
    const reused = await change(token, second, PASSWORD);
    assert.equal(reused.statusCode, 400, 'the previous password is within the last 2');
    assert.deepEqual(reused.json().errors, [PASSWORD_REUSED]);
    assert.equal((await change(token, second, third)).statusCode, 200);
    assert.equal((await change(token, third, PASSWORD)).statusCode, 200, 'three back is outside the last 2');
    const stored = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM password_history WHERE user_id = $1',
      [user.id],
    );
    assert.ok(stored.rows.length >= 3);
    assert.ok(
      stored.rows.every((r) => !r.password_hash.includes(PASSWORD)),
      'hashes only',
    );
  });

  it('refuses a reused password on reset too, and the link survives the refusal', async () => {
    await call('POST', `${CONFIG}/password-history-policy`, admin, { enabled: true, historySize: 3 });
    const user = await member('reset-history');
    await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/passwords/reset`,
      payload: { email: user.email },
    });
    const outbox = await server.db.query<{ body: string }>(
      'SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [user.email],
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(outbox.rows[0]!.body)![1]!;
    const verify = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: `${API}/users/v1/passwords/reset/verify`,
        payload: { userId: user.id, token, password },
      });
    const refused = await verify(PASSWORD);
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json().errors, [PASSWORD_REUSED]);
    assert.equal((await verify('A-brand-new-passw0rd!')).statusCode, 200);
  });
});

describe('session policy, enforced at refresh and on every call', () => {
  it('ends the oldest sessions beyond the concurrent limit', async () => {
    await call('POST', SESSIONS, admin, {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 2 },
    });
    const user = await member('concurrent');
    const first = await login(server.app, user.email, PASSWORD);
    const second = await login(server.app, user.email, PASSWORD);
    const third = await login(server.app, user.email, PASSWORD);
    assert.equal((await refresh(server.app, first.cookie)).statusCode, 401, 'the oldest ended');
    assert.equal((await call('GET', ME, first.accessToken)).statusCode, 401, 'its access token too');
    assert.equal((await refresh(server.app, second.cookie)).statusCode, 200);
    assert.equal((await call('GET', ME, third.accessToken)).statusCode, 200);
  });

  it('ends a session idle for longer than the idle timeout, at refresh and on a call', async () => {
    await call('POST', SESSIONS, admin, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 60 } });
    const user = await member('idle');
    const a = await login(server.app, user.email, PASSWORD);
    const b = await login(server.app, user.email, PASSWORD);
    assert.equal((await call('GET', ME, a.accessToken)).statusCode, 200);
    await server.db.query(
      "UPDATE sessions SET last_used_at = now() - interval '61 seconds' WHERE user_id = $1",
      [user.id],
    );
    assert.equal((await refresh(server.app, a.cookie)).statusCode, 401);
    assert.equal((await call('GET', ME, b.accessToken)).statusCode, 401);
    const reasons = await server.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE user_id = $1',
      [user.id],
    );
    assert.deepEqual(
      reasons.rows.map((r) => r.revoked_reason),
      ['idle timeout', 'idle timeout'],
    );
  });

  it('ends a session older than the forced re-login lifetime, however active', async () => {
    await call('POST', SESSIONS, admin, { sessionTimeoutConfiguration: { isActive: true, timeout: 3600 } });
    const user = await member('absolute');
    const a = await login(server.app, user.email, PASSWORD);
    await server.db.query(
      "UPDATE sessions SET created_at = now() - interval '3601 seconds' WHERE user_id = $1",
      [user.id],
    );
    assert.equal((await call('GET', ME, a.accessToken)).statusCode, 401);
    assert.equal((await refresh(server.app, a.cookie)).statusCode, 401);
  });

  it('reads back what was saved, merged part by part (the client type, no id)', async () => {
    await call('POST', SESSIONS, admin, {
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 900 },
    });
    await call('POST', SESSIONS, admin, {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 5 },
    });
    const res = await call('GET', SESSIONS, admin);
    assert.deepEqual(res.json(), {
      sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 900 },
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 5 },
    });
  });

  it('a signed-out session’s access token is refused at once', async () => {
    const user = await member('signout');
    const a = await login(server.app, user.email, PASSWORD);
    await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      headers: { cookie: `ae_refresh=${a.cookie}`, 'content-type': 'application/json' },
    });
    assert.equal((await call('GET', ME, a.accessToken)).statusCode, 401);
  });
});

describe('MFA policy, enforced at sign-in', () => {
  it('Force sends a user without a second factor to enrolment; DontForce lets them in', async () => {
    const user = await member('mfa');
    const signIn = () =>
      server.app.inject({ method: 'POST', url: LOGIN, payload: { email: user.email, password: PASSWORD } });
    assert.ok((await signIn()).json().accessToken);
    const saved = await call('POST', `${CONFIG}/mfa-policy`, admin, { enforceMFAType: 'Force' });
    assert.equal(saved.json().enforceMFAType, 'Force');
    const forced = (await signIn()).json();
    assert.equal(forced.mfaRequired, true);
    assert.equal(forced.mfaEnrolled, false);
    assert.equal(forced.accessToken, undefined);
    await call('PATCH', `${CONFIG}/mfa-policy`, admin, { id: saved.json().id, enforceMFAType: 'DontForce' });
    assert.ok((await signIn()).json().accessToken);
  });
});

describe('IP restrictions, enforced at sign-in, refresh and on every call', () => {
  const IP = `${CONFIG}/restrictions/ip`;
  const from = (remoteAddress: string) => ({
    call: (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        remoteAddress,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      }),
    signIn: (email: string, password: string) =>
      server.app.inject({ method: 'POST', url: LOGIN, remoteAddress, payload: { email, password } }),
    refresh: (cookie: string) =>
      server.app.inject({
        method: 'POST',
        url: `${API}/auth/v1/user/token/refresh`,
        remoteAddress,
        headers: { cookie: `ae_refresh=${cookie}`, 'content-type': 'application/json' },
      }),
  });
  const office = from('10.20.30.40');
  const cafe = from('203.0.113.9');

  it('lists, adds (one and in bulk), pages, filters and deletes entries; refuses what is not an address', async () => {
    assert.equal(
      (await office.call('POST', IP, admin, { ip: '10.0.0.0/8', description: 'Office' })).statusCode,
      201,
    );
    const bulk = await office.call('POST', `${IP}/bulk`, admin, {
      ips: [
        { ip: '192.0.2.1', strategy: 'ALLOW' },
        { ip: '2001:DB8::/32', strategy: 'ALLOW' },
        { ip: '198.51.100.7', strategy: 'BLOCK', isActive: true },
      ],
    });
    assert.equal(bulk.statusCode, 201);
    const listed = await office.call('GET', `${IP}?_offset=0&_limit=2&_filter=ALLOW`, admin);
    assert.equal(listed.statusCode, 200, listed.body);
    const page = listed.json();
    assert.equal(page._metadata.totalItems, 3);
    assert.equal(page._metadata.totalPages, 2);
    assert.equal(page.items.length, 2);
    const second = (await office.call('GET', `${IP}?_offset=1&_limit=2&_filter=ALLOW`, admin)).json();
    assert.equal(second.items.length, 1, '_offset is a page index');
    const blocked = (await office.call('GET', `${IP}?_filter=BLOCK`, admin)).json();
    assert.deepEqual(
      blocked.items.map((i: { ip: string }) => i.ip),
      ['198.51.100.7'],
    );
    const all = (await office.call('GET', `${IP}?_limit=10&_filter=ALLOW`, admin)).json();
    assert.ok(
      all.items.some((i: { ip: string }) => i.ip === '2001:db8::/32'),
      'stored normalised',
    );
    for (const ip of ['10.0.0.0/33', 'not-an-ip', '1.2.3.4/8/9', '300.1.1.1'])
      assert.equal((await office.call('POST', IP, admin, { ip })).statusCode, 400, ip);
    const id = blocked.items[0].id;
    assert.equal((await office.call('DELETE', `${IP}/${id}`, admin)).statusCode, 200);
    assert.equal((await office.call('DELETE', `${IP}/${id}`, admin)).statusCode, 404);
  });

  it('ALLOW: only listed addresses sign in, refresh and call; the page can check its own address first', async () => {
    const user = await member('ip-allow');
    await office.call('POST', IP, admin, { ip: '10.0.0.0/8', strategy: 'ALLOW' });
    assert.deepEqual((await office.call('POST', `${IP}/verify/allow`, admin)).json(), { valid: true });
    assert.deepEqual((await cafe.call('POST', `${IP}/verify/allow`, admin)).json(), { valid: false });
    const signedIn = await office.signIn(user.email, PASSWORD);
    const token = signedIn.json().accessToken as string;
    const cookie = /ae_refresh=([^;]+)/.exec(String(signedIn.headers['set-cookie']))![1]!;

    const saved = await office.call('POST', `${IP}/config`, admin, { isActive: true, strategy: 'ALLOW' });
    assert.deepEqual(saved.json(), { isActive: true, strategy: 'ALLOW' });
    assert.deepEqual((await office.call('POST', `${IP}/verify`, admin)).json(), { valid: true });
    assert.deepEqual((await cafe.call('POST', `${IP}/verify`, admin)).json().valid ?? false, false);

    const refused = await cafe.signIn(user.email, PASSWORD);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errors, ['Your IP address is not allowed to access this account.']);
    assert.equal((await office.signIn(user.email, PASSWORD)).statusCode, 200);
    const elsewhere = await cafe.call('GET', ME, token);
    assert.equal(elsewhere.statusCode, 401, 'a token taken elsewhere is refused');
    assert.deepEqual(elsewhere.json().errors, ['Your IP address is not allowed to access this account.']);
    assert.equal((await office.call('GET', ME, token)).statusCode, 200);
    assert.equal((await cafe.refresh(cookie)).statusCode, 401);
    assert.equal((await office.refresh(cookie)).statusCode, 200, 'the session itself goes on');
  });

  it('BLOCK: listed addresses are refused, others go on; an inactive entry or config blocks nothing', async () => {
    const user = await member('ip-block');
    await office.call('POST', IP, admin, { ip: '203.0.113.0/24', strategy: 'BLOCK' });
    await office.call('POST', IP, admin, { ip: '10.20.30.40', strategy: 'BLOCK', isActive: false });
    assert.equal((await cafe.signIn(user.email, PASSWORD)).statusCode, 200, 'config not active yet');
    await office.call('POST', `${IP}/config`, admin, { isActive: true, strategy: 'BLOCK' });
    assert.equal((await cafe.signIn(user.email, PASSWORD)).statusCode, 403);
    assert.equal((await office.signIn(user.email, PASSWORD)).statusCode, 200, 'inactive entry');
    assert.equal(
      (await from('::ffff:203.0.113.50').signIn(user.email, PASSWORD)).statusCode,
      403,
      'IPv4-mapped',
    );
    await office.call('POST', `${IP}/config`, admin, { isActive: false });
    assert.equal((await cafe.signIn(user.email, PASSWORD)).statusCode, 200);
  });

  it('needs the security policy permissions', async () => {
    const viewer = await member('ip-viewer');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    assert.equal((await office.call('GET', IP, token)).statusCode, 403);
    assert.equal((await office.call('POST', IP, token, { ip: '10.0.0.1' })).statusCode, 403);
    assert.equal((await office.call('POST', `${IP}/config`, token, { isActive: true })).statusCode, 403);
    assert.equal((await server.db.query('SELECT 1 FROM ip_restrictions')).rows.length, 0);
  });
});

describe('email-domain restrictions, enforced when someone joins the account', () => {
  const DOMAINS = `${API}/configurations/restrictions/v1/email-domain`;
  const invite = (email: string) =>
    call('POST', `${API}/users/v2`, admin, {
      email,
      name: 'Invitee',
      provider: 'local',
      skipInviteEmail: true,
    });

  it('adds, lists and deletes domains; refuses what is not a domain', async () => {
    const added = await call('POST', DOMAINS, admin, { domain: 'Partner.Example.', type: 'ALLOW' });
    assert.equal(added.statusCode, 201);
    assert.equal(added.json().domain, 'partner.example');
    assert.deepEqual(
      (await call('GET', DOMAINS, admin)).json().items.map((d: { domain: string }) => d.domain),
      ['partner.example'],
    );
    for (const domain of ['not a domain', 'localhost', '-bad.example', 'a..example'])
      assert.equal((await call('POST', DOMAINS, admin, { domain, type: 'ALLOW' })).statusCode, 400, domain);
    assert.equal((await call('DELETE', `${DOMAINS}/${added.json().id}`, admin)).statusCode, 200);
    assert.deepEqual((await call('GET', DOMAINS, admin)).json().items, []);
  });

  it('ALLOW: only listed domains (and their subdomains) are invited; public providers blocked on request', async () => {
    await server.db.query('DELETE FROM email_domain_restrictions');
    await server.db.query('DELETE FROM email_domain_configs');
    await call('POST', DOMAINS, admin, { domain: 'partner.example', type: 'ALLOW' });
    assert.equal(
      (await invite(`a-${Date.now()}@elsewhere.example`)).statusCode,
      201,
      'config not active yet',
    );
    const config = await call('POST', `${DOMAINS}/config`, admin, { active: true, type: 'ALLOW' });
    assert.deepEqual(config.json(), { active: true, listType: 'ALLOW', blockPublicDomains: false });
    const refused = await invite(`b-${Date.now()}@elsewhere.example`);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errors, ['Email addresses of this domain cannot join this account.']);
    assert.equal((await invite(`c-${Date.now()}@partner.example`)).statusCode, 201);
    assert.equal((await invite(`d-${Date.now()}@eu.partner.example`)).statusCode, 201, 'a subdomain');

    await call('POST', `${DOMAINS}/config`, admin, { active: true, type: 'BLOCK', blockPublicDomains: true });
    assert.equal((await invite(`e-${Date.now()}@gmail.com`)).statusCode, 403, 'a public provider');
    assert.equal(
      (await invite(`f-${Date.now()}@elsewhere.example`)).statusCode,
      201,
      'not on the block list',
    );
    await call('POST', `${DOMAINS}/config`, admin, { active: false });
  });

  it('needs the security policy permissions', async () => {
    const viewer = await member('domain-viewer');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    assert.equal((await call('GET', DOMAINS, token)).statusCode, 403);
    assert.equal(
      (await call('POST', DOMAINS, token, { domain: 'x.example', type: 'BLOCK' })).statusCode,
      403,
    );
    assert.equal((await call('POST', `${DOMAINS}/config`, token, { active: true })).statusCode, 403);
  });
});
