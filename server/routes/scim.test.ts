// The SCIM 2.0 endpoints (routes/scim.ts) and the directory configurations (core/domain/directory-handlers.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, FAST_HASHING, bearer, login, refresh, startTestServer } from '../../test/support/server';

const CONFIGS = '/frontegg/directory/resources/v1/configurations/scim2';
const SCIM = '/frontegg/scim/v2';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PASSWORD = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let admin: string;
let token: string;
let configId: string;
const hasher = new PasswordHasher(FAST_HASHING);
const uniq = (key: string) => `${key}-${Math.random().toString(36).slice(2, 8)}`;

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };
async function scim(method: string, path: string, payload?: unknown, auth = token): Promise<Res> {
  const res = await server.app.inject({
    method: method as 'GET',
    url: `${SCIM}${path}`,
    headers: {
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : {}, headers: res.headers };
}
const patch = (...ops: unknown[]) => ({ schemas: [PATCH_OP], Operations: ops });
const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  ...extra,
});

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
  const res = await server.app.inject({
    method: 'POST',
    url: CONFIGS,
    headers: bearer(admin),
    payload: { source: 'okta', connectionName: 'Okta production' },
  });
  assert.equal(res.statusCode, 201, res.body);
  token = res.json().token;
  configId = res.json().id;
});
after(() => server.close());

describe('directory configurations (client SDK calls)', () => {
  it('creates with the token once, lists without it, counts, patches and deletes', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: bearer(admin),
      payload: { source: 'azure-ad' },
    });
    assert.equal(created.statusCode, 201);
    const body = created.json();
    assert.match(body.token, /^scim_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    assert.equal(body.connectionName, 'Azure AD');
    assert.equal(body.syncToUserManagement, true);
    const list = await server.app.inject({ method: 'GET', url: CONFIGS, headers: bearer(admin) });
    const mine = list.json().find((c: { id: string }) => c.id === body.id);
    assert.deepEqual(Object.keys(mine).sort(), [
      'connectionName',
      'createdAt',
      'id',
      'lastSync',
      'source',
      'syncToUserManagement',
    ]);
    assert.ok(!list.body.includes(body.token));
    // Stored hashed: the token is nowhere in the table.
    const rows = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM scim_configurations');
    assert.ok(rows.rows.every((r) => !r.token_hash.includes(body.token.slice(38))));
    const count = await server.app.inject({
      method: 'GET',
      url: `/frontegg/directory/resources/scim/temp/${body.id}/Users/count`,
      headers: bearer(admin),
    });
    assert.deepEqual(count.json(), { count: 0 });
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `${CONFIGS}/${body.id}`,
      headers: bearer(admin),
      payload: { syncToUserManagement: false },
    });
    assert.equal(patched.statusCode, 200);
    // Paused: reads work, writes are refused.
    assert.equal((await scim('GET', '/Users', undefined, body.token)).status, 200);
    const paused = await scim('POST', '/Users', newUser(`${uniq('paused')}@example.com`), body.token);
    assert.equal(paused.status, 403);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${CONFIGS}/${body.id}`,
      headers: bearer(admin),
    });
    assert.equal(removed.statusCode, 200);
    assert.equal((await scim('GET', '/Users', undefined, body.token)).status, 401);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `${CONFIGS}/${body.id}`,
      headers: bearer(admin),
    });
    assert.equal(again.statusCode, 404);
  });

  it('counts the members it provisioned; deleted, it hands its groups and members back to the portal', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: bearer(admin),
      payload: { source: 'other' },
    });
    const { id, token: own } = created.json() as { id: string; token: string };
    const count = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/frontegg/directory/resources/scim/temp/${id}/Users/count`,
          headers: bearer(admin),
        })
      ).json();
    const userId = (await scim('POST', '/Users', newUser(`${uniq('counted')}@scim.example.com`), own)).body
      .id;
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: uniq('Managed') }, own);
    assert.deepEqual(await count(), { count: 1 });
    const portalGroup = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: `${API}/groups/v1/${group.body.id}`,
          headers: bearer(admin),
        })
      ).json().managedBy;
    assert.equal(await portalGroup(), 'scim2');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${CONFIGS}/${id}`,
      headers: bearer(admin),
    });
    assert.equal(removed.statusCode, 200);
    assert.equal(await portalGroup(), 'frontegg');
    const member = await server.db.query<{ scim_configuration_id: string | null }>(
      'SELECT scim_configuration_id FROM memberships WHERE user_id = $1 AND tenant_id = $2',
      [userId, SEED_TENANT_ID],
    );
    assert.deepEqual(
      member.rows,
      [{ scim_configuration_id: null }],
      'the member stays, managed in the portal',
    );
  });

  it('refuses unknown sources and fields', async () => {
    for (const payload of [{ source: 'ldap' }, { source: 'okta', token: 'x' }, {}]) {
      const res = await server.app.inject({ method: 'POST', url: CONFIGS, headers: bearer(admin), payload });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(Array.isArray(res.json().errors));
    }
  });

  it("a configuration id that is not a uuid is refused with 400 and an errors list (a shared handler's path id)", async () => {
    for (const [method, url] of [
      ['PATCH', `${CONFIGS}/not-a-uuid`],
      ['DELETE', `${CONFIGS}/not-a-uuid`],
      ['GET', '/frontegg/directory/resources/scim/temp/not-a-uuid/Users/count'],
    ] as const) {
      const payload = method === 'PATCH' ? { payload: {} } : {};
      const res = await server.app.inject({ method, url, headers: bearer(admin), ...payload });
      assert.equal(res.statusCode, 400, url);
      assert.ok(Array.isArray(res.json().errors), url);
    }
  });
});

describe('SCIM authentication and errors', () => {
  it('answers 401 in the SCIM error shape without a valid token', async () => {
    for (const auth of ['', 'nope', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, admin]) {
      const res = await scim('GET', '/Users', undefined, auth);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body.schemas, [ERROR]);
      assert.equal(res.body.status, '401');
      assert.match(String(res.headers['content-type']), /^application\/scim\+json/);
    }
  });

  it('never answers 500 to bad input', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/Users', '{not json'],
      ['POST', '/Users', '[]'],
      ['POST', '/Users', { userName: 42 }],
      ['POST', '/Users', { userName: 'not an email' }],
      ['POST', '/Users', { userName: 'a@b.example', active: 'maybe' }],
      ['POST', '/Users', { userName: 'a@b.example', emails: 'x' }],
      ['POST', '/Users', { userName: 'a@b.example', name: 'x' }],
      ['POST', '/Users', { userName: 'a@b.example', phoneNumbers: [{ value: 'abc' }] }],
      ['GET', '/Users?filter=userName%20eq', undefined],
      ['GET', '/Users?filter=nope%20eq%20%22x%22', undefined],
      ['GET', '/Users?filter=active%20gt%20true', undefined],
      ['GET', '/Users?filter=meta.created%20gt%20%22not-a-date%22', undefined],
      ['GET', '/Users?filter=((((userName%20pr', undefined],
      ['GET', `/Users?filter=${'('.repeat(100)}userName%20pr${')'.repeat(100)}`, undefined],
      ['GET', '/Users?startIndex=abc', undefined],
      ['GET', '/Users/not-a-uuid', undefined],
      ['GET', '/Users/00000000-0000-4000-8000-000000000000', undefined],
      [
        'PATCH',
        '/Users/00000000-0000-4000-8000-000000000000',
        patch({ op: 'replace', path: 'active', value: false }),
      ],
      ['GET', '/Nope', undefined],
      ['POST', '/Groups', { displayName: '' }],
      ['POST', '/Groups', { displayName: 'x', members: [{ value: 'nope' }] }],
      [
        'POST',
        '/Groups',
        { displayName: uniq('g'), members: [{ value: '00000000-0000-4000-8000-000000000000' }] },
      ],
    ];
    for (const [method, path, payload] of cases) {
      const res = await scim(method, path, payload);
      assert.ok(res.status >= 400 && res.status < 500, `${method} ${path}: ${res.status}`);
      assert.deepEqual(res.body.schemas, [ERROR], `${method} ${path}`);
      assert.equal(res.body.status, String(res.status));
    }
    // PATCH and PUT with every kind of wrong value on a real user and group.
    const userId = (
      await scim(
        'POST',
        '/Users',
        newUser(`${uniq('target')}@scim.example.com`, { name: { formatted: 'Target' } }),
      )
    ).body.id as string;
    const groupId = (await scim('POST', '/Groups', { displayName: uniq('target') })).body.id as string;
    const badPatches: unknown[] = [
      {},
      { schemas: [PATCH_OP] },
      { schemas: [PATCH_OP], Operations: 'x' },
      patch('x'),
      patch({ op: 'move', path: 'active', value: true }),
      patch({ op: 'replace', path: 5, value: true }),
      patch({ op: 'replace', path: 'active' }),
      patch({ op: 'remove' }),
      patch({ op: 'replace', value: 'not an object' }),
      patch({ op: 'replace', path: 'active', value: null }),
      patch({ op: 'replace', path: 'active', value: { a: 1 } }),
      patch({ op: 'replace', path: 'userName', value: 5 }),
      patch({ op: 'replace', path: 'userName', value: 'nul\u0000@x.example' }),
      patch({ op: 'replace', path: 'displayName', value: 'x'.repeat(101) }),
      patch({ op: 'replace', path: 'name', value: 'x' }),
      patch({ op: 'replace', path: 'name.givenName', value: {} }),
      patch({ op: 'replace', path: 'emails', value: 'x' }),
      patch({ op: 'replace', path: 'emails[type eq "work"].value', value: { x: 1 } }),
      patch({ op: 'replace', path: 'emails[type eq "work"]', value: 'x' }),
      patch({ op: 'replace', path: 'emails[type eq', value: 'x' }),
      patch({ op: 'replace', path: 'phoneNumbers', value: [{ value: 'call me' }] }),
      patch({ op: 'replace', path: 'id', value: 'x' }),
      patch({ op: 'replace', path: 'meta.created', value: 'x' }),
      patch({ op: 'add', path: 'groups', value: [{ value: groupId }] }),
      patch({ op: 'replace', path: 'externalId', value: 'x'.repeat(300) }),
      patch({ op: 'add', path: 'title', value: 'x'.repeat(20_000) }),
    ];
    for (const body of badPatches) {
      const res = await scim('PATCH', `/Users/${userId}`, JSON.stringify(body));
      assert.ok(res.status >= 400 && res.status < 500, `PATCH user ${JSON.stringify(body)}: ${res.status}`);
      assert.deepEqual(res.body.schemas, [ERROR]);
    }
    for (const body of [
      patch({ op: 'add', path: 'members', value: [{ value: 5 }] }),
      patch({ op: 'add', path: 'members', value: 'x' }),
      patch({ op: 'replace', path: 'displayName', value: '' }),
      patch({ op: 'replace', path: 'displayName', value: 7 }),
      patch({ op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }),
    ]) {
      const res = await scim('PATCH', `/Groups/${groupId}`, body);
      assert.ok(res.status >= 400 && res.status < 500, `PATCH group ${JSON.stringify(body)}: ${res.status}`);
    }
    for (const body of [{}, { userName: null }, { userName: 'a@b.example', externalId: 7 }, 'null', '"x"']) {
      const res = await scim('PUT', `/Users/${userId}`, body);
      assert.ok(res.status >= 400 && res.status < 500, `PUT ${JSON.stringify(body)}: ${res.status}`);
    }
    assert.equal((await scim('GET', `/Users/${userId}`)).body.active, true, 'nothing changed');

    const badFilter = await scim('GET', '/Users?filter=nope%20eq%20%22x%22');
    assert.equal(badFilter.body.scimType, 'invalidFilter');
    const wrongType = await server.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    assert.equal(wrongType.statusCode, 415);
    assert.deepEqual(wrongType.json().schemas, [ERROR]);
  });

  it('describes itself', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    assert.equal(config.status, 200);
    assert.deepEqual((config.body.patch as { supported: boolean }).supported, true);
    assert.deepEqual((config.body.filter as { maxResults: number }).maxResults, 200);
    const schemas = await scim('GET', '/Schemas');
    assert.equal(schemas.body.totalResults, 3);
    assert.equal((await scim('GET', `/Schemas/${USER}`)).status, 200);
    const types = await scim('GET', '/ResourceTypes');
    assert.deepEqual(
      (types.body.Resources as Array<{ id: string }>).map((t) => t.id),
      ['User', 'Group'],
    );
    assert.equal((await scim('GET', '/ResourceTypes/Group')).body.endpoint, '/Groups');
  });
});

describe('SCIM Users', () => {
  it('creates, reads, filters, pages, replaces and deletes', async () => {
    const email = `${uniq('ada')}@scim.example.com`;
    const created = await scim('POST', '/Users', newUser(email, { externalId: 'ext-1', title: 'Engineer' }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    assert.match(String(created.headers.location), new RegExp(`^http://localhost(:80)?${SCIM}/Users/${id}$`));
    assert.equal(created.body.userName, email);
    assert.equal(created.body.displayName, 'Ada Lovelace');
    assert.equal(created.body.title, 'Engineer');
    assert.deepEqual(created.body.name, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      formatted: 'Ada Lovelace',
    });
    assert.equal((await scim('POST', '/Users', newUser(email))).status, 409);
    assert.equal((await scim('POST', '/Users', newUser(email.toUpperCase()))).body.scimType, 'uniqueness');

    const read = await scim('GET', `/Users/${id}`);
    assert.equal(read.body.externalId, 'ext-1');
    const q = (f: string) => scim('GET', `/Users?filter=${encodeURIComponent(f)}`);
    assert.equal((await q(`userName eq "${email.toUpperCase()}"`)).body.totalResults, 1);
    assert.equal((await q(`emails[type eq "work" and value eq "${email}"]`)).body.totalResults, 1);
    assert.equal((await q(`emails.value sw "${email.slice(0, 5)}" and active eq true`)).body.totalResults, 1);
    assert.equal((await q(`externalId eq "ext-1"`)).body.totalResults, 1);
    assert.equal((await q(`externalId eq "EXT-1"`)).body.totalResults, 0, 'externalId is case-exact');
    assert.equal((await q(`displayName co "lovelace" and not (active eq false)`)).body.totalResults, 1);
    assert.equal((await q(`(userName eq "x@y.z" or externalId eq "ext-1") and title pr`)).status, 400);
    const attributes = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&attributes=userName`,
    );
    assert.deepEqual(Object.keys((attributes.body.Resources as object[])[0]!).sort(), [
      'id',
      'schemas',
      'userName',
    ]);

    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: [USER],
      userName: email,
      displayName: 'Ada King',
      active: true,
      externalId: 'ext-1',
    });
    assert.equal(replaced.status, 200);
    assert.equal(replaced.body.displayName, 'Ada King');
    assert.equal(replaced.body.title, undefined, 'PUT replaces: attributes not sent are gone');

    assert.equal((await scim('DELETE', `/Users/${id}`)).status, 204);
    assert.equal((await scim('GET', `/Users/${id}`)).status, 404);
    assert.equal((await scim('DELETE', `/Users/${id}`)).status, 404);
  });

  it('pages with startIndex and count', async () => {
    const prefix = uniq('page');
    for (let i = 0; i < 5; i += 1) await scim('POST', '/Users', newUser(`${prefix}-${i}@scim.example.com`));
    const f = encodeURIComponent(`userName sw "${prefix}"`);
    const first = await scim('GET', `/Users?filter=${f}&startIndex=1&count=2`);
    assert.equal(first.body.totalResults, 5);
    assert.equal(first.body.itemsPerPage, 2);
    assert.equal(first.body.startIndex, 1);
    const third = await scim('GET', `/Users?filter=${f}&startIndex=5&count=2`);
    assert.equal(third.body.itemsPerPage, 1);
    const none = await scim('GET', `/Users?filter=${f}&count=0`);
    assert.equal(none.body.totalResults, 5);
    assert.deepEqual(none.body.Resources, []);
    const zero = await scim('GET', `/Users?filter=${f}&startIndex=0&count=1`);
    assert.equal(zero.body.startIndex, 1);
  });

  it('deactivating ends the member’s sessions; reactivating lets them back', async () => {
    const email = `${uniq('leaver')}@scim.example.com`;
    const user = await insertUser(server.db, {
      vendorId: (
        await server.db.query<{ id: string }>('SELECT vendor_id AS id FROM tenants WHERE id = $1', [
          SEED_TENANT_ID,
        ])
      ).rows[0]!.id,
      email,
      name: 'Leaver',
      passwordHash: await hasher.hash(PASSWORD),
      verified: true,
    });
    await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys: ['Viewer'] });
    const session = await login(server.app, email, PASSWORD);
    // The member already there is adopted by the configuration.
    const adopted = await scim('POST', '/Users', newUser(email));
    assert.equal(adopted.status, 201);
    assert.equal(adopted.body.id, user.id);
    const off = await scim('PATCH', `/Users/${user.id}`, patch({ op: 'replace', value: { active: false } }));
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    const listedOff = await server.app.inject({
      method: 'GET',
      url: `${API}/users/v3?_filter=${encodeURIComponent(email)}`,
      headers: bearer(admin),
    });
    assert.equal(listedOff.json().items[0].active, false, 'the users page sees the deactivation');
    const me = await server.app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: bearer(session.accessToken),
    });
    assert.equal(me.statusCode, 401);
    assert.equal((await refresh(server.app, session.cookie)).statusCode, 401);
    const on = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patch({ op: 'Replace', path: 'active', value: 'True' }),
    );
    assert.equal(on.body.active, true);
    await login(server.app, email, PASSWORD);
    // The users page shows who manages them.
    const listed = await server.app.inject({
      method: 'GET',
      url: `${API}/users/v3?_filter=${encodeURIComponent(email)}`,
      headers: bearer(admin),
    });
    assert.equal(listed.json().items[0].managedBy, 'scim2');
  });

  it('applies email-domain restrictions', async () => {
    const domainApi = '/frontegg/identity/resources/configurations/restrictions/v1/email-domain';
    await server.app.inject({
      method: 'POST',
      url: domainApi,
      headers: bearer(admin),
      payload: { domain: 'blocked.example', type: 'BLOCK' },
    });
    await server.app.inject({
      method: 'POST',
      url: `${domainApi}/config`,
      headers: bearer(admin),
      payload: { active: true, type: 'BLOCK' },
    });
    try {
      const res = await scim('POST', '/Users', newUser(`${uniq('x')}@blocked.example`));
      assert.equal(res.status, 400);
      assert.equal(res.body.detail, 'Email addresses of this domain cannot join this account.');
    } finally {
      await server.app.inject({
        method: 'POST',
        url: `${domainApi}/config`,
        headers: bearer(admin),
        payload: { active: false },
      });
    }
  });
});

describe('SCIM Groups', () => {
  it('creates with members, patches membership in Okta’s and Azure’s shapes, and deletes', async () => {
    const a = (await scim('POST', '/Users', newUser(`${uniq('ga')}@scim.example.com`))).body.id as string;
    const b = (await scim('POST', '/Users', newUser(`${uniq('gb')}@scim.example.com`))).body.id as string;
    const name = uniq('Engineering');
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: name,
      members: [{ value: a }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    const members = async () =>
      ((await scim('GET', `/Groups/${id}`)).body.members as Array<{ value: string }>)
        .map((m) => m.value)
        .sort();
    assert.deepEqual(await members(), [a]);
    await scim('PATCH', `/Groups/${id}`, patch({ op: 'add', path: 'members', value: [{ value: b }] }));
    assert.deepEqual(await members(), [a, b].sort());
    await scim('PATCH', `/Groups/${id}`, patch({ op: 'remove', path: `members[value eq "${a}"]` }));
    assert.deepEqual(await members(), [b]);
    await scim('PATCH', `/Groups/${id}`, patch({ op: 'Remove', path: 'members', value: [{ value: b }] }));
    assert.deepEqual(await members(), []);
    await scim(
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', path: 'members', value: [{ value: a }, { value: b }] }),
    );
    assert.deepEqual(await members(), [a, b].sort());
    const renamed = await scim(
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', value: { id, displayName: `${name}-2` } }),
    );
    assert.equal(renamed.body.displayName, `${name}-2`);
    const filtered = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`displayName eq "${name}-2"`)}&excludedAttributes=members`,
    );
    assert.equal(filtered.body.totalResults, 1);
    assert.equal((filtered.body.Resources as Array<Record<string, unknown>>)[0]!.members, undefined);
    const byMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${a}"]`)}`);
    assert.ok((byMember.body.Resources as Array<{ id: string }>).some((g) => g.id === id));
    // The user shows the group.
    const user = await scim('GET', `/Users/${a}`);
    assert.deepEqual(
      (user.body.groups as Array<{ value: string }>).map((g) => g.value),
      [id],
    );
    // The portal shows the group as managed by SCIM and refuses to change it.
    const portal = await server.app.inject({
      method: 'GET',
      url: `${API}/groups/v1/${id}`,
      headers: bearer(admin),
    });
    assert.equal(portal.json().managedBy, 'scim2');
    const edit = await server.app.inject({
      method: 'PATCH',
      url: `${API}/groups/v1/${id}`,
      headers: bearer(admin),
      payload: { name: 'Hijacked' },
    });
    assert.equal(edit.statusCode, 403);
    assert.equal((await scim('DELETE', `/Groups/${id}`)).status, 204);
    assert.equal((await scim('GET', `/Groups/${id}`)).status, 404);
  });

  it('refuses a duplicate name', async () => {
    const name = uniq('Dup');
    assert.equal((await scim('POST', '/Groups', { schemas: [GROUP], displayName: name })).status, 201);
    const again = await scim('POST', '/Groups', { schemas: [GROUP], displayName: name.toUpperCase() });
    assert.equal(again.status, 409);
    assert.equal(again.body.scimType, 'uniqueness');
  });
});

describe('portal edits of SCIM-managed members', () => {
  it('refuses removing a member the directory manages', async () => {
    const id = (await scim('POST', '/Users', newUser(`${uniq('kept')}@scim.example.com`))).body.id as string;
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/frontegg/team/resources/members/v1/${id}`,
      headers: bearer(admin),
    });
    assert.equal(res.statusCode, 403);
    void configId;
  });
});
