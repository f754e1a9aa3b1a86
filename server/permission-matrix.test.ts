/**
 * The permission matrix: who may call each route is its descriptor's (core/contract/routes); each
 * gated route's request is derived from it (test/support/descriptor-requests.ts) with the values
 * VALUES names. On one server: every gated route is refused (401/403, nothing written) to callers
 * without its permission (none, the same area's others, every other area's, lesser API tokens on
 * writes), an administrator of another tenant changes nothing here, exactly the permission gets a
 * 2xx; every grant or removal (GRANTS) tried by a manager of its area is refused and raises no one;
 * an API token holding everything gets no 5xx and cannot impersonate; every route for any signed-in
 * user refuses a request without a token.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { ROUTES as ROUTE_TABLE } from '../core/contract/routes';
import type { BuiltServer } from './app';
import { apiTokensOn } from '../core/domain/api-token-store';
import { platformOver } from '../test/support/platform';
import { setFlag } from './storage/feature-flags';
import { memberPermissionKeys } from './domain/grants';
import { PasswordHasher } from './domain/passwords';
import { loadAuthorization } from './domain/tenants';
import { addMembership, createTenant } from './storage/tenants';
import { insertUser } from './storage/users';
import { SEED_TENANT_ID as SEED_TENANT } from './seed';
import {
  requestsFrom,
  applies,
  type Ctx as AnyCtx,
  type Vals as AnyVals,
} from '../test/support/descriptor-requests';
import { startDnsServer, type TestDnsServer } from '../test/support/dns-server';
import { idpMetadataXml, serveIdpMetadata } from '../test/support/idp-metadata';
import { API, FAST_HASHING, bearer, login, startTestServer } from '../test/support/server';
import { journalWrites, type WriteJournal } from '../test/support/write-journal';

const F = '/frontegg';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
type Json = any; // answers, fixtures, schemas
type Caller = Awaited<ReturnType<typeof signIn>>;
type Ctx = AnyCtx<Caller>;
type Vals = AnyVals<Caller>;
/**
 * A try at granting what the manager lacks, or acting on a member above them: the route's request
 * with these values (optional fields too), the answers that count as refused (403 when not said),
 * and for a 2xx allowed, what must hold after it.
 */
type Attempt = [what: string, set: Vals, status?: number[], check?: (m: Caller, body: Json) => Promise<void>];

/** The table's permission-gated routes (none is registered at the root), keyed `METHOD path`. */
/**
 * The table's permission-gated routes (none is registered at the root), keyed `METHOD path`, and
 * the requests of a `self` route that its query gates (`byQuery`), keyed `METHOD path?name=value`.
 */
const gated = ROUTE_TABLE.flatMap((route) => {
  const { access } = route;
  const byQuery = access.kind === 'self' ? access.byQuery : undefined;
  if (access.kind !== 'permission' && access.kind !== 'superUser' && !byQuery) return [];
  const permission = byQuery?.permission ?? (access.kind === 'permission' ? access.permission : 'superUser');
  const key = `${route.method} ${route.path}${byQuery ? `?${byQuery.name}=${byQuery.value}` : ''}`;
  return [{ key, method: route.method as Method, path: `${F}${route.path}`, route, permission }];
});

const IR = API; // /frontegg/identity/resources
const I = '/identity/resources';
const SSO = '/team/resources/sso/v1/configurations';
const LG = '/team/resources/sso/v2/saml/configurations/groups';
const B = `${F}/subscriptions/resources/billing`;
const DEV = `${B}/payment-providers/development/setup-intents/v1`;
const CUSTOMERS = '/subscriptions/resources/billing/payment-providers/stripe/customers/v1';
const HOOK = 'http://127.0.0.1:9/hook';
const PASSWORD = 'Matrix-pass-2026';

let server: BuiltServer, dns: TestDnsServer, metadataHost: { url: string; close(): Promise<void> };
let adminToken: string,
  vendorId: string,
  passwordHash: string,
  permissionKeys: string[],
  journal: WriteJournal;
let seq = 0;
const uniq = (label: string) => `${label}-${++seq}`;
const fx = { adminRole: '', viewerRole: '', permissionIds: new Map<string, string>() };
const perm = (key: string) => fx.permissionIds.get(key) ?? assert.fail(`no permission ${key}`);

async function as(token: string, method: Method, url: string, payload?: object) {
  return server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function admin(method: Method, url: string, payload?: object): Promise<Json> {
  const res = await as(adminToken, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const post = (url: string, payload: object = {}) => admin('POST', `${F}${url}`, payload);
/** A verified user of `tenantId` with these role keys (vendor roles or the tenant's own). */
async function user(tenantId: string, roleKeys: string[]) {
  const email = `${uniq('matrix')}@example.com`;
  const created = await insertUser(server.db, { vendorId, email, name: email, passwordHash, verified: true });
  await addMembership(server.db, { userId: created.id, tenantId, roleKeys });
  return { id: created.id, email };
}
async function signIn(name: string, who: { id: string; email: string }, roleId: string | null = null) {
  const token = (await login(server.app, who.email, PASSWORD)).accessToken;
  const permissions = (decodeJwt(token) as { permissions: string[] }).permissions;
  return { name, token, id: who.id, email: who.email, roleId, permissions };
}
async function tenantRole(permissions: string[]) {
  const key = uniq('matrix-role');
  const role = await post(`${I}/roles/v1`, { key, name: key, permissionIds: permissions.map(perm) });
  return { key, id: role.id as string };
}
const holders = new Map<string, Promise<Caller>>();
/** A member of the seeded tenant holding one tenant role with exactly these permissions (cached). */
async function holder(permissions: string[], name = permissions.join('+') || 'no permission') {
  const key = [...permissions].sort().join(' ');
  const make = async (role: { id: string; key: string }) =>
    signIn(name, await user(SEED_TENANT, [role.key]), role.id);
  if (!holders.has(key)) holders.set(key, tenantRole(permissions).then(make));
  return { ...(await holders.get(key)!), name };
}
const plainMember = () => user(SEED_TENANT, []);
/**
 * Fresh for every attempt, so that one attempt wrongly let through cannot hide the next: an
 * administrator of the seeded tenant, a tenant role with fe.* that one holds, the Admins group.
 */
const anAdmin = () => user(SEED_TENANT, ['Admin']);
const anAdminId = async () => (await anAdmin()).id;
async function everythingRole() {
  const role = await tenantRole(['fe.*']);
  await user(SEED_TENANT, [role.key]);
  return role.id;
}
async function group(roleIds: string[], userIds: string[]) {
  const { id } = await post(`${I}/groups/v1`, { name: uniq('Matrix group') });
  if (roleIds.length) await post(`${I}/groups/v1/${id}/roles`, { roleIds });
  if (userIds.length) await post(`${I}/groups/v1/${id}/users`, { userIds });
  return id as string;
}
const adminsGroup = async (adminId?: string) => group([fx.adminRole], [adminId ?? (await anAdminId())]);
const sub = (tenantId: string) => `${I}/sub-tenants/v1/${tenantId}/users`;
/** A sub-account of the seeded tenant with a plain member in it. */
async function subAccount() {
  const { tenantId: id } = await post('/tenants/resources/sub-tenants/v1', { name: uniq('Matrix branch') });
  const member = await plainMember();
  await post(sub(id), { email: member.email, roleIds: [fx.viewerRole] });
  return { id: id as string, member };
}
const pendingInvitation = async () =>
  (await post(`${I}/users/v2`, { email: `${uniq('invited')}@example.com`, skipInviteEmail: true })).id;
/** The seeded tenant's audit stream (created once, again after a DELETE took it; at most five). */
async function aStream(): Promise<string> {
  const { items } = await admin('GET', `${F}/audits/streams`);
  const body = { name: uniq('stream'), url: 'https://siem.example.com/collect', format: 'json' };
  return (items[0] ?? (await post('/audits/streams', body))).id;
}
const C1 = '/integrations/resources/configurations/v1';
const aChannel = () => post(`${C1}/slack/channels`, { name: uniq('#c'), url: HOOK });
const EVENTS = (channel: string) => [{ eventKey: 'user.passwordReset', channelIds: [channel] }];
const aSlackSubscription = async () =>
  post(`${C1}/slack/subscriptions`, { isActive: false, slackEvents: EVENTS((await aChannel()).id) });
/** An email or SMS subscription to user.passwordReset (an event the matrix never causes): its id. */
async function aConfig(c: Ctx) {
  const base = c.path.slice(0, c.path.indexOf('/:eventKey'));
  const subscriptions = [{ name: 'ops', enabled: true, recipients: await c.get('recipients') }];
  await admin('POST', `${base}/user.passwordReset`, { enabled: true, subscriptions });
  const list: Json[] = await admin('GET', base);
  return list.find((x) => x.eventKey === 'user.passwordReset').subscriptions.at(-1).id;
}
const subId = async () => (await admin('GET', `${B}/subscriptions/v1`))[0].id as string;
const onFree = async () => {
  const id = await subId();
  await admin('PUT', `${B}/subscriptions/v1/${id}`, { planId: 'free' });
  return id;
};
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
});
const setup = () => admin('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {});
const confirm = (s: Json, number: string) =>
  admin('POST', `${DEV}/${s.id}/confirm`, { clientSecret: s.setupIntentSecret, ...card(number) });
const savedCard = async () => {
  const s = await setup();
  await confirm(s, '4242424242424242');
  return s.paymentMethodId as string;
};
const invoice = async () => {
  const paymentMethodId = await savedCard();
  const planId = (await admin('GET', `${B}/plans/v1`)).find((p: Json) => p.slug === 'pro').id;
  await admin('PUT', `${B}/subscriptions/v1/${await subId()}`, { paymentMethodId, planId });
  return (await admin('GET', `${B}/invoices/v1`))[0].id as string;
};

const made = new Map<string, Promise<Json>>();
/** A fixture made once and shared by the requests of the run; a fresh request makes its own. */
function keep(c: Ctx, name: string, make: () => Promise<Json>): Promise<Json> {
  if (c.fresh) return make();
  if (!made.has(name)) made.set(name, make());
  return made.get(name)!;
}
/** The field of another name's value. */
const get = (name: string, field: string) => async (c: Ctx) => (await c.get(name))[field];
/** The id of a fixture POSTed once (and again for a fresh request). */
const posted = (url: string, body: () => object) => async (c: Ctx) =>
  (await keep(c, url, () => post(url, body()))).id;
const personal = (kind: 'api' | 'access') => async (c: Ctx) => {
  const owner = { type: 'user' as const, kind, tenantId: SEED_TENANT, userId: c.who.id };
  const token = { description: 'Matrix', expiresInMinutes: null, roleIds: [], secret: crypto.randomUUID() };
  return (
    await keep(c, `${kind} ${c.who.id}`, () => apiTokensOn(platformOver(server.db), owner).insert(token))
  ).id;
};

/**
 * The named values of the requests, by where they apply: every route whose path holds `/…`, or
 * `METHOD /…` whose path ends so; a later entry wins. `$before` makes a state the request needs.
 * Saves write harmless values (policies off, entries inactive): the matrix signs in after them.
 */
const VALUES: Record<string, Vals> = {
  '/': {
    ...{
      member: (c) => keep(c, 'member', plainMember),
      userId: get('member', 'id'),
      ids: get('member', 'id'),
    },
    ...{ userIds: async (c) => [await c.get('userId')], tenantIds: async (c) => [await c.get('tenantId')] },
    ...{ branch: (c) => keep(c, 'branch', subAccount), tenantId: get('branch', 'id') },
    ...{ role: (c) => keep(c, 'role', () => tenantRole([])), roleId: get('role', 'id') },
    ...{ roleIds: () => [fx.viewerRole], permissionId: () => perm('fe.secure.write.roles') },
    ...{
      ip: () => `10.9.${++seq % 250}.1`,
      domain: () => `${uniq('matrix')}.example`,
      metadata: () => idpMetadataXml(),
    },
    mainAuthStrategies: () =>
      ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'].map((strategy) => ({ strategy })),
    ...{
      url: HOOK,
      recipients: ['ops@matrix.example.com'],
      allowAccess: true,
      eventKey: 'user.passwordReset',
    },
    ...{ planId: 'free', stripePlanId: 'free', templateId: 'members', status: 'inactive', tz: 'UTC' },
    ...{ from: '2020-01-01', cron: '0 6 * * *' },
  },
  '/sub-tenants/': {
    userId: async (c) => (await c.get('branch')).member.id,
    email: async () => (await plainMember()).email,
  },
  'POST /tenants/resources/sub-tenants/v1': { '+parentTenantId': get('branch', 'id') },
  '/groups/v1/': {
    id: (c) => keep(c, 'group', () => group([], [])),
    groupsIds: async (c) => [await c.get('id')],
  },
  'DELETE /groups/v1/:id/roles': { id: () => group([fx.viewerRole], []) },
  'DELETE /groups/v1/:id/users': { id: async (c) => group([], [await c.get('userId')]) },
  '/permissions/v1/:permissionId': { roleIds: async (c) => [await c.get('roleId')] },
  '/team/resources/members/v1': { id: (c) => c.get('userId') },
  '/resendActivationEmail': { userId: pendingInvitation },
  '/invitation/reset': { userId: pendingInvitation },
  '/tenants/invites/v1/user': { $before: () => post(`${I}/tenants/invites/v1/user`) },
  '/tenants/api-tokens/v1/:id': { id: posted(`${I}/tenants/api-tokens/v1`, () => ({ description: 'M' })) },
  '/tenants/access-tokens/v1/:id': {
    id: posted(`${I}/tenants/access-tokens/v1`, () => ({ description: 'M' })),
  },
  '/users/api-tokens/v1/:id': { id: personal('api') },
  '/users/access-tokens/v1/:id': { id: personal('access') },
  '/restrictions/ip/:id': {
    id: async () => {
      const ip = `10.7.${++seq % 250}.1`;
      await post(`${I}/configurations/v1/restrictions/ip`, { ip, strategy: 'BLOCK', isActive: false });
      const listed = await admin('GET', `${IR}/configurations/v1/restrictions/ip?_filter=BLOCK&_limit=100`);
      return listed.items.find((i: Json) => i.ip === ip).id;
    },
  },
  '/email-domain/:id': {
    id: posted(`${I}/configurations/restrictions/v1/email-domain`, () => ({
      domain: `${uniq('m')}.example`,
      type: 'BLOCK',
    })),
  },
  '/audits/streams': { url: 'https://siem.example.com/collect' },
  '/audits/streams/:id': { id: aStream },
  'POST /audits/streams': { $before: () => server.db.query('DELETE FROM audit_streams') },
  '/webhook/': {
    id: get('webhook', '_id'),
    webhook: (c) => keep(c, 'webhook', () => post('/webhook/custom', HOOKED)),
  },
  '/webhook/logs/:id': {
    id: async (c) => {
      const into = `INSERT INTO webhook_logs (webhook_id, tenant_id, event_key, status_code, body)`;
      const sql = `${into} VALUES ($1, $2, 'user.passwordReset', 500, '{}') RETURNING id`;
      return (await server.db.query<Json>(sql, [(await c.get('webhook'))._id, SEED_TENANT])).rows[0].id;
    },
  },
  '/slack/': {
    channel: (c) => keep(c, 'channel', aChannel),
    slackEvents: async (c) => EVENTS((await c.get('channel')).id),
  },
  '/slack/channels/:id': { id: get('channel', 'id') },
  '/slack/subscription': { id: get('slack', 'id'), slack: (c) => keep(c, 'slack', aSlackSubscription) },
  '/sms/': { recipients: ['+15550002222'] },
  '/:eventKey': {
    $before: aConfig,
    '+subscriptions': async (c) => [{ enabled: true, recipients: await c.get('recipients') }],
  },
  '/:eventKey/subscriptions/:id': { id: aConfig },
  '/scim': { id: posted('/directory/resources/v1/configurations/scim2', () => ({ source: 'other' })) },
  '/sso/': { conn: (c) => keep(c, 'conn', () => post(SSO, { type: 'saml' })) },
  [SSO]: {
    id: get('conn', 'id'),
    domainId: async (c) => {
      const { id, generatedVerification } = await c.get('conn');
      const domain = `${uniq('matrix-sso')}.example`;
      dns.txt.set(domain, [generatedVerification]);
      return (await post(`${SSO}/${id}/domains`, { domain })).id;
    },
    groupId: async (c) => (await post(`${SSO}/${(await c.get('conn')).id}/groups`, { group: uniq('g') })).id,
  },
  '/metadata-url': { url: () => metadataHost.url },
  [`${LG}/:id`]: { id: posted(LG, () => ({ group: uniq('g') })) },
  'GET /saml/configurations/vendor-config': { $before: (c) => c.get('conn') },
  'PUT /saml/validations/domain': {
    $before: async () => {
      const domain = `${uniq('matrix-legacy')}.example`;
      const legacy = await post('/team/resources/sso/v1/saml/configurations', { domain });
      dns.txt.set(domain, [legacy.generatedVerification]);
    },
  },
  'PUT /flags/api/v1/flags/:key': { key: 'fe-roles-page', enabled: true },
  'GET /frontegg/metadata': { entityName: 'saml' },
  'POST /frontegg/metadata': { actions: [{ path: 'navigation.roles.visibility', value: 'always' }] },
  '/reports/v2/:id': { id: 'members' },
  '/subscriptions/resources/billing/': { tenantId: SEED_TENANT },
  '/invoices/v1/:id': { id: (c) => keep(c, 'invoice', invoice) },
  '/payment-methods/v1/:id': { id: (c) => keep(c, 'card', savedCard) },
  '/subscriptions/v1/:id': { id: subId },
  '/cancellations/': { $before: onFree },
  '/renewals/': {
    $before: async () => admin('PUT', `${B}/subscriptions/v1/${await onFree()}/cancellations/`, {}),
  },
  '/setup-intents/v1/:id': {
    ...{ setup, id: get('setup', 'id'), clientSecret: get('setup', 'setupIntentSecret') },
    ...{ approve: true, ...card('4242424242424242') },
  },
  '/:id/authenticate': { $before: async (c) => confirm(await c.get('setup'), '4000002500003155') },
  'GET /stripe/customers/v1/:tenantId': {
    $before: () => post(CUSTOMERS, { name: 'M', email: 'm@example.com' }),
  },
};
const HOOKED = { displayName: 'Matrix hook', url: HOOK, eventKeys: [], isActive: false };
const requestOf = requestsFrom(VALUES);
const ADMIN_NOW = () => ({ roleIds: [fx.adminRole] });
const ADMIN = { roleIds: () => ADMIN_NOW().roleIds };
const ALL = (who: Caller) => [...who.permissions, 'fe.*'].map(perm);
const USERS = 'fe.secure.write.users';
const MEMBER_ID = get('member', 'id');
const AN_ADMIN: Attempt[] = [['act on an admin', { member: anAdmin }]];
const SELF = { userId: (c: Ctx) => c.who.id, ...ADMIN };
const ADMINS = { id: () => adminsGroup() };
const THEIR_ROLE = { roleIds: (c: Ctx) => [c.who.roleId] };
const IN_SEED = { tenantId: SEED_TENANT, userId: anAdminId };
const DEFAULT_ADMIN: Attempt[] = [['give Admin as default role', ADMIN]];
const GROUP_ADMIN: Attempt[] = [['map a group to Admin', ADMIN]];
const MEMBER_ROLES: Attempt[] = [
  ['Admin for themselves', SELF, [400]],
  ['Admin for a plain member', ADMIN],
  ['demote an admin', { member: anAdmin, roleIds: () => [fx.viewerRole] }],
];
const exchanged = async (m: Caller, body: Json) =>
  assert.deepEqual((await exchange('', body)).permissions, m.permissions);
async function asBearer(m: Caller, { secret }: Json) {
  const raised = await as(secret, 'POST', `${IR}/roles/v1`, { key: 'raised-by-pat', name: 'Raised' });
  assert.ok([401, 403].includes(raised.statusCode), `${raised.statusCode} ${raised.body}`);
  if (m.permissions.includes('fe.secure.read.userApiTokens'))
    assert.equal((await as(secret, 'GET', `${IR}/users/access-tokens/v1`)).statusCode, 200);
}
async function intoTwo() {
  const [first, second] = [await subAccount(), await subAccount()];
  return [
    { tenantId: first.id, roleIds: [fx.viewerRole] },
    { tenantId: second.id, roleIds: [fx.adminRole] },
  ];
}
/** An admin in a sub-account too: out of both. */
async function outOfBoth(c: Ctx) {
  const branch = await c.get('branch');
  await post(sub(branch.id), { email: (await c.get('member')).email });
  return [{ tenantId: branch.id }, { tenantId: SEED_TENANT }];
}
/** What a manager of the route's area tries, by route (`METHOD /…`: the one route whose path ends so). */
const GRANTS: Record<string, Attempt[]> = {
  'POST /roles/v1': [
    ['a role with fe.*', { permissionIds: () => [perm('fe.*')] }],
    ["a role with another area's permission", { permissionIds: () => [perm('fe.secure.write.users')] }],
  ],
  'DELETE /roles/v1/:roleId': [['delete a role that grants fe.*', { roleId: everythingRole }]],
  'PUT /:roleId/permissions': [
    ['fe.* onto their own role', { roleId: (c) => c.who.roleId, permissionIds: (c) => ALL(c.who) }],
    ['strip the permissions of a role that grants fe.*', { roleId: everythingRole }],
  ],
  'PUT /:permissionId/roles': [
    ['fe.* onto their own role', { permissionId: () => perm('fe.*'), ...THEIR_ROLE }],
    ["another area's permission onto their own role", { permissionId: () => perm(USERS), ...THEIR_ROLE }],
  ],
  // Changing nothing needs only the permission; turning groups' roles off or on takes or gives
  // every role of the account's groups, so it needs what they grant.
  'POST /groups/v1/config': [
    ["the Admins group's roles off", { $before: () => adminsGroup(), rolesEnabled: false }],
  ],
  'DELETE /groups/v1/:id': [['delete the Admins group', ADMINS]],
  'POST /groups/v1/:id/roles': [
    ['Admin onto a group they belong to', { id: (c) => group([], [c.who.id]), ...ADMIN }],
  ],
  'DELETE /groups/v1/:id/roles': [['Admin off the Admins group', { ...ADMINS, ...ADMIN }]],
  'POST /groups/v1/:id/users': [
    ['themselves into the Admins group', { ...ADMINS, userIds: (c) => [c.who.id] }],
    ['someone else into the Admins group', ADMINS],
  ],
  'DELETE /groups/v1/:id/users': [
    [
      'an admin out of the Admins group',
      { member: anAdmin, id: async (c) => adminsGroup(await c.get('userId')) },
    ],
    [
      'an admin out of a group without roles',
      { member: anAdmin, id: async (c) => group([], [await c.get('userId')]) },
    ],
  ],
  'PUT /users/v1/:userId/roles': MEMBER_ROLES,
  // The same member actions at the client SDK's users-page paths (teams.updateUser, deleteUser).
  'PUT /team/resources/members/v1': MEMBER_ROLES,
  'DELETE /users/v1/:userId': AN_ADMIN,
  'DELETE /team/resources/members/v1/:userId': AN_ADMIN,
  'POST /users/sessions/v1/revoke': AN_ADMIN,
  'POST /users/v1/:userId/unlock': AN_ADMIN,
  'POST /users/v2': [['invite with Admin', ADMIN]],
  // Whoever joins through the link gets no role: the link cannot be told to give one.
  'POST /tenants/invites/v1/user': [['an invite link that gives Admin', ADMIN, [400]]],
  'POST /tenants/api-tokens/v1': [['a token with Admin', ADMIN]],
  // The client SDK's creation path (auth.updateTenantApiTokensData): the same handler as v1.
  'POST /tenants/api-tokens/v2': [['a token with Admin', ADMIN]],
  'PATCH /tenants/api-tokens/v1/:id': [['give a token Admin', ADMIN]],
  'POST /tenants/access-tokens/v1': [['an access token with Admin', ADMIN]],
  'POST /users/api-tokens/v1': [
    ['a personal token with Admin', ADMIN, [400]],
    ['a personal token: its access token holds what its owner holds, no more', {}, [201], exchanged],
  ],
  'POST /users/access-tokens/v1': [
    ['a personal access token with Admin', ADMIN, [400]],
    ['a personal access token: as a bearer, it holds what its owner holds', {}, [201], asBearer],
  ],
  'POST /impersonation/v1': [
    ['impersonate an admin', { member: anAdmin }],
    [
      'impersonate a member holding a permission they lack',
      { member: () => user(SEED_TENANT, ['ReadOnly']) },
    ],
  ],
  'PATCH /sub-tenants/users/v1/:userId/roles': [['Admin for a sub-account member', ADMIN]],
  'POST /sub-tenants/users/v1/:userId/roles': [['add Admin to a sub-account member', ADMIN]],
  'PUT /sub-tenants/users/v1/:userId/access': [
    ["deny an admin's access", { userId: anAdminId, allowAccess: false }],
  ],
  'POST /sub-tenants/users/v1': [
    ['someone into two sub-accounts, with Admin in the second', { subTenants: intoTwo }],
  ],
  'POST /sub-tenants/users/v2/': [
    ['members into a sub-account with Admin', ADMIN],
    [
      'one with Admin as their own role',
      { users: async (c) => [{ email: await c.get('email'), ...ADMIN_NOW() }] },
    ],
  ],
  'DELETE /sub-tenants/users/v1': [
    [
      'an admin out of the account and a sub-account',
      { member: anAdmin, userId: MEMBER_ID, subTenants: outOfBoth },
    ],
  ],
  'POST /tenants/resources/sub-tenants/v1': [
    [
      'a sub-account whose creator gets more than they hold',
      {},
      [201],
      (m, { tenantId }) => holdsNoMore(tenantId, m),
    ],
  ],
  'POST /v1/:tenantId/users': [['someone into a sub-account with Admin', ADMIN]],
  'DELETE /users/:userId': [['an admin out of the account', IN_SEED]],
  'PUT /users/:userId/roles': [
    ['Admin for themselves in their own account', { ...SELF, tenantId: SEED_TENANT }, [400]],
    ['Admin for a plain member', { tenantId: SEED_TENANT, member: plainMember, userId: MEMBER_ID, ...ADMIN }],
    ['Admin for a member of a sub-account', ADMIN],
    ['demote an admin', { ...IN_SEED, roleIds: [''] }],
  ],
  'PUT /users/:userId/access': [["deny an admin's access", { ...IN_SEED, allowAccess: false }]],
  [`POST ${SSO}`]: [['create with Admin as default role', ADMIN]],
  [`PATCH ${SSO}/:id`]: DEFAULT_ADMIN,
  [`PUT ${SSO}/:id/roles`]: DEFAULT_ADMIN,
  'POST /saml/configurations/roles/default': DEFAULT_ADMIN,
  [`POST ${SSO}/:id/groups`]: GROUP_ADMIN,
  [`PATCH ${SSO}/:id/groups/:groupId`]: GROUP_ADMIN,
  [`POST ${LG}`]: GROUP_ADMIN,
  [`PATCH ${LG}/:id`]: GROUP_ADMIN,
};
const ATTEMPTS = Object.entries(GRANTS).flatMap(([route, all]) => all.map((a) => [route, ...a] as const));
/** The member roles of `userId` in `tenantId` grant nothing `held` does not cover. */
async function holdsNoMore(tenantId: string, { id, permissions: held }: Caller) {
  const keys = (await loadAuthorization(server.db, id, tenantId)).permissions.map((p) => p.key);
  const extra = keys.filter(
    (k) => !held.some((h) => h === k || (h.endsWith('*') && k.startsWith(h.slice(0, -1)))),
  );
  assert.deepEqual(extra, [], `holds ${extra.join(', ')} in ${tenantId}`);
}

// ---- The callers.
let otherTenantAdmin: Caller, apiTenantToken: Caller, apiUserToken: Caller, superUser: Caller;
/** Access tokens of API tokens holding every permission: a tenant token with Admin, an admin's own. */
let machines: Caller[];
const AREA = /^(fe\.[a-z-]+)\.(read|write|delete)\.(\w+)$/;
const areaOf = (key: string) => {
  const match = AREA.exec(key);
  return match ? `${match[1]}.${match[3]}` : key;
};
/** A manager of the route's area: its every permission (impersonation: and reading the users). */
const managerOf = (permission: string) =>
  holder([
    ...permissionKeys.filter((k) => k !== 'fe.*' && areaOf(k) === areaOf(permission)),
    ...(permission === 'fe.secure.write.impersonate' ? ['fe.secure.read.users'] : []),
  ]);

/** Who must be refused on a route that needs `permission`. */
async function refusedCallers(permission: string, write: boolean): Promise<Caller[]> {
  const none = await holder([], 'no permission');
  const all = permissionKeys.filter((k) => k !== 'fe.*');
  if (permission === 'superUser')
    return [none, await holder(all, 'all but fe.*'), apiTenantToken, apiUserToken];
  const area = areaOf(permission);
  const sameArea = permissionKeys.filter((k) => k !== permission && areaOf(k) === area);
  const otherAreas = permissionKeys.filter((k) => k !== 'fe.*' && areaOf(k) !== area);
  const callers = [
    none,
    ...(sameArea.length ? [await holder(sameArea, `same area (${sameArea.join(', ')})`)] : []),
    await holder(otherAreas, 'every other area'),
  ];
  // The lesser tokens hold every read permission: they are lesser on the routes that change data.
  if (write) callers.push(apiTenantToken, apiUserToken);
  return callers;
}

async function exchange(name: string, { clientId, secret }: Json): Promise<Caller> {
  const payload = { clientId, secret };
  const res = await server.app.inject({ method: 'POST', url: `${IR}/auth/v1/api-token`, payload });
  assert.equal(res.statusCode, 200, res.body);
  const token = res.json().accessToken as string;
  const claims = decodeJwt(token) as { sub: string; permissions: string[] };
  return { name, token, id: claims.sub, email: '', roleId: null, permissions: claims.permissions };
}

const counts = { routes: 0, gated: 0, callers: new Set<string>(), pairs: 0, grantAttempts: 0 };
const started = Date.now();

before(async () => {
  dns = await startDnsServer();
  metadataHost = await serveIdpMetadata();
  server = await startTestServer({
    devOutbox: true,
    sso: { dnsServers: [dns.address] },
    connectivity: { worker: false, allowPrivateAddresses: true },
    staticRoot: fileURLToPath(new URL('..', import.meta.url)),
  });
  adminToken = (await login(server.app)).accessToken;
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  passwordHash = await new PasswordHasher(FAST_HASHING).hash(PASSWORD);
  await setFlag(server.db, 'admin_portal_login_per_tenant', { enabled: true });
  journal = await journalWrites(server.db, SEED_TENANT);

  const permissions: Json[] = await admin('GET', `${IR}/permissions/v1`);
  for (const p of permissions) fx.permissionIds.set(p.key, p.id);
  permissionKeys = permissions.map((p) => p.key);
  const roles: Json[] = await admin('GET', `${IR}/roles/v1`);
  fx.adminRole = roles.find((r) => r.key === 'Admin').id;
  fx.viewerRole = roles.find((r) => r.key === 'Viewer').id;

  const other = await createTenant(server.db, { vendorId, name: 'Another company' });
  otherTenantAdmin = await signIn('admin of another tenant', await user(other.id, ['Admin']));

  // A lesser creator: every read permission, and may make tokens. Their tenant token gets a role
  // of every read permission; their personal token acts as them.
  const reads = permissionKeys.filter((k) => /\.read(\.|$)/.test(k));
  const creator = await holder([...reads, ...['tenant', 'user'].map((k) => `fe.secure.write.${k}ApiTokens`)]);
  const lesser = async (name: string, path: string, body: object) => {
    const res = await as(creator.token, 'POST', `${IR}/${path}`, { description: 'Lesser', ...body });
    return exchange(
      `${name} of a lesser creator`,
      res.statusCode === 201 ? res.json() : assert.fail(res.body),
    );
  };
  const roleIds = [(await tenantRole(reads)).id];
  apiTenantToken = await lesser('tenant API token', 'tenants/api-tokens/v1', { roleIds });
  apiUserToken = await lesser('personal API token', 'users/api-tokens/v1', {});

  const vendorAdmin = await user(SEED_TENANT, []);
  await server.db.query('UPDATE users SET super_user = true WHERE id = $1', [vendorAdmin.id]);
  superUser = await signIn('vendor administrator (super user)', vendorAdmin);
  const all = (path: string, body = {}) => post(`${I}/${path}`, { description: 'All', ...body });
  machines = [
    await exchange(
      'tenant API token with Admin',
      await all('tenants/api-tokens/v1', { roleIds: [fx.adminRole] }),
    ),
    await exchange('personal API token of an admin', await all('users/api-tokens/v1')),
  ];
});
after(async () => {
  console.log(
    `permission matrix: ${counts.routes} routes classified; ${counts.gated} permission-gated routes × ` +
      `${counts.callers.size} kinds of caller: ${counts.pairs} route × caller checks in all; ` +
      `${counts.grantAttempts} grant attempts; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await server?.close();
  await dns?.close();
  await metadataHost?.close();
});

/** A problem found: what, who, and the answer. */
const said = (label: string, res: { statusCode: number; body: string }) =>
  `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;

describe('permission matrix', () => {
  it('derives a request for every permission-gated route of the route table; its values name routes', async () => {
    counts.routes = ROUTE_TABLE.reduce((n, route) => n + (route.alsoAtRoot ? 2 : 1), 0);
    const nobody = { name: '', token: '', id: '', email: '', roleId: null, permissions: [] };
    const missing: string[] = [];
    for (const g of gated) {
      const dry: string[] = [];
      await requestOf(g, nobody, {}, false, dry);
      for (const [, , set] of ATTEMPTS.filter(([route]) => applies(route, g)))
        await requestOf(g, nobody, set, true, dry);
      if (dry.length) missing.push(`${g.key}: ${[...new Set(dry)].join(', ')}`);
    }
    assert.deepEqual(missing, [], 'give these a value in VALUES (server/permission-matrix.test.ts)');
    const routes = (where: string) => gated.filter((g) => applies(where, g)).length;
    const stale = [
      ...Object.keys(GRANTS).filter((route) => routes(route) !== 1),
      ...Object.keys(VALUES).filter((where) => routes(where) === 0),
    ];
    assert.deepEqual(stale, [], 'these GRANTS name no one gated route, these VALUES none');
  });

  it('notes every write in its journal ("nothing written"), but not a session\'s last use', async () => {
    const mark = await journal.mark();
    await server.db.query('UPDATE sessions SET last_used_at = now()');
    await server.db.query('UPDATE vendors SET name = name');
    assert.equal(await journal.mark(), mark);
    await server.db.query(`UPDATE vendors SET updated_at = updated_at + interval '1 second'`);
    await server.db.query(`UPDATE vendors SET updated_at = updated_at - interval '1 second'`);
    assert.equal(await journal.since(mark), 'vendors UPDATE ×2');
  });

  it('refuses every permission-gated route to callers without its permission, and nothing is written', async () => {
    const problems: string[] = [];
    for (const g of gated) {
      const { key, method, permission } = g;
      counts.gated += 1;
      const exact = permission === 'superUser' ? superUser : await holder([permission]);
      const request = await requestOf(g, exact).catch(
        (e: Error) => void problems.push(`${key}: ${e.message}`),
      );
      if (!request) continue;
      const call = async (who: { name: string; token: string | null }) => {
        counts.pairs += 1;
        counts.callers.add(who.name.replace(/ \(.*\)$/, ''));
        const headers = who.token ? bearer(who.token) : {};
        return server.app.inject({ method, url: request.url, headers, payload: request.payload });
      };
      // A POST that only reads (groups bulkGet) is gated by a read permission: a read.
      const refused = await refusedCallers(permission, method !== 'GET' && !permission.includes('.read.'));
      const mustRefuse = [{ name: 'no token', token: null }, ...refused];
      let mark = await journal.mark();
      const nothingWritten = async (who: string) => {
        const now = await journal.mark();
        if (now !== mark)
          problems.push(`${key}: ${who}: something was written (${await journal.since(mark)})`);
        mark = now;
      };
      for (const caller of mustRefuse) {
        const res = await call(caller);
        if (res.statusCode !== 401 && res.statusCode !== 403)
          problems.push(said(`${key}: ${caller.name}`, res));
      }
      // One look at the journal for them all; when it has a note, each call again to name who wrote.
      if ((await journal.mark()) !== mark) {
        await nothingWritten('refused callers');
        for (const caller of mustRefuse) await call(caller).then(() => nothingWritten(caller.name));
      }
      // The request itself is right: the caller holding exactly the permission gets through. On a
      // resource route, after the other tenant's try (which must not find the resource gone).
      const exactly = { ...exact, name: 'exactly the permission' };
      const allowed = async () => {
        const res = await call(exactly);
        if (res.statusCode >= 300) problems.push(said(`${key}: ${exact.name} (exactly)`, res));
      };
      // An administrator of another tenant: this tenant's ids are not found there (400 for ids in a
      // body, "not in this account"), and this tenant does not change.
      const other = `${key}: ${otherTenantAdmin.name}`;
      if ('scope' in g.route.access && g.route.access.scope === 'resource') {
        mark = await journal.mark();
        const res = await call(otherTenantAdmin);
        if (![400, 403, 404].includes(res.statusCode)) problems.push(said(other, res));
        await nothingWritten(otherTenantAdmin.name);
        await allowed();
      } else {
        await allowed();
        const [before, mark] = [await journal.accountPrint(), await journal.mark()];
        const res = await call(otherTenantAdmin);
        if (res.statusCode >= 500) problems.push(said(other, res));
        // Nothing written anywhere (the journal) is nothing written here either.
        if ((await journal.mark()) !== mark && (await journal.accountPrint()) !== before)
          problems.push(`${other}: this tenant changed`);
      }
      // An access token of an API token holding everything gets no 5xx (a personal token is made
      // for a user: a tenant token's subject is none, its request may not be made).
      for (const machine of machines) {
        const again = await requestOf(g, machine).catch(() => null);
        const res =
          again && (counts.pairs += 1) && (await as(machine.token, method, again.url, again.payload));
        if (res && res.statusCode >= 500) problems.push(said(`${key}: ${machine.name}`, res));
      }
    }
    assert.deepEqual(problems, []);
  });

  it('no route grants what the caller does not hold, acts on a member above them, or raises them', async () => {
    const problems: string[] = [];
    for (const [route, what, set, status = [403], check] of ATTEMPTS) {
      const g = gated.find((g) => applies(route, g))!;
      const manager = await managerOf(g.permission);
      assert.ok(!manager.permissions.includes('fe.*'));
      const label = `${g.key}: ${what}`;
      const request = await requestOf(g, manager, set, true);
      const mark = await journal.mark();
      const res = await as(manager.token, g.method, request.url, request.payload);
      counts.grantAttempts += 1;
      if (!status.includes(res.statusCode)) problems.push(said(label, res));
      if (res.statusCode >= 300 && (await journal.mark()) !== mark)
        problems.push(`${label}: refused, but something was written (${await journal.since(mark)})`);
      if (check && res.statusCode < 300)
        await check(manager, res.json()).catch((error: Error) => problems.push(`${label}: ${error.message}`));
      // What their next token would hold (read as sign-in reads it, without signing in again).
      const now = (await memberPermissionKeys(server.db, SEED_TENANT, manager.id)).sort();
      if (now.join() !== [...manager.permissions].sort().join())
        problems.push(`${label}: the manager now holds ${now.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });

  it('an access token of an API token holding every permission cannot impersonate', async () => {
    for (const machine of machines) {
      const res = await as(machine.token, 'POST', `${IR}/impersonation/v1`, {
        userId: (await plainMember()).id,
      });
      assert.equal(res.statusCode, 403, `${machine.name}: ${res.body}`);
      assert.deepEqual(res.json().errors, ['API tokens cannot be used for this call: sign in as a user']);
    }
  });

  it('routes for any signed-in user refuse a request without a token', async () => {
    const problems: string[] = [];
    for (const { method, path, root, alsoAtRoot, access } of ROUTE_TABLE) {
      if (access.kind !== 'self') continue;
      for (const full of [root ? path : `${F}${path}`, ...(alsoAtRoot ? [path] : [])]) {
        const url = full.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
        const res = await server.app.inject({ method, url, ...(method !== 'GET' ? { payload: {} } : {}) });
        counts.pairs += 1;
        // Without a body the schema may answer first (400); never an answer that did something.
        if (res.statusCode !== 401 && res.statusCode !== 400)
          problems.push(`${method} ${full}: ${res.statusCode}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
