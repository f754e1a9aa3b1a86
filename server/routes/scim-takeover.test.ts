// Who a SCIM connection may change (docs/scim.md "Who a connection may change"): the two account
// takeovers of issue 24, step by step as they were found, and the rules that stop them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { accountRoleStore } from '../../core/domain/role-store';
import { platformOver } from '../../test/support/platform';
import { addMembership, createTenant } from '../storage/tenants';
import { findUserByEmail } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { ADMIN, bearer, login, signedInMember, startTestServer } from '../../test/support/server';

const CONFIGS = '/frontegg/directory/resources/v1/configurations/scim2';
const SCIM = '/frontegg/scim/v2';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const PASSWORD = 'Str0ng-enough-passw0rd!';
const PROVISIONING = [
  'fe.secure.read.provisioningConfiguration',
  'fe.secure.write.provisioningConfiguration',
  'fe.secure.delete.provisioningConfiguration',
];

let server: BuiltServer;
const uniq = (key: string) => `${key}-${Math.random().toString(36).slice(2, 8)}`;

type Res = { status: number; body: Record<string, unknown> };
async function scim(token: string, method: string, path: string, payload?: unknown): Promise<Res> {
  const res = await server.app.inject({
    method: method as 'GET',
    url: `${SCIM}${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : {} };
}
const patch = (...ops: unknown[]) => ({ schemas: [PATCH_OP], Operations: ops });
const userBody = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName: email,
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  ...extra,
});

/** A configuration made by the holder of `accessToken`: its SCIM bearer token. */
async function scimToken(accessToken: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: CONFIGS,
    headers: bearer(accessToken),
    payload: { source: 'okta', connectionName: uniq('idp') },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().token;
}

/** A tenant role holding exactly `keys`. */
async function roleWith(tenantId: string, keys: string[]): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM permissions WHERE key = ANY($1)', [
    keys,
  ]);
  assert.equal(rows.length, keys.length);
  const created = await accountRoleStore(platformOver(server.db), tenantId).create({
    key: uniq('role'),
    name: uniq('Role'),
    description: null,
    permissionIds: rows.map((r) => r.id),
  });
  assert.equal(created.kind, 'ok');
  return created.kind === 'ok' ? created.role.key : '';
}

const userRow = async (id: string) =>
  (
    await server.db.query<{ email: string; name: string; phone: string | null }>(
      'SELECT email, name, phone FROM users WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const isMember = async (userId: string, tenantId: string) =>
  (
    await server.db.query('SELECT 1 FROM memberships WHERE user_id = $1 AND tenant_id = $2', [
      userId,
      tenantId,
    ])
  ).rows.length > 0;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('a provisioning manager and an Admin of the same account (issue 24, 1a)', () => {
  let attacker: string;
  let adminId: string;

  before(async () => {
    const manager = await signedInMember(server, `${uniq('prov')}@example.com`, PASSWORD, [
      await roleWith(SEED_TENANT_ID, PROVISIONING),
    ]);
    attacker = await scimToken(manager);
    adminId = (await findUserByEmail(server.db, ADMIN.email))!.id;
  });

  it('cannot adopt the Admin, change their email, reset their password to it, or remove them', async () => {
    // POST /Users with the Admin's email: adopting someone above the connection's creator is refused.
    const adopt = await scim(attacker, 'POST', '/Users', userBody(ADMIN.email));
    assert.equal(adopt.status, 403, JSON.stringify(adopt.body));
    assert.match(String(adopt.body.detail), /connection's creator does not/);
    // PATCH emails / userName to the attacker's address: the Admin is not the connection's.
    const stolen = `${uniq('attacker')}@evil.test`;
    const change = await scim(
      attacker,
      'PATCH',
      `/Users/${adminId}`,
      patch(
        { op: 'replace', path: 'userName', value: stolen },
        { op: 'replace', path: 'emails', value: [{ value: stolen, primary: true }] },
      ),
    );
    assert.equal(change.status, 404);
    assert.equal((await userRow(adminId)).email, ADMIN.email);
    // A password reset to the attacker's address finds nobody; the Admin still signs in as before.
    const reset = await server.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/users/v1/passwords/reset',
      payload: { email: stolen },
    });
    assert.ok(reset.statusCode < 500);
    assert.equal(await findUserByEmail(server.db, stolen), null);
    assert.ok((await login(server.app)).accessToken);
    // DELETE after adopting: there was no adoption, and the Admin is still a member.
    assert.equal((await scim(attacker, 'DELETE', `/Users/${adminId}`)).status, 404);
    assert.ok(await isMember(adminId, SEED_TENANT_ID));
  });

  it('cannot take over a member an Admin made SCIM-managed, once that member is above the creator', async () => {
    // A plain member adopted by the attacker's connection, then given the Admin role in the portal.
    const email = `${uniq('member')}@example.com`;
    await signedInMember(server, email, PASSWORD, []);
    const adopted = await scim(attacker, 'POST', '/Users', userBody(email));
    assert.equal(adopted.status, 201, JSON.stringify(adopted.body));
    const id = String(adopted.body.id);
    await addMembership(server.db, { userId: id, tenantId: SEED_TENANT_ID, roleKeys: ['Admin'] });
    const stolen = `${uniq('attacker')}@evil.test`;
    const change = await scim(
      attacker,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'emails', value: [{ value: stolen, primary: true }] }),
    );
    assert.equal(change.status, 403);
    assert.equal(
      (await scim(attacker, 'PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'active', value: false })))
        .status,
      403,
    );
    assert.equal((await scim(attacker, 'DELETE', `/Users/${id}`)).status, 403);
    assert.equal((await userRow(id)).email, email);
    assert.ok(await isMember(id, SEED_TENANT_ID));
  });

  it('never changes the profile of a member it adopted but did not create', async () => {
    const email = `${uniq('adopted')}@example.com`;
    await signedInMember(server, email, PASSWORD, []);
    const adopted = await scim(attacker, 'POST', '/Users', userBody(email, { displayName: 'Renamed' }));
    assert.equal(adopted.status, 201);
    const id = String(adopted.body.id);
    const before = await userRow(id);
    assert.notEqual(before.name, 'Renamed');
    for (const op of [
      { op: 'replace', path: 'emails', value: [{ value: `${uniq('x')}@evil.test`, primary: true }] },
      { op: 'replace', path: 'phoneNumbers', value: [{ value: '+15555550123' }] },
      { op: 'replace', path: 'displayName', value: 'Someone else' },
    ]) {
      const res = await scim(attacker, 'PATCH', `/Users/${id}`, patch(op));
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.scimType, 'mutability');
    }
    assert.deepEqual(await userRow(id), before);
    // What the connection may change stays open: deactivation and its own attributes.
    const off = await scim(
      attacker,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'active', value: false }),
    );
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const extra = await scim(
      attacker,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'externalId', value: 'okta-123' }),
    );
    assert.equal(extra.status, 200);
  });

  it('may change the profile of a person it created, who belongs to no other account', async () => {
    const created = await scim(attacker, 'POST', '/Users', userBody(`${uniq('new')}@example.com`));
    assert.equal(created.status, 201);
    const id = String(created.body.id);
    const email = `${uniq('renamed')}@example.com`;
    const res = await scim(
      attacker,
      'PATCH',
      `/Users/${id}`,
      patch(
        { op: 'replace', path: 'emails', value: [{ value: email, primary: true }] },
        { op: 'replace', path: 'displayName', value: 'New Name' },
        { op: 'replace', path: 'phoneNumbers', value: [{ value: '+15555550123' }] },
      ),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await userRow(id), { email, name: 'New Name', phone: '+15555550123' });
  });

  it('may change the profile of an adopted member whose email domain the account validated', async () => {
    const domain = `${uniq('corp')}.example`;
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO saml_configurations (key, tenant_id, entry_point, idp_certificates, callback_urls, domains, tenant_managed)
       VALUES ($1, $2, 'https://idp.example/sso', '{cert}', '{https://app.example/cb}', $3, true) RETURNING id`,
      [uniq('corp'), SEED_TENANT_ID, [domain]],
    );
    await server.db.query(
      `INSERT INTO sso_connection_domains (tenant_id, saml_configuration_id, domain, validated, validated_at)
       VALUES ($1, $2, $3, true, now())`,
      [SEED_TENANT_ID, rows[0]!.id, domain],
    );
    const email = `someone@${domain}`;
    await signedInMember(server, email, PASSWORD, []);
    const adopted = await scim(
      attacker,
      'POST',
      '/Users',
      userBody(email, { displayName: 'From the directory' }),
    );
    assert.equal(adopted.status, 201);
    const id = String(adopted.body.id);
    assert.equal((await userRow(id)).name, 'From the directory');
    const res = await scim(
      attacker,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'displayName', value: 'Renamed' }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await userRow(id)).name, 'Renamed');
  });

  it('cannot give itself more through a SCIM group an Admin gave roles to', async () => {
    const group = await scim(attacker, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: uniq('Directory admins'),
    });
    assert.equal(group.status, 201);
    const groupId = String(group.body.id);
    const adminRole = (
      await server.db.query<{ id: string }>("SELECT id FROM roles WHERE key = 'Admin' AND tenant_id IS NULL")
    ).rows[0]!.id;
    await server.db.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [
      groupId,
      adminRole,
    ]);
    const manager = (
      await server.db.query<{ created_by: string }>(
        'SELECT created_by FROM scim_configurations ORDER BY created_at LIMIT 1',
      )
    ).rows[0]!.created_by;
    const add = await scim(
      attacker,
      'PATCH',
      `/Groups/${groupId}`,
      patch({ op: 'add', path: 'members', value: [{ value: manager }] }),
    );
    assert.equal(add.status, 403, JSON.stringify(add.body));
    assert.match(String(add.body.detail), /connection's creator does not hold/);
    assert.equal((await scim(attacker, 'DELETE', `/Groups/${groupId}`)).status, 403);
    const members = await server.db.query('SELECT 1 FROM group_members WHERE group_id = $1', [groupId]);
    assert.equal(members.rows.length, 0);
  });
});

describe("another account's connection and a person of this account (issue 24, 1b)", () => {
  it('adds the person to its own account but changes nothing of theirs, so no SMS sign-in reaches it', async () => {
    const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const tenantB = await createTenant(server.db, { vendorId, name: uniq('Tenant B') });
    const adminB = await signedInMember(
      server,
      `${uniq('admin-b')}@example.com`,
      PASSWORD,
      ['Admin'],
      tenantB.id,
    );
    const tokenB = await scimToken(adminB);
    const victim = (await findUserByEmail(server.db, ADMIN.email))!;
    const before = await userRow(victim.id);
    // Documented: a person with an account elsewhere is added to this account.
    const added = await scim(tokenB, 'POST', '/Users', userBody(ADMIN.email, { displayName: 'Mallory' }));
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.equal(added.body.id, victim.id);
    // Their phone (where SMS sign-in codes go) and their name stay theirs.
    const phone = await scim(
      tokenB,
      'PATCH',
      `/Users/${victim.id}`,
      patch({ op: 'replace', path: 'phoneNumbers', value: [{ value: '+15555550199', type: 'work' }] }),
    );
    assert.equal(phone.status, 400, JSON.stringify(phone.body));
    assert.equal(phone.body.scimType, 'mutability');
    const rename = await scim(
      tokenB,
      'PATCH',
      `/Users/${victim.id}`,
      patch({ op: 'replace', path: 'displayName', value: 'Mallory' }),
    );
    assert.equal(rename.status, 400);
    const put = await scim(
      tokenB,
      'PUT',
      `/Users/${victim.id}`,
      userBody(ADMIN.email, {
        phoneNumbers: [{ value: '+15555550199' }],
      }),
    );
    assert.equal(put.status, 400);
    assert.deepEqual(await userRow(victim.id), before);
    // The SMS sign-in step of the attack: the code would go to the victim's own number, not B's.
    const prelogin = await server.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/auth/v1/passwordless/smscode/prelogin',
      payload: { email: ADMIN.email },
    });
    assert.ok(prelogin.statusCode < 500);
    assert.notEqual((await userRow(victim.id)).phone, '+15555550199');
    // DELETE by B removes the person from B only.
    assert.equal((await scim(tokenB, 'DELETE', `/Users/${victim.id}`)).status, 204);
    assert.ok(await isMember(victim.id, SEED_TENANT_ID));
    assert.ok(!(await isMember(victim.id, tenantB.id)));
    assert.ok(await findUserByEmail(server.db, ADMIN.email));
  });
});
