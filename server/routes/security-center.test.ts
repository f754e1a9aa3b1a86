// The security centre (core/domain/security-center.ts): figures computed from the account's real users
// and policies (they change when the data changes), the users v3 preset BREACHED_PASSWORDS fed by
// the verdict a sign-in stores, and the breached-password campaign (emails, limit, audit).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { isBreachedPassword } from '../domain/breached-passwords';
import { PasswordHasher } from '../domain/passwords';
import { addMembership, createTenant } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, FAST_HASHING, LOGIN, bearer, login, startTestServer } from '../../test/support/server';
import { latestLink, outbox } from '../../test/support/account';

const CENTRE = '/frontegg/security-center/resources';
const V3 = `${API}/users/v3`;
const CAMPAIGN = `${API}/users/v1/passwords/breached/reset/bulk`;
const BREACHED = 'iloveyou';
const STRONG = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let admin: string;
let vendorId: string;
const hasher = new PasswordHasher(FAST_HASHING);

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A verified member of `tenantId` with this password. */
async function member(tag: string, password: string, tenantId = SEED_TENANT_ID, roleKeys = ['Viewer']) {
  const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@centre.example.com`;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: tag,
    passwordHash: await hasher.hash(password),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId, roleKeys });
  return { id: user.id, email };
}
const signIn = (email: string, password: string) =>
  server.app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });

async function centre(token = admin) {
  const recommendations = await call('GET', `${CENTRE}/recommendations/v1`, token);
  const insights = await call('GET', `${CENTRE}/insights/v1`, token);
  assert.equal(recommendations.statusCode, 200, recommendations.body);
  assert.equal(insights.statusCode, 200, insights.body);
  const r = recommendations.json() as {
    scoring: { score: number };
    recommendations: { items: Array<{ code: string; severity: string; category: string; metadata?: any }> };
  };
  const i = insights.json() as {
    insights: { items: Array<{ code: string; category: string; metadata?: any }> };
  };
  return {
    score: r.scoring.score,
    recs: r.recommendations.items,
    codes: r.recommendations.items.map((x) => x.code),
    insights: i.insights.items,
    insightCodes: i.insights.items.map((x) => x.code),
  };
}

before(async () => {
  server = await startTestServer({ devOutbox: true });
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());

describe('score, recommendations and insights (the client SDK’s shapes)', () => {
  it('with nothing configured: every policy recommended, the score below 100, the counts of the account', async () => {
    const c = await centre();
    assert.ok(c.score >= 0 && c.score < 100);
    for (const code of [
      'FORCE_MFA',
      'ENABLE_USER_LOCKOUT',
      'ENABLE_PASSWORD_HISTORY',
      'ENABLE_FORCE_RELOGIN',
      'ENABLE_SESSION_CONCURRENCY',
      'ENABLE_IDLE_SESSION',
      'ENABLE_IP_RESTRICTIONS',
      'ENABLE_DOMAIN_RESTRICTIONS',
      'CONFIGURE_SSO',
    ])
      assert.ok(c.codes.includes(code), code);
    assert.ok(!c.codes.includes('BREACHED_PASSWORDS_EXIST'), 'no breached password found yet');
    for (const code of [
      'PARTIAL_MFA_USAGE',
      'NO_SESSION_SETTINGS',
      'NO_IP_RESTRICTIONS',
      'NO_DOMAIN_RESTRICTIONS',
    ])
      assert.ok(c.insightCodes.includes(code), code);
    // Severe first; every item names a category of spec 001 §3.
    assert.equal(c.recs[0]!.severity, 'SEVERE');
    const total = (await call('GET', `${V3}?_limit=1`, admin)).json()._metadata.totalItems;
    const usage = c.insights.find((x) => x.code === 'PARTIAL_MFA_USAGE')!;
    assert.equal(usage.metadata.totalUsers, total);
    assert.equal(usage.metadata.mfa.enrolledUsersCount, 0);
  });

  it('follows the data: a breached password found at sign-in, then the policies saved, change the figures', async () => {
    const before = await centre();
    assert.ok(isBreachedPassword(BREACHED));
    const victim = await member('victim', BREACHED);
    const clean = await member('clean', STRONG);
    assert.equal((await signIn(victim.email, BREACHED)).statusCode, 200);
    assert.equal((await signIn(clean.email, STRONG)).statusCode, 200);

    const breached = await centre();
    const rec = breached.recs.find((r) => r.code === 'BREACHED_PASSWORDS_EXIST')!;
    assert.deepEqual(
      {
        severity: rec.severity,
        category: rec.category,
        count: rec.metadata.password.breachedPasswordUsersCount,
      },
      { severity: 'SEVERE', category: 'PASSWORD', count: 1 },
    );
    assert.ok(breached.insightCodes.includes('BREACHED_PASSWORD_USERS_EXIST'));
    assert.equal(breached.score, before.score - 15, 'a severe recommendation costs 15 points');

    // The users v3 preset lists exactly the member whose password is breached (client and query form).
    for (const preset of ['BREACHED_PASSWORDS', 'breached-passwords']) {
      const page = (await call('GET', `${V3}?_preset=${preset}&_limit=10&_offset=0`, admin)).json();
      assert.deepEqual(
        page.items.map((u: { email: string }) => u.email),
        [victim.email],
        preset,
      );
    }

    // Policies: lockout and history on with the recommended numbers, sessions all on.
    const CONFIG = `${API}/configurations/v1`;
    for (const [path, body] of [
      ['lockout-policy', { enabled: true, maxAttempts: 5 }],
      ['password-history-policy', { enabled: true, historySize: 5 }],
    ] as const) {
      const saved = await call('POST', `${CONFIG}/${path}`, admin, body);
      assert.ok(saved.statusCode < 300, saved.body);
    }
    assert.ok(
      (
        await call('POST', `${API}/configurations/sessions/v1`, admin, {
          sessionConcurrentConfiguration: { isActive: true, maxSessions: 10 },
          sessionIdleTimeoutConfiguration: { isActive: true, timeout: 3600 },
          sessionTimeoutConfiguration: { isActive: true, timeout: 86400 },
        })
      ).statusCode < 300,
    );
    const tightened = await centre();
    for (const code of [
      'ENABLE_USER_LOCKOUT',
      'ENABLE_PASSWORD_HISTORY',
      'ENABLE_FORCE_RELOGIN',
      'ENABLE_SESSION_CONCURRENCY',
      'ENABLE_IDLE_SESSION',
    ])
      assert.ok(!tightened.codes.includes(code), code);
    assert.ok(tightened.insightCodes.includes('FULL_SESSION_SETTINGS'));
    assert.ok(!tightened.insightCodes.includes('IMPROVE_LOCKOUT_POLICY'));
    assert.equal(tightened.score, breached.score + 4 * 6 + 2, 'four warnings and an info gone');

    // A weaker lockout is a STRENGTHEN recommendation, with the recommended number.
    await call('POST', `${CONFIG}/lockout-policy`, admin, { enabled: true, maxAttempts: 20 });
    const weaker = await centre();
    const strengthen = weaker.recs.find((r) => r.code === 'STRENGTHEN_USER_LOCKOUT')!;
    assert.equal(strengthen.metadata.password.userLockoutRecommendation, 5);
    await call('POST', `${CONFIG}/lockout-policy`, admin, { enabled: true, maxAttempts: 5 });

    // Signing in again with a strong password after a reset clears the verdict (below, campaign).
  });

  it('the IP and domain restrictions: a block list is recommended to become an allow list', async () => {
    const IP = `${API}/configurations/v1/restrictions/ip`;
    assert.ok(
      (await call('POST', IP, admin, { ip: '203.0.113.7', strategy: 'BLOCK', isActive: true })).statusCode <
        300,
    );
    assert.ok(
      (await call('POST', `${IP}/config`, admin, { isActive: true, strategy: 'BLOCK' })).statusCode < 300,
    );
    const c = await centre();
    assert.ok(c.codes.includes('CHANGE_IP_TO_ALLOWLIST'));
    assert.ok(!c.codes.includes('ENABLE_IP_RESTRICTIONS'));
    const denylist = c.insights.find((x) => x.code === 'IP_DENYLIST')!;
    assert.equal(denylist.metadata.restrictions.ipsCount, 1);
    await call('POST', `${IP}/config`, admin, { isActive: false, strategy: 'ALLOW' });
  });

  it('counts only the caller’s account, and needs fe.secure.read.securityPolicy', async () => {
    const other = await createTenant(server.db, { vendorId, name: 'Other centre account' });
    const otherAdmin = await member('other-admin', STRONG, other.id, ['Admin']);
    await server.db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [otherAdmin.id, other.id]);
    const token = (await login(server.app, otherAdmin.email, STRONG)).accessToken;
    const theirs = await centre(token);
    assert.ok(!theirs.codes.includes('BREACHED_PASSWORDS_EXIST'), 'the seed account’s breach is not theirs');
    assert.equal(
      theirs.insights.find((x) => x.category === 'MFA' && x.metadata?.totalUsers)!.metadata.totalUsers,
      1,
    );
    const viewer = await member('viewer', STRONG);
    const viewerToken = (await login(server.app, viewer.email, STRONG)).accessToken;
    assert.equal((await call('GET', `${CENTRE}/recommendations/v1`, viewerToken)).statusCode, 403);
    assert.equal((await call('GET', `${CENTRE}/insights/v1`, viewerToken)).statusCode, 403);
    assert.equal((await call('POST', CAMPAIGN, viewerToken)).statusCode, 403);
    assert.equal((await server.app.inject({ method: 'GET', url: `${CENTRE}/insights/v1` })).statusCode, 401);
  });
});

describe('the breached-password campaign (POST users v1 /passwords/breached/reset/bulk)', () => {
  it('emails a reset link to every breached member, audits it, and the reset clears the verdict', async () => {
    assert.ok(isBreachedPassword('password1'));
    const victims = [await member('campaign-a', BREACHED), await member('campaign-b', 'password1')];
    assert.equal((await signIn(victims[0]!.email, BREACHED)).statusCode, 200);
    assert.equal((await signIn(victims[1]!.email, 'password1')).statusCode, 200);
    const safe = await member('campaign-safe', STRONG);
    assert.equal((await signIn(safe.email, STRONG)).statusCode, 200);
    const breachedCount = (await call('GET', `${V3}?_preset=BREACHED_PASSWORDS&_limit=10`, admin)).json()
      ._metadata.totalItems;

    const res = await call('POST', CAMPAIGN, admin);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { sent: breachedCount, skipped: 0 });
    for (const v of victims) {
      const [mail] = await outbox(server.app, v.email);
      assert.equal(mail?.subject, 'Reset your password');
    }
    assert.deepEqual(await outbox(server.app, safe.email), [], 'no email to a member whose password is fine');
    const audit = await server.db.query<{ action: string; severity: string }>(
      `SELECT action, severity FROM audits WHERE action = 'Breached-password reset emails sent'`,
    );
    assert.equal(audit.rows.length, 1);

    // The link resets the password; the member leaves the list and the count drops.
    const link = await latestLink(server.app, victims[0]!.email);
    const reset = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/passwords/reset/verify`,
      payload: {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
        password: STRONG,
      },
    });
    assert.ok(reset.statusCode < 300, reset.body);
    const after = (await call('GET', `${V3}?_preset=BREACHED_PASSWORDS&_limit=10`, admin)).json();
    assert.equal(after._metadata.totalItems, breachedCount - 1);
    assert.ok(!after.items.some((u: { id: string }) => u.id === victims[0]!.id));
  });

  it('is limited to 3 campaigns an account per window (429 with the catalogue’s message)', async () => {
    // One campaign already ran above.
    assert.equal((await call('POST', CAMPAIGN, admin)).statusCode, 200);
    assert.equal((await call('POST', CAMPAIGN, admin)).statusCode, 200);
    const refused = await call('POST', CAMPAIGN, admin);
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().errors[0], /^Too many reset campaigns\. Try again in \d+ minutes?\.$/);
  });
});
