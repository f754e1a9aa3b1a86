import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AUDIT_COLUMNS } from '../../core/api/audits';
import type { BuiltServer } from '../app';
import { recordAudit } from '../../core/domain/audit-log';
import { purgeAudits } from '../storage/audits';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { ROUTES } from '../../core/contract/routes';
import { PasswordHasher } from '../domain/passwords';
import { addMembership, createTenant } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import {
  ADMIN,
  API,
  FAST_HASHING,
  LOGIN,
  LOGOUT,
  bearer,
  login,
  startTestServer,
} from '../../test/support/server';

const PASSWORD = 'Str0ng-enough-passw0rd!';
let server: BuiltServer;
let admin: string;
let vendorId: string;
const hasher = new PasswordHasher(FAST_HASHING);

async function member(key: string, roleKeys: string[] = ['Viewer'], tenantId = SEED_TENANT_ID) {
  const email = `${key}-${Math.random().toString(36).slice(2, 8)}@audits.example.com`;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: key,
    passwordHash: await hasher.hash(PASSWORD),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId, roleKeys });
  return { id: user.id, email };
}

const get = (url: string, token = admin) => server.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (query = '') => {
  const res = await get(`/frontegg/audits${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { data: Array<Record<string, unknown>>; total: number };
};
const exportCsv = (query = '', properties?: Array<{ name: string }>, token = admin) =>
  server.app.inject({
    method: 'POST',
    url: `/frontegg/audits/export/csv/v2${query}`,
    headers: bearer(token),
    payload: properties ? { properties } : {},
  });

/** The records written by the hook run after the answer is built: they are there when inject returns. */
async function clearAudits() {
  await server.db.transaction(async (tx) => {
    await tx.query(`SET LOCAL audits.purge = 'on'`);
    await tx.query('DELETE FROM audits');
  });
}

before(async () => {
  server = await startTestServer();
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
});
after(() => server.close());
beforeEach(async () => {
  admin = (await login(server.app)).accessToken;
  await clearAudits();
});

describe('what the server records', () => {
  it('records sign-in, a refused sign-in and sign-out with who, where and which account; no secret', async () => {
    const user = await member('signin');
    const refused = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'user-agent': 'AuditTest/1.0' },
      payload: { email: user.email, password: 'Wrong-passw0rd!' },
    });
    assert.equal(refused.statusCode, 401);
    const signedIn = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'user-agent': 'AuditTest/1.0' },
      payload: { email: user.email, password: PASSWORD },
    });
    assert.equal(signedIn.statusCode, 200);
    const cookie = signedIn.cookies.find((c) => c.name === 'ae_refresh')!.value;
    await server.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: `ae_refresh=${cookie}` } });

    const { data } = await list(`?email=${encodeURIComponent(user.email)}&sortDirection=asc`);
    assert.deepEqual(
      data.map((r) => [r.action, r.severity]),
      [
        ['User failed to sign in', 'Medium'],
        ['User signed in', 'Info'],
        ['User signed out', 'Info'],
      ],
    );
    for (const record of data) {
      assert.equal(record.tenantId, SEED_TENANT_ID);
      assert.equal(record.email, user.email);
      assert.equal(record.user, user.id);
      assert.equal(record.ip, '127.0.0.1');
      assert.equal(record.vendorId, vendorId);
    }
    assert.equal(data[0]!.userAgent, 'AuditTest/1.0');
    assert.equal(data[0]!.description, 'Could not sign in with password (wrong credentials)');
    const raw = JSON.stringify((await server.db.query('SELECT * FROM audits')).rows);
    assert.ok(!raw.includes(PASSWORD) && !raw.includes('Wrong-passw0rd!'), 'no password is recorded');
    assert.ok(!raw.includes(cookie), 'no refresh token is recorded');
  });

  it('records an administrator’s changes with the target, and keeps only allow-listed fields', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: `${API}/roles/v1`,
      headers: bearer(admin),
      payload: { key: 'auditor', name: 'Auditor', description: 'Reads the audit log' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const user = await member('password');
    const changed = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/passwords/change`,
      headers: bearer((await login(server.app, user.email, PASSWORD)).accessToken),
      payload: { password: PASSWORD, newPassword: 'An0ther-str0ng-passw0rd!' },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const { data } = await list();
    const role = data.find((r) => r.action === 'Role created');
    assert.ok(role, 'role creation recorded');
    assert.equal(role.email, ADMIN.email);
    assert.equal(role.severity, 'Medium');
    assert.equal(role.description, 'Role created: Auditor');
    assert.deepEqual(role.json, [
      { key: 'key', value: 'auditor' },
      { key: 'name', value: 'Auditor' },
      { key: 'description', value: 'Reads the audit log' },
    ]);
    const password = data.find((r) => r.action === 'Password changed');
    assert.ok(password, 'password change recorded');
    assert.equal(password.email, user.email);
    assert.deepEqual(password.json, [], 'neither password is kept');
  });

  it('names what changed, never a raw id: a domain, a policy’s settings, a deleted role, a member', async () => {
    const call = async (method: string, url: string, payload?: unknown) => {
      const res = await server.app.inject({
        method: method as 'POST',
        url,
        headers: bearer(admin),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.body ? res.json() : null;
    };
    const sso = '/frontegg/team/resources/sso/v1/configurations';
    const connection = await call('POST', sso, { type: 'oidc' });
    const domain = await call('POST', `${sso}/${connection.id}/domains`, { domain: 'named.example.com' });
    await call('DELETE', `${sso}/${connection.id}/domains/${domain.id}`);
    await call('POST', `${API}/configurations/v1/mfa-policy`, {
      id: '0b1a3c2e-5d4f-4a6b-8c7d-9e0f1a2b3c4d',
      enforceMFAType: 'DontForce',
    });
    const role = await call('POST', `${API}/roles/v1`, { key: 'temporary', name: 'Temporary' });
    await call('DELETE', `${API}/roles/v1/${role.id}`);
    const user = await member('named');
    await call('PUT', `${API}/users/v1/${user.id}/roles`, { roleIds: [] });
    const { data } = await list('?count=50&sortDirection=asc');
    const said = Object.fromEntries(data.map((r) => [r.action, r.description]));
    assert.equal(said['SSO domain added'], 'SSO domain added: named.example.com');
    assert.equal(said['SSO domain removed'], 'SSO domain removed: named.example.com');
    assert.equal(said['MFA policy changed'], 'MFA policy changed: enforce MFA DontForce');
    assert.equal(said['Role deleted'], 'Role deleted: Temporary');
    assert.equal(said['User roles changed'], `User roles changed: ${user.email}`);
    for (const record of data)
      assert.doesNotMatch(String(record.description), /[0-9a-f]{8}-[0-9a-f]{4}-/i, String(record.action));
  });

  it('records the lockout with the number of attempts', async () => {
    await server.app.inject({
      method: 'POST',
      url: `${API}/configurations/v1/lockout-policy`,
      headers: bearer(admin),
      payload: { enabled: true, maxAttempts: 2 },
    });
    const user = await member('locked');
    for (let i = 0; i < 2; i++)
      await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: user.email, password: 'nope-nope-1A!' },
      });
    const { data } = await list('?action=locked');
    assert.equal(data.length, 1);
    assert.equal(data[0]!.severity, 'High');
    assert.equal(data[0]!.description, 'Locked after 2 failed sign-ins in a row');
    const policy = (await list('?action=Lockout')).data;
    assert.equal(policy[0]!.action, 'Lockout policy changed');
    await server.db.query('DELETE FROM security_policies');
  });
});

describe('the audited routes', () => {
  it('every route the table audits is one the server has (a typo would audit nothing)', () => {
    const registered = new Set(server.routes.map((r) => `${r.method} ${r.url}`));
    const audited = ROUTES.filter((route) => route.audit);
    const missing = audited.filter((r) => !registered.has(`${r.method} /frontegg${r.path}`));
    assert.deepEqual(missing, []);
    assert.ok(audited.length >= 100);
  });
});

describe('the list, its stats and its columns', () => {
  /** 25 records in the seed account an hour apart, and one in another account. */
  async function seedRecords() {
    // A minute apart, oldest first (a clock may give two inserts the same millisecond), all of them
    // today: in the first 25 minutes of a day (UTC) they end 25 minutes after midnight, not now.
    await server.db.query(
      `INSERT INTO audits (tenant_id, actor_email, ip, severity, resource, action, description, created_at)
       SELECT $1, 'user' || lpad(i::text, 2, '0') || '@list.example.com', '10.0.0.' || i,
              (ARRAY['Info', 'Medium', 'High', 'Critical'])[i % 4 + 1], 'test',
              CASE WHEN i % 2 = 1 THEN 'Role changed' ELSE 'User invited' END, 'record ' || i,
              greatest(now(), date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                + interval '25 minutes') - make_interval(mins => 25 - i)
         FROM generate_series(0, 24) AS i`,
      [SEED_TENANT_ID],
    );
    const other = await createTenant(server.db, { vendorId, name: 'Elsewhere' });
    await recordAudit(sqlTables(server.db), SERVER_ROW_CLOCK, {
      tenantId: other.id,
      actorEmail: 'stranger@elsewhere.example.com',
      severity: 'Critical',
      resource: 'test',
      action: 'User invited',
      description: 'not yours',
    });
  }

  it('pages 20 at a time, newest first, only the caller’s account', async () => {
    await seedRecords();
    const first = await list('?offset=0&count=20&sortBy=createdAt&sortDirection=desc&filter=');
    assert.equal(first.total, 25);
    assert.equal(first.data.length, 20);
    assert.equal(first.data[0]!.description, 'record 24');
    const second = await list('?offset=20&count=20');
    assert.deepEqual(
      second.data.map((r) => r.description),
      ['record 4', 'record 3', 'record 2', 'record 1', 'record 0'],
    );
    assert.ok(!JSON.stringify(first).includes('stranger'), 'another account’s records stay there');
  });

  it('sorts (severity by rank), filters per column and searches', async () => {
    await seedRecords();
    const bySeverity = await list('?sortBy=severity&sortDirection=desc&count=4');
    assert.deepEqual(
      bySeverity.data.map((r) => r.severity),
      ['Critical', 'Critical', 'Critical', 'Critical'],
    );
    const byEmail = await list('?sortBy=email&sortDirection=asc&count=2');
    assert.deepEqual(
      byEmail.data.map((r) => r.email),
      ['user00@list.example.com', 'user01@list.example.com'],
    );
    assert.equal((await list('?severity=high')).total, 6);
    assert.equal((await list('?action=invited')).total, 13);
    assert.equal((await list('?ip=10.0.0.1')).total, 11, '10.0.0.1 and 10.0.0.10-19 contain it');
    assert.equal((await list('?filter=user07')).total, 1);
    assert.equal((await list('?filter=100%25')).total, 0, 'a % in the search is a character, not a wildcard');
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await list(`?createdAt=${today}`)).total, 25);
    assert.equal((await list('?createdAt=2001-01-01')).total, 0);
  });

  it('counts today’s records and this week’s severe ones', async () => {
    await seedRecords();
    const stats = await get('/frontegg/audits/stats?sortBy=createdAt&sortDirection=desc&count=20');
    assert.equal(stats.statusCode, 200);
    assert.deepEqual(stats.json(), { totalToday: 25, severeThisWeek: 12 });
  });

  it('answers bad queries with 400 and an errors list', async () => {
    for (const query of [
      '?sortBy=description',
      '?count=abc',
      '?createdAt=yesterday',
      '?unknown=1',
      '?offset=-1',
    ]) {
      const res = await get(`/frontegg/audits${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.ok(Array.isArray(res.json().errors), query);
    }
  });

  it('answers the columns through the audits entity of /metadata', async () => {
    const res = await get('/frontegg/metadata?entityName=audits');
    assert.equal(res.statusCode, 200);
    const properties = res.json().rows[0].properties as typeof AUDIT_COLUMNS;
    assert.deepEqual(
      properties.map((p) => p.name),
      AUDIT_COLUMNS.map((c) => c.name),
    );
    const description = properties.find((p) => p.name === 'description')!;
    assert.equal(description.sortable || description.filterable, false, 'spec 001 §3');
    assert.equal(properties.find((p) => p.name === 'severity')!.showInTable, false, 'hidden in table');
  });
});

describe('who may read it', () => {
  it('refuses a member without fe.secure.read.audits, for the list, the stats and the export', async () => {
    const viewer = await member('viewer');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    for (const res of [
      await get('/frontegg/audits', token),
      await get('/frontegg/audits/stats', token),
      await exportCsv('', undefined, token),
    ]) {
      assert.equal(res.statusCode, 403);
      assert.match(res.json().errors[0], /fe\.secure\.read\.audits/);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/frontegg/audits' });
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('the CSV export', () => {
  it('writes the asked columns in order, quotes, defuses formulas, and applies the filters', async () => {
    await recordAudit(sqlTables(server.db), SERVER_ROW_CLOCK, {
      tenantId: SEED_TENANT_ID,
      actorEmail: 'quote@example.com',
      severity: 'High',
      resource: 'test',
      action: 'Odd "values", here',
      description: '=HYPERLINK("http://evil.test")',
    });
    await recordAudit(sqlTables(server.db), SERVER_ROW_CLOCK, {
      tenantId: SEED_TENANT_ID,
      actorEmail: 'other@example.com',
      severity: 'Info',
      resource: 'test',
      action: 'Plain',
      description: 'plain',
    });
    const res = await exportCsv(
      '?sortBy=createdAt&sortDirection=desc&filter=&offset=0&outputFileName=x.csv&severity=High',
      [{ name: 'email' }, { name: 'action' }, { name: 'description' }, { name: 'nope' }],
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="audits.csv"');
    assert.equal(
      res.body,
      'User,Action,Description\r\n' +
        'quote@example.com,"Odd ""values"", here","\'=HYPERLINK(""http://evil.test"")"\r\n',
    );
  });

  it('streams every matching record once, across batches, in the list’s order', async () => {
    const total = 2_345;
    await server.db.query(
      `INSERT INTO audits (tenant_id, actor_email, severity, resource, action, description, created_at)
       SELECT $1, 'bulk' || i || '@example.com', 'Info', 'test', 'Bulk', 'n' || i,
              now() - make_interval(secs => (i % 7))
         FROM generate_series(1, $2) AS i`,
      [SEED_TENANT_ID, total],
    );
    for (const direction of ['desc', 'asc']) {
      const res = await exportCsv(`?sortBy=createdAt&sortDirection=${direction}`, [{ name: 'description' }]);
      const lines = res.body.trim().split('\r\n').slice(1);
      assert.equal(lines.length, total, direction);
      assert.equal(new Set(lines).size, total, `${direction}: no record twice`);
    }
    const byEmail = await exportCsv('?sortBy=email&sortDirection=asc', [{ name: 'email' }]);
    const emails = byEmail.body.trim().split('\r\n').slice(1);
    assert.equal(new Set(emails).size, total);
    assert.deepEqual(emails, [...emails].sort());
  });
});

describe('append-only, with retention', () => {
  it('refuses UPDATE and DELETE; the purge removes only records older than the retention', async () => {
    await recordAudit(sqlTables(server.db), SERVER_ROW_CLOCK, {
      tenantId: SEED_TENANT_ID,
      severity: 'Info',
      resource: 't',
      action: 'A',
      description: 'new',
    });
    await assert.rejects(server.db.query(`UPDATE audits SET action = 'forged'`), /append-only/);
    await assert.rejects(server.db.query('DELETE FROM audits'), /append-only/);
    await server.db.query(
      `INSERT INTO audits (tenant_id, severity, resource, action, description, created_at)
       VALUES ($1, 'Info', 't', 'A', 'old', now() - interval '400 days')`,
      [SEED_TENANT_ID],
    );
    assert.equal(await purgeAudits(server.db, 365), 1);
    const left = await server.db.query<{ description: string }>('SELECT description FROM audits');
    assert.deepEqual(
      left.rows.map((r) => r.description),
      ['new'],
    );
    await assert.rejects(
      server.db.query('DELETE FROM audits'),
      /append-only/,
      'the purge’s permission ended with it',
    );
  });
});
