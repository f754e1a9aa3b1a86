/**
 * The permission matrix. Who may call each route is its descriptor's in the route table
 * (core/contract/routes: public, the caller themself, a permission and its scope); the server
 * registers only routes of the table (server/http/route-table.test.ts). Every permission-gated
 * route has a request in ROUTES below: a gated route without one fails the first test, so none can
 * be forgotten. Then, on one server:
 *
 * - every permission-gated route is called with one request by callers who must be refused
 *   (401/403) without anything written to the database: no token, no permission, the same area's
 *   other permissions (read and delete instead of write), every other area's permissions, and access
 *   tokens exchanged from a tenant and a personal API token of a lesser creator (data-changing
 *   routes). An administrator of another tenant acting on this tenant's ids gets 400/403/404 and
 *   changes nothing; on a route that acts only on the caller's own account, they may succeed there
 *   but this tenant does not change. A caller holding exactly the route's permission then makes the
 *   same request and gets a 2xx: the table's permission is the right one, the request a valid one;
 * - every route that grants or takes away (roles, permissions, group membership, sub-account
 *   membership and roles, tokens, invitations, impersonation) is tried by a manager of its area who
 *   does not hold fe.*: handing out what they lack, acting on a member above them, raising
 *   themselves. Each is refused with nothing written, and the manager's next token holds exactly
 *   what it held before;
 * - an access token of an API token holding everything (a tenant token, whose subject is no user,
 *   and an admin's personal token) gets no 5xx on any gated route, and cannot impersonate;
 * - every route for any signed-in user refuses a request without a token.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { ROUTES as ROUTE_TABLE } from '../core/contract/routes';
import type { BuiltServer } from './app';
import { createApiToken } from './domain/api-tokens';
import { setFlag } from './domain/featureFlags';
import { PasswordHasher } from './domain/passwords';
import { addMembership, createTenant, loadAuthorization } from './domain/tenants';
import { insertUser } from './domain/users';
import { SEED_TENANT_ID } from './seed';
import { startDnsServer, type TestDnsServer } from '../test/support/dns-server';
import { idpMetadataXml, serveIdpMetadata } from '../test/support/idp-metadata';
import { API, FAST_HASHING, bearer, login, startTestServer } from '../test/support/server';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface Req {
  url: string;
  payload?: object;
}
interface Caller {
  name: string;
  token: string;
  id: string;
  email: string;
  roleId: string | null;
  permissions: string[];
}
/**
 * How the request is built: `exact` is the caller who holds exactly the route's permission (some
 * resources, personal tokens, belong to their caller).
 */
type Prepare = (exact: Caller) => Promise<Req>;

/** A try at granting what the manager lacks, or acting on a member above them. */
interface Attempt {
  what: string;
  request: (manager: Caller) => Promise<Req>;
  /** The answers that count as refused; a 2xx here must leave the database as `check` says. */
  status: number[];
  check?: (manager: Caller, body: unknown) => Promise<void>;
}

/**
 * A permission-gated route's request (who may call it, and its scope, are its descriptor's in the
 * route table): `resource` routes name this tenant's ids (another tenant gets 403/404), `account`
 * routes act on the caller's active account (another tenant acts on theirs).
 */
interface Entry {
  request: Prepare;
  /** Routes that grant or take away: the area manager's permissions and what they try. */
  grants?: { manager: string[]; attempts: Attempt[] };
}
/** A request without a body to the route's path (ids in it, if any, built by the caller). */
const at = (url: string): Entry => ({ request: async () => ({ url }) });

/** The table's routes: their full path as registered, and who may call them. */
const described = ROUTE_TABLE.flatMap((route) => {
  const full = route.root ? route.path : `/frontegg${route.path}`;
  const keys = route.alsoAtRoot ? [full, route.path] : [full];
  return keys.map((path) => ({
    key: `${route.method} ${path}`,
    method: route.method as Method,
    path,
    route,
  }));
});
/** The permission-gated routes: the permission ('superUser' for the vendor's) and the scope. */
const gated = described.flatMap(({ key, method, route: { access } }) =>
  access.kind === 'permission' || access.kind === 'superUser'
    ? [
        {
          key,
          method,
          permission: access.kind === 'superUser' ? 'superUser' : access.permission,
          scope: access.scope,
        },
      ]
    : [],
);

const IR = API; // /frontegg/identity/resources
const F = '/frontegg';
const PASSWORD = 'Matrix-pass-2026';
const GRANTS_NOT_HELD = [403];
const ALL_SIGN_IN_METHODS = {
  mainAuthStrategies: ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'].map((strategy) => ({ strategy })),
  secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: false }],
};

let server: BuiltServer;
let dns: TestDnsServer;
let metadataHost: { url: string; close(): Promise<void> };
let adminToken: string;
let vendorId: string;
let passwordHash: string;
let seq = 0;
const uniq = (label: string) => `${label}-${++seq}`;
/** Ids the requests name. */
const fx = {
  adminRole: '',
  viewerRole: '',
  permissionIds: new Map<string, string>(),
};
const perm = (key: string) => {
  const id = fx.permissionIds.get(key);
  if (!id) throw new Error(`no permission ${key}`);
  return id;
};

async function as(token: string, method: Method, url: string, payload?: object) {
  return server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function admin(method: Method, url: string, payload?: object) {
  const res = await as(adminToken, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

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
  return { name, token, id: who.id, email: who.email, roleId, permissions } satisfies Caller;
}
async function tenantRole(permissions: string[]) {
  const key = uniq('matrix-role');
  const role = await admin('POST', `${IR}/roles/v1`, {
    key,
    name: key,
    permissionIds: permissions.map(perm),
  });
  return { id: role.id as string, key };
}
const holders = new Map<string, Promise<Caller>>();
/** A member of the seeded tenant holding one tenant role with exactly these permissions (cached). */
async function holder(
  permissions: string[],
  name = permissions.join('+') || 'no permission',
): Promise<Caller> {
  const cacheKey = [...permissions].sort().join(' ');
  let found = holders.get(cacheKey);
  if (!found) {
    found = (async () => {
      const role = await tenantRole(permissions);
      return signIn(name, await user(SEED_TENANT_ID, [role.key]), role.id);
    })();
    holders.set(cacheKey, found);
  }
  return { ...(await found), name };
}
const plainMember = () => user(SEED_TENANT_ID, []);
/** The seeded tenant's audit stream (created once, again after a DELETE took it). */
async function aStream(): Promise<string> {
  const { items } = (await admin('GET', `${F}/audits/streams`)) as { items: Array<{ id: string }> };
  if (items[0]) return items[0].id;
  const created = await admin('POST', `${F}/audits/streams`, {
    name: uniq('stream'),
    url: 'https://siem.example.com/collect',
    format: 'json',
  });
  return created.id as string;
}
async function group(roleIds: string[], userIds: string[]) {
  const created = await admin('POST', `${IR}/groups/v1`, { name: uniq('Matrix group') });
  if (roleIds.length) await admin('POST', `${IR}/groups/v1/${created.id}/roles`, { roleIds });
  if (userIds.length) await admin('POST', `${IR}/groups/v1/${created.id}/users`, { userIds });
  return created.id as string;
}
/** A sub-account of the seeded tenant with a plain member in it. */
async function subAccount() {
  const created = await admin('POST', `${F}/tenants/resources/sub-tenants/v1`, {
    name: uniq('Matrix branch'),
  });
  const member = await plainMember();
  await admin('POST', `${IR}/sub-tenants/v1/${created.tenantId}/users`, {
    email: member.email,
    roleIds: [fx.viewerRole],
  });
  return { id: created.tenantId as string, member };
}
async function pendingInvitation() {
  const invited = await admin('POST', `${IR}/users/v2`, {
    email: `${uniq('invited')}@example.com`,
    skipInviteEmail: true,
  });
  return invited.id as string;
}
/**
 * Fresh for every attempt, so that one attempt wrongly let through cannot hide the next: an
 * administrator of the seeded tenant, a tenant role with fe.* that one holds, the Admins group (the
 * Admin role, an administrator in it).
 */
const anAdmin = () => user(SEED_TENANT_ID, ['Admin']);
async function everythingRole() {
  const role = await tenantRole(['fe.*']);
  await user(SEED_TENANT_ID, [role.key]);
  return role.id;
}
const adminsGroup = async (adminId?: string) => group([fx.adminRole], [adminId ?? (await anAdmin()).id]);
const sub = (tenantId: string) => `${IR}/sub-tenants/v1/${tenantId}/users`;
const SUB_TENANTS = `${F}/tenants/resources/sub-tenants/v1`;

/** The area managers who try to grant: an area's every permission, never fe.*. */
const MANAGERS = {
  roles: ['fe.secure.read.roles', 'fe.secure.write.roles', 'fe.secure.delete.roles'],
  groups: ['fe.secure.read.groups', 'fe.secure.write.groups', 'fe.secure.delete.groups'],
  users: ['fe.secure.read.users', 'fe.secure.write.users', 'fe.secure.delete.users'],
  subAccounts: ['fe.account-hierarchy.read.subAccount', 'fe.account-hierarchy.write.subAccount'],
  tenantTokens: [
    'fe.secure.read.tenantApiTokens',
    'fe.secure.write.tenantApiTokens',
    'fe.secure.delete.tenantApiTokens',
  ],
  userTokens: [
    'fe.secure.read.userApiTokens',
    'fe.secure.write.userApiTokens',
    'fe.secure.delete.userApiTokens',
  ],
  impersonation: ['fe.secure.write.impersonate', 'fe.secure.read.users'],
};

/** The member roles of `userId` in `tenantId` grant nothing `held` does not cover. */
async function holdsNoMoreThan(tenantId: string, userId: string, held: string[]) {
  const keys = (await loadAuthorization(server.db, userId, tenantId)).permissions.map((p) => p.key);
  const extra = keys.filter(
    (k) => !held.some((h) => h === k || (h.endsWith('*') && k.startsWith(h.slice(0, -1)))),
  );
  assert.deepEqual(extra, [], `holds ${extra.join(', ')} in ${tenantId}`);
}

/**
 * The request of every permission-gated route of the route table (core/contract/routes), by
 * method and full path.
 */
const ROUTES: Record<string, Entry> = {
  // ---- Roles and permissions.
  [`GET ${IR}/roles/v1`]: at(`${IR}/roles/v1`),
  [`GET ${F}/team/resources/roles/v1`]: at(`${F}/team/resources/roles/v1`),
  [`GET ${F}/team/resources/members/v1`]: at(`${F}/team/resources/members/v1?pageOffset=0&pageSize=20`),
  [`GET ${F}/team/resources/stats/v1/members`]: at(`${F}/team/resources/stats/v1/members`),
  [`POST ${F}/team/resources/members/v1/:userId/resendActivationEmail`]: {
    request: async () => ({
      url: `${F}/team/resources/members/v1/${await pendingInvitation()}/resendActivationEmail`,
      payload: {},
    }),
  },
  [`GET ${IR}/roles/v2`]: at(`${IR}/roles/v2`),
  [`GET ${IR}/permissions/v1`]: at(`${IR}/permissions/v1`),
  [`GET ${IR}/permissions/v1/categories`]: at(`${IR}/permissions/v1/categories`),
  [`POST ${IR}/roles/v1`]: {
    request: async () => ({ url: `${IR}/roles/v1`, payload: { key: uniq('new-role'), name: 'New role' } }),
    grants: {
      manager: MANAGERS.roles,
      attempts: [
        {
          what: 'a role with fe.*',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/roles/v1`,
            payload: { key: uniq('raise'), name: 'Raise', permissionIds: [perm('fe.*')] },
          }),
        },
        {
          what: "a role with another area's permission",
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/roles/v1`,
            payload: { key: uniq('raise'), name: 'Raise', permissionIds: [perm('fe.secure.write.users')] },
          }),
        },
      ],
    },
  },
  [`PATCH ${IR}/roles/v1/:roleId`]: {
    request: async () => ({
      url: `${IR}/roles/v1/${(await tenantRole([])).id}`,
      payload: { name: 'Renamed' },
    }),
  },
  [`DELETE ${IR}/roles/v1/:roleId`]: {
    request: async () => ({ url: `${IR}/roles/v1/${(await tenantRole([])).id}` }),
    grants: {
      manager: MANAGERS.roles,
      attempts: [
        {
          what: 'delete a role that grants fe.*',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${IR}/roles/v1/${await everythingRole()}` }),
        },
      ],
    },
  },
  [`PUT ${IR}/roles/v1/:roleId/permissions`]: {
    request: async () => ({
      url: `${IR}/roles/v1/${(await tenantRole([])).id}/permissions`,
      payload: { permissionIds: [] },
    }),
    grants: {
      manager: MANAGERS.roles,
      attempts: [
        {
          what: 'fe.* onto their own role',
          status: GRANTS_NOT_HELD,
          request: async (m) => ({
            url: `${IR}/roles/v1/${m.roleId}/permissions`,
            payload: { permissionIds: [...m.permissions, 'fe.*'].map(perm) },
          }),
        },
        {
          what: 'strip the permissions of a role that grants fe.*',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/roles/v1/${await everythingRole()}/permissions`,
            payload: { permissionIds: [] },
          }),
        },
      ],
    },
  },
  [`PUT ${IR}/permissions/v1/:permissionId/roles`]: {
    request: async () => ({
      url: `${IR}/permissions/v1/${perm('fe.secure.write.roles')}/roles`,
      payload: { roleIds: [(await tenantRole([])).id] },
    }),
    grants: {
      manager: MANAGERS.roles,
      attempts: [
        {
          what: 'fe.* onto their own role',
          status: GRANTS_NOT_HELD,
          request: async (m) => ({
            url: `${IR}/permissions/v1/${perm('fe.*')}/roles`,
            payload: { roleIds: [m.roleId!] },
          }),
        },
        {
          what: "another area's permission onto their own role",
          status: GRANTS_NOT_HELD,
          request: async (m) => ({
            url: `${IR}/permissions/v1/${perm('fe.secure.write.users')}/roles`,
            payload: { roleIds: [m.roleId!] },
          }),
        },
      ],
    },
  },

  // ---- Groups.
  [`GET ${IR}/groups/v1`]: at(`${IR}/groups/v1`),
  [`GET ${IR}/groups/v1/config`]: at(`${IR}/groups/v1/config`),
  // Changing nothing needs only the permission; turning groups' roles off or on takes or gives
  // every role of the account's groups, so it needs what they grant.
  [`POST ${IR}/groups/v1/config`]: {
    request: async () => ({ url: `${IR}/groups/v1/config`, payload: { enabled: true } }),
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: "the roles of the Admins group taken from its members (groups' roles off)",
          status: GRANTS_NOT_HELD,
          request: async () => {
            await adminsGroup();
            return { url: `${IR}/groups/v1/config`, payload: { rolesEnabled: false } };
          },
        },
      ],
    },
  },
  // Reads by ids: only the caller's account's groups are answered (another account's ids: none).
  [`POST ${IR}/groups/v1/bulkGet`]: {
    request: async () => ({ url: `${IR}/groups/v1/bulkGet`, payload: { groupsIds: [await group([], [])] } }),
  },
  [`GET ${IR}/groups/v1/:id`]: { request: async () => ({ url: `${IR}/groups/v1/${await group([], [])}` }) },
  [`POST ${IR}/groups/v1`]: {
    request: async () => ({ url: `${IR}/groups/v1`, payload: { name: uniq('New group') } }),
  },
  [`PATCH ${IR}/groups/v1/:id`]: {
    request: async () => ({
      url: `${IR}/groups/v1/${await group([], [])}`,
      payload: { description: 'Changed' },
    }),
  },
  [`DELETE ${IR}/groups/v1/:id`]: {
    request: async () => ({ url: `${IR}/groups/v1/${await group([fx.viewerRole], [])}` }),
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: 'delete the Admins group',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${IR}/groups/v1/${await adminsGroup()}` }),
        },
      ],
    },
  },
  [`POST ${IR}/groups/v1/:id/roles`]: {
    request: async () => ({
      url: `${IR}/groups/v1/${await group([], [])}/roles`,
      payload: { roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: 'Admin onto a group they belong to',
          status: GRANTS_NOT_HELD,
          request: async (m) => ({
            url: `${IR}/groups/v1/${await group([], [m.id])}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/groups/v1/:id/roles`]: {
    request: async () => ({
      url: `${IR}/groups/v1/${await group([fx.viewerRole], [])}/roles`,
      payload: { roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: 'Admin off the Admins group',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/groups/v1/${await adminsGroup()}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`POST ${IR}/groups/v1/:id/users`]: {
    request: async () => ({
      url: `${IR}/groups/v1/${await group([fx.viewerRole], [])}/users`,
      payload: { userIds: [(await plainMember()).id] },
    }),
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: 'themselves into the Admins group',
          status: GRANTS_NOT_HELD,
          request: async (m) => ({
            url: `${IR}/groups/v1/${await adminsGroup()}/users`,
            payload: { userIds: [m.id] },
          }),
        },
        {
          what: 'someone else into the Admins group',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/groups/v1/${await adminsGroup()}/users`,
            payload: { userIds: [(await plainMember()).id] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/groups/v1/:id/users`]: {
    request: async () => {
      const member = await plainMember();
      return {
        url: `${IR}/groups/v1/${await group([fx.viewerRole], [member.id])}/users`,
        payload: { userIds: [member.id] },
      };
    },
    grants: {
      manager: MANAGERS.groups,
      attempts: [
        {
          what: 'an admin out of the Admins group',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const admin = await anAdmin();
            return {
              url: `${IR}/groups/v1/${await adminsGroup(admin.id)}/users`,
              payload: { userIds: [admin.id] },
            };
          },
        },
        {
          what: 'an admin out of a group without roles',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const admin = await anAdmin();
            return {
              url: `${IR}/groups/v1/${await group([], [admin.id])}/users`,
              payload: { userIds: [admin.id] },
            };
          },
        },
      ],
    },
  },

  // ---- The users page: members, invitations, the invite link.
  [`GET ${IR}/users/v2`]: at(`${IR}/users/v2`),
  [`GET ${IR}/users/v3`]: at(`${IR}/users/v3`),
  [`PUT ${IR}/users/v1/:userId/roles`]: {
    request: async () => ({
      url: `${IR}/users/v1/${(await plainMember()).id}/roles`,
      payload: { roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'Admin for themselves',
          status: [400],
          request: async (m) => ({
            url: `${IR}/users/v1/${m.id}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'Admin for a plain member',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/users/v1/${(await plainMember()).id}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'demote an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/users/v1/${(await anAdmin()).id}/roles`,
            payload: { roleIds: [fx.viewerRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/users/v1/:userId`]: {
    request: async () => ({ url: `${IR}/users/v1/${(await plainMember()).id}` }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'remove an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${IR}/users/v1/${(await anAdmin()).id}` }),
        },
      ],
    },
  },
  // The same member actions at the client SDK's users-page paths (teams.updateUser, deleteUser).
  [`PUT ${F}/team/resources/members/v1`]: {
    request: async () => ({
      url: `${F}/team/resources/members/v1`,
      payload: { id: (await plainMember()).id, roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'Admin for themselves',
          status: [400],
          request: async (m) => ({
            url: `${F}/team/resources/members/v1`,
            payload: { id: m.id, roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'Admin for a plain member',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${F}/team/resources/members/v1`,
            payload: { id: (await plainMember()).id, roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'demote an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${F}/team/resources/members/v1`,
            payload: { id: (await anAdmin()).id, roleIds: [fx.viewerRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${F}/team/resources/members/v1/:userId`]: {
    request: async () => ({ url: `${F}/team/resources/members/v1/${(await plainMember()).id}` }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'remove an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${F}/team/resources/members/v1/${(await anAdmin()).id}` }),
        },
      ],
    },
  },
  [`GET ${IR}/users/v1/:userId`]: {
    request: async () => ({ url: `${IR}/users/v1/${(await plainMember()).id}` }),
  },
  // Reads by ids: only the caller's account's members are answered (another account's ids: none).
  [`GET ${IR}/users/v3/roles`]: {
    request: async () => ({ url: `${IR}/users/v3/roles?ids=${(await plainMember()).id}` }),
  },
  [`GET ${IR}/users/v3/groups`]: {
    request: async () => ({ url: `${IR}/users/v3/groups?ids=${(await plainMember()).id}` }),
  },
  // An admin ends a member's sessions in the account (auth.revokeSessionsForUser).
  [`POST ${IR}/users/sessions/v1/revoke`]: {
    request: async () => ({
      url: `${IR}/users/sessions/v1/revoke`,
      payload: { userId: (await plainMember()).id },
    }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: "end an admin's sessions",
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/users/sessions/v1/revoke`,
            payload: { userId: (await anAdmin()).id },
          }),
        },
      ],
    },
  },
  // The security page's policies (issue 15). Saves write harmless values: the matrix signs in again after.
  [`GET ${IR}/configurations/v1`]: {
    request: async () => ({
      url: `${IR}/configurations/v1`,
    }),
  },
  [`GET ${IR}/configurations/v1/mfa-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/mfa-policy`,
    }),
  },
  [`GET ${IR}/configurations/v1/mfa-policy/vendor`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/mfa-policy/vendor`,
    }),
  },
  [`POST ${IR}/configurations/v1/mfa-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/mfa-policy`,
      payload: { enforceMFAType: 'DontForce' },
    }),
  },
  [`PATCH ${IR}/configurations/v1/mfa-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/mfa-policy`,
      payload: { enforceMFAType: 'DontForce' },
    }),
  },
  // The audit log (routes/audits.ts): the caller's active account's records only.
  [`GET ${F}/audits`]: at(`${F}/audits?offset=0&count=20&sortBy=createdAt&sortDirection=desc`),
  [`GET ${F}/audits/stats`]: at(`${F}/audits/stats`),
  [`POST ${F}/audits/export/csv/v2`]: {
    request: async () => ({
      url: `${F}/audits/export/csv/v2?sortBy=createdAt&sortDirection=desc`,
      payload: {},
    }),
  },
  [`POST ${F}/audits/export/csv`]: {
    request: async () => ({ url: `${F}/audits/export/csv`, payload: {} }),
  },
  // Audit streams (routes/audit-streams.ts): one stream reused (an account has at most five).
  [`GET ${F}/audits/streams`]: at(`${F}/audits/streams`),
  [`POST ${F}/audits/streams`]: {
    request: async () => {
      await server.db.query('DELETE FROM audit_streams');
      return {
        url: `${F}/audits/streams`,
        payload: { name: uniq('stream'), url: 'https://siem.example.com/collect', format: 'json' },
      };
    },
  },
  [`POST ${F}/audits/streams/:id/pause`]: {
    request: async () => ({ url: `${F}/audits/streams/${await aStream()}/pause`, payload: {} }),
  },
  [`POST ${F}/audits/streams/:id/resume`]: {
    request: async () => ({ url: `${F}/audits/streams/${await aStream()}/resume`, payload: {} }),
  },
  [`DELETE ${F}/audits/streams/:id`]: {
    request: async () => ({ url: `${F}/audits/streams/${await aStream()}` }),
  },
  [`GET ${F}/audits/streams/:id/deliveries`]: {
    request: async () => ({ url: `${F}/audits/streams/${await aStream()}/deliveries?count=5` }),
  },
  [`POST ${F}/audits/streams/:id/backfill`]: {
    request: async () => ({
      url: `${F}/audits/streams/${await aStream()}/backfill`,
      payload: { from: '2020-01-01' },
    }),
  },
  [`GET ${IR}/configurations/v1/lockout-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/lockout-policy`,
    }),
  },
  [`GET ${IR}/configurations/v1/lockout-policy/vendor`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/lockout-policy/vendor`,
    }),
  },
  // Sign-in methods and the captcha policy (routes/sign-in-methods.ts): everything stays on.
  [`PUT ${IR}/configurations/v1/auth/strategies`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/auth/strategies`,
      payload: ALL_SIGN_IN_METHODS,
    }),
  },
  [`DELETE ${IR}/configurations/v1/auth/strategies`]: at(`${IR}/configurations/v1/auth/strategies`),
  [`PUT ${IR}/configurations/v1/auth/strategies/vendor`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/auth/strategies/vendor`,
      payload: ALL_SIGN_IN_METHODS,
    }),
  },
  [`GET ${IR}/configurations/v1/captcha-policy`]: at(`${IR}/configurations/v1/captcha-policy`),
  [`PUT ${IR}/configurations/v1/captcha-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/captcha-policy`,
      payload: { enabled: false, siteKey: 'matrix-site-key' },
    }),
  },
  [`POST ${IR}/configurations/v1/lockout-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/lockout-policy`,
      payload: { enabled: false, maxAttempts: 5 },
    }),
  },
  [`PATCH ${IR}/configurations/v1/lockout-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/lockout-policy`,
      payload: { enabled: false, maxAttempts: 5 },
    }),
  },
  [`GET ${IR}/configurations/v1/password-history-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/password-history-policy`,
    }),
  },
  [`GET ${IR}/configurations/v1/password-history-policy/vendor`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/password-history-policy/vendor`,
    }),
  },
  [`POST ${IR}/configurations/v1/password-history-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/password-history-policy`,
      payload: { enabled: false, historySize: 1 },
    }),
  },
  [`PATCH ${IR}/configurations/v1/password-history-policy`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/password-history-policy`,
      payload: { enabled: false, historySize: 1 },
    }),
  },
  [`GET ${IR}/configurations/sessions/v1`]: {
    request: async () => ({
      url: `${IR}/configurations/sessions/v1`,
    }),
  },
  [`POST ${IR}/configurations/sessions/v1`]: {
    request: async () => ({
      url: `${IR}/configurations/sessions/v1`,
      payload: { sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 } },
    }),
  },
  // IP restrictions (issue 15): entries are added inactive so the matrix's callers stay allowed.
  [`GET ${IR}/configurations/v1/restrictions/ip`]: at(
    `${IR}/configurations/v1/restrictions/ip?_filter=ALLOW`,
  ),
  [`GET ${IR}/configurations/v1/restrictions/ip/config`]: at(
    `${IR}/configurations/v1/restrictions/ip/config`,
  ),
  [`POST ${IR}/configurations/v1/restrictions/ip/config`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/restrictions/ip/config`,
      payload: { isActive: false, strategy: 'ALLOW' },
    }),
  },
  [`POST ${IR}/configurations/v1/restrictions/ip`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/restrictions/ip`,
      payload: { ip: `10.9.${++seq % 250}.1`, strategy: 'BLOCK', isActive: false },
    }),
  },
  [`POST ${IR}/configurations/v1/restrictions/ip/bulk`]: {
    request: async () => ({
      url: `${IR}/configurations/v1/restrictions/ip/bulk`,
      payload: { ips: [{ ip: `10.8.${++seq % 250}.0/24`, strategy: 'BLOCK', isActive: false }] },
    }),
  },
  [`DELETE ${IR}/configurations/v1/restrictions/ip/:id`]: {
    request: async () => {
      const ip = `10.7.${++seq % 250}.1`;
      await admin('POST', `${IR}/configurations/v1/restrictions/ip`, {
        ip,
        strategy: 'BLOCK',
        isActive: false,
      });
      const listed = await admin('GET', `${IR}/configurations/v1/restrictions/ip?_filter=BLOCK&_limit=100`);
      return {
        url: `${IR}/configurations/v1/restrictions/ip/${listed.items.find((i: { ip: string }) => i.ip === ip).id}`,
      };
    },
  },
  [`POST ${IR}/configurations/v1/restrictions/ip/verify`]: at(
    `${IR}/configurations/v1/restrictions/ip/verify`,
  ),
  [`POST ${IR}/configurations/v1/restrictions/ip/verify/allow`]: at(
    `${IR}/configurations/v1/restrictions/ip/verify/allow`,
  ),
  // Email-domain restrictions (issue 15): the config is saved inactive.
  [`GET ${IR}/configurations/restrictions/v1/email-domain`]: at(
    `${IR}/configurations/restrictions/v1/email-domain`,
  ),
  [`GET ${IR}/configurations/restrictions/v1/email-domain/config`]: at(
    `${IR}/configurations/restrictions/v1/email-domain/config`,
  ),
  [`POST ${IR}/configurations/restrictions/v1/email-domain/config`]: {
    request: async () => ({
      url: `${IR}/configurations/restrictions/v1/email-domain/config`,
      payload: { active: false },
    }),
  },
  [`POST ${IR}/configurations/restrictions/v1/email-domain`]: {
    request: async () => ({
      url: `${IR}/configurations/restrictions/v1/email-domain`,
      payload: { domain: `${uniq('matrix')}.example`, type: 'BLOCK' },
    }),
  },
  [`DELETE ${IR}/configurations/restrictions/v1/email-domain/:id`]: {
    request: async () => {
      const created = await admin('POST', `${IR}/configurations/restrictions/v1/email-domain`, {
        domain: `${uniq('matrix')}.example`,
        type: 'BLOCK',
      });
      return { url: `${IR}/configurations/restrictions/v1/email-domain/${created.id}` };
    },
  },
  // The security centre (routes/security-center.ts): the caller's active account only.
  [`GET ${F}/security-center/resources/recommendations/v1`]: at(
    `${F}/security-center/resources/recommendations/v1`,
  ),
  [`GET ${F}/security-center/resources/insights/v1`]: at(`${F}/security-center/resources/insights/v1`),
  [`POST ${IR}/users/v1/passwords/breached/reset/bulk`]: {
    request: async () => ({ url: `${IR}/users/v1/passwords/breached/reset/bulk`, payload: {} }),
  },
  // An admin unlocks a member locked by the lockout policy.
  [`POST ${IR}/users/v1/:userId/unlock`]: {
    request: async () => ({ url: `${IR}/users/v1/${(await plainMember()).id}/unlock` }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'unlock an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${IR}/users/v1/${(await anAdmin()).id}/unlock` }),
        },
      ],
    },
  },
  [`POST ${IR}/users/v2`]: {
    request: async () => ({
      url: `${IR}/users/v2`,
      payload: { email: `${uniq('invite')}@example.com`, roleIds: [fx.viewerRole], skipInviteEmail: true },
    }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          what: 'invite with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/users/v2`,
            payload: {
              email: `${uniq('raise')}@example.com`,
              roleIds: [fx.adminRole],
              skipInviteEmail: true,
            },
          }),
        },
      ],
    },
  },
  [`POST ${IR}/users/v1/invitation/reset`]: {
    request: async () => ({
      url: `${IR}/users/v1/invitation/reset`,
      payload: { userId: await pendingInvitation() },
    }),
  },
  [`POST ${IR}/users/v1/invitation/reset/all`]: {
    request: async () => ({
      url: `${IR}/users/v1/invitation/reset/all`,
      payload: { userId: await pendingInvitation() },
    }),
  },
  [`GET ${IR}/tenants/invites/v1/configuration`]: at(`${IR}/tenants/invites/v1/configuration`),
  [`GET ${IR}/tenants/invites/v1/user`]: {
    request: async () => {
      await admin('POST', `${IR}/tenants/invites/v1/user`, {});
      return { url: `${IR}/tenants/invites/v1/user` };
    },
  },
  [`POST ${IR}/tenants/invites/v1/user`]: {
    request: async () => ({ url: `${IR}/tenants/invites/v1/user`, payload: { expiresInMinutes: 60 } }),
    grants: {
      manager: MANAGERS.users,
      attempts: [
        {
          // Whoever joins through the link gets no role: the link cannot be told to give one.
          what: 'an invite link that gives Admin',
          status: [400],
          request: async () => ({
            url: `${IR}/tenants/invites/v1/user`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`PATCH ${IR}/tenants/invites/v1/user`]: {
    request: async () => {
      await admin('POST', `${IR}/tenants/invites/v1/user`, {});
      return { url: `${IR}/tenants/invites/v1/user`, payload: { shouldSendEmail: true } };
    },
  },
  [`DELETE ${IR}/tenants/invites/v1/user`]: {
    request: async () => {
      await admin('POST', `${IR}/tenants/invites/v1/user`, {});
      return { url: `${IR}/tenants/invites/v1/user` };
    },
  },

  // ---- API tokens.
  [`GET ${IR}/tenants/api-tokens/v1`]: at(`${IR}/tenants/api-tokens/v1`),
  [`POST ${IR}/tenants/api-tokens/v1`]: {
    request: async () => ({
      url: `${IR}/tenants/api-tokens/v1`,
      payload: { description: 'Matrix', roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.tenantTokens,
      attempts: [
        {
          what: 'a token with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/tenants/api-tokens/v1`,
            payload: { description: 'Raise', roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  // The client SDK's creation path (auth.updateTenantApiTokensData): the same handler as v1.
  [`POST ${IR}/tenants/api-tokens/v2`]: {
    request: async () => ({
      url: `${IR}/tenants/api-tokens/v2`,
      payload: { description: 'Matrix v2', roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.tenantTokens,
      attempts: [
        {
          what: 'a token with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/tenants/api-tokens/v2`,
            payload: { description: 'Raise', roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/tenants/api-tokens/v1/:id`]: {
    request: async () => {
      const token = await admin('POST', `${IR}/tenants/api-tokens/v1`, { description: 'Matrix' });
      return { url: `${IR}/tenants/api-tokens/v1/${token.id}` };
    },
  },
  // Editing a token (issue 28 item 15): roles follow creation's grant rule.
  [`PATCH ${IR}/tenants/api-tokens/v1/:id`]: {
    request: async () => {
      const token = await admin('POST', `${IR}/tenants/api-tokens/v1`, { description: 'Matrix' });
      return { url: `${IR}/tenants/api-tokens/v1/${token.id}`, payload: { roleIds: [fx.viewerRole] } };
    },
    grants: {
      manager: MANAGERS.tenantTokens,
      attempts: [
        {
          what: 'give a token Admin',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const token = await admin('POST', `${IR}/tenants/api-tokens/v1`, { description: 'Matrix' });
            return { url: `${IR}/tenants/api-tokens/v1/${token.id}`, payload: { roleIds: [fx.adminRole] } };
          },
          check: async () => {
            const { rows } = await server.db.query(
              `SELECT 1 FROM api_token_roles WHERE role_id = $1 AND token_id IN (SELECT id FROM api_tokens WHERE description = 'Matrix')`,
              [fx.adminRole],
            );
            assert.equal(rows.length, 0, 'no token was given Admin');
          },
        },
      ],
    },
  },
  [`PATCH ${IR}/users/api-tokens/v1/:id`]: {
    request: async (exact) => {
      const token = await createApiToken(
        server.db,
        { type: 'user', tenantId: SEED_TENANT_ID, userId: exact.id },
        { description: 'Matrix', expiresInMinutes: null, roleIds: [] },
      );
      return { url: `${IR}/users/api-tokens/v1/${token.id}`, payload: { description: 'Matrix edited' } };
    },
  },
  [`GET ${IR}/users/api-tokens/v1`]: at(`${IR}/users/api-tokens/v1`),
  [`POST ${IR}/users/api-tokens/v1`]: {
    request: async () => ({ url: `${IR}/users/api-tokens/v1`, payload: { description: 'Matrix' } }),
    grants: {
      manager: MANAGERS.userTokens,
      attempts: [
        {
          what: 'a personal token with Admin',
          status: [400],
          request: async () => ({
            url: `${IR}/users/api-tokens/v1`,
            payload: { description: 'Raise', roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'a personal token: its access token holds what its owner holds, no more',
          status: [201],
          request: async () => ({ url: `${IR}/users/api-tokens/v1`, payload: { description: 'Mine' } }),
          check: async (m, body) => {
            const { clientId, secret } = body as { clientId: string; secret: string };
            const exchanged = await server.app.inject({
              method: 'POST',
              url: `${IR}/auth/v1/api-token`,
              payload: { clientId, secret },
            });
            const claims = decodeJwt(exchanged.json().accessToken) as { permissions: string[] };
            assert.deepEqual(claims.permissions, m.permissions);
          },
        },
      ],
    },
  },
  [`DELETE ${IR}/users/api-tokens/v1/:id`]: {
    // A personal token is its owner's alone: the exact caller deletes their own.
    request: async (exact) => {
      const token = await createApiToken(
        server.db,
        { type: 'user', tenantId: SEED_TENANT_ID, userId: exact.id },
        { description: 'Matrix', expiresInMinutes: null, roleIds: [] },
      );
      return { url: `${IR}/users/api-tokens/v1/${token.id}` };
    },
  },

  // ---- Access tokens (the client SDK's: the secret is the bearer): the API tokens' permissions.
  [`GET ${IR}/tenants/access-tokens/v1`]: at(`${IR}/tenants/access-tokens/v1`),
  [`POST ${IR}/tenants/access-tokens/v1`]: {
    request: async () => ({
      url: `${IR}/tenants/access-tokens/v1`,
      payload: { description: 'Matrix', expiresInMinutes: 60, roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.tenantTokens,
      attempts: [
        {
          what: 'an access token with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/tenants/access-tokens/v1`,
            payload: { description: 'Raise', expiresInMinutes: null, roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/tenants/access-tokens/v1/:id`]: {
    request: async () => {
      const token = await admin('POST', `${IR}/tenants/access-tokens/v1`, { description: 'Matrix' });
      return { url: `${IR}/tenants/access-tokens/v1/${token.id}` };
    },
  },
  [`GET ${IR}/users/access-tokens/v1`]: at(`${IR}/users/access-tokens/v1`),
  [`POST ${IR}/users/access-tokens/v1`]: {
    request: async () => ({ url: `${IR}/users/access-tokens/v1`, payload: { description: 'Matrix' } }),
    grants: {
      manager: MANAGERS.userTokens,
      attempts: [
        {
          what: 'a personal access token with Admin',
          status: [400],
          request: async () => ({
            url: `${IR}/users/access-tokens/v1`,
            payload: { description: 'Raise', roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'a personal access token: as its bearer, it holds what its owner holds, no more',
          status: [201],
          request: async () => ({ url: `${IR}/users/access-tokens/v1`, payload: { description: 'Mine' } }),
          check: async (m, body) => {
            const { secret } = body as { secret: string };
            const raised = await server.app.inject({
              method: 'POST',
              url: `${IR}/roles/v1`,
              headers: bearer(secret),
              payload: { key: 'raised-by-pat', name: 'Raised' },
            });
            assert.ok([401, 403].includes(raised.statusCode), `${raised.statusCode} ${raised.body}`);
            if (!m.permissions.includes('fe.secure.read.userApiTokens')) return;
            const listed = await server.app.inject({
              method: 'GET',
              url: `${IR}/users/access-tokens/v1`,
              headers: bearer(secret),
            });
            assert.equal(listed.statusCode, 200);
          },
        },
      ],
    },
  },
  [`DELETE ${IR}/users/access-tokens/v1/:id`]: {
    // A personal token is its owner's alone: the exact caller deletes their own.
    request: async (exact) => {
      const token = await createApiToken(
        server.db,
        { type: 'user', kind: 'access', tenantId: SEED_TENANT_ID, userId: exact.id },
        { description: 'Matrix', expiresInMinutes: null, roleIds: [] },
      );
      return { url: `${IR}/users/access-tokens/v1/${token.id}` };
    },
  },

  // ---- Impersonation.
  [`POST ${IR}/impersonation/v1`]: {
    request: async () => ({ url: `${IR}/impersonation/v1`, payload: { userId: (await plainMember()).id } }),
    grants: {
      manager: MANAGERS.impersonation,
      attempts: [
        {
          what: 'impersonate an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${IR}/impersonation/v1`, payload: { userId: (await anAdmin()).id } }),
        },
        {
          what: 'impersonate a member holding a permission they lack',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/impersonation/v1`,
            payload: { userId: (await user(SEED_TENANT_ID, ['ReadOnly'])).id },
          }),
        },
      ],
    },
  },

  // ---- Account settings and the portal configuration.
  [`GET ${F}/tenants/resources/account-settings/v1`]: at(`${F}/tenants/resources/account-settings/v1`),
  [`PUT ${F}/tenants/resources/account-settings/v1`]: {
    request: async () => ({
      url: `${F}/tenants/resources/account-settings/v1`,
      payload: { website: `https://${uniq('matrix')}.example.com` },
    }),
  },
  [`GET ${F}/tenants/resources/account-settings/v1/custom-login`]: at(
    `${F}/tenants/resources/account-settings/v1/custom-login`,
  ),
  [`PUT ${F}/tenants/resources/account-settings/v1/custom-login`]: {
    request: async () => ({
      url: `${F}/tenants/resources/account-settings/v1/custom-login`,
      payload: { enabled: true, loginAlias: uniq('matrix-alias') },
    }),
  },
  [`GET ${F}/flags/api/v1/flags`]: at(`${F}/flags/api/v1/flags`),
  [`PUT ${F}/flags/api/v1/flags/:key`]: {
    request: async () => ({ url: `${F}/flags/api/v1/flags/fe-roles-page`, payload: { enabled: true } }),
  },
  [`POST ${F}/metadata`]: {
    request: async () => ({
      url: `${F}/metadata`,
      payload: {
        entityName: 'adminBox',
        actions: [{ path: 'navigation.roles.visibility', value: 'always' }],
      },
    }),
  },
  [`POST ${F}/metadata/admin-box`]: {
    request: async () => ({
      url: `${F}/metadata/admin-box`,
      payload: { actions: [{ type: 'navigation.roles.visibility', payload: 'always' }] },
    }),
  },

  // ---- Sub-accounts.
  [`GET ${F}/tenants/resources/hierarchy/v2`]: at(`${F}/tenants/resources/hierarchy/v2`),
  // The client SDK's hierarchy v1 reads and the users count, within the caller's tree.
  [`GET ${F}/tenants/resources/hierarchy/v1`]: at(`${F}/tenants/resources/hierarchy/v1`),
  [`GET ${F}/tenants/resources/hierarchy/v1/tree`]: at(`${F}/tenants/resources/hierarchy/v1/tree`),
  [`GET ${F}/tenants/resources/hierarchy/v1/parents`]: at(`${F}/tenants/resources/hierarchy/v1/parents`),
  [`GET ${F}/tenants/resources/hierarchy/v1/parents/:tenantId`]: {
    request: async () => ({ url: `${F}/tenants/resources/hierarchy/v1/parents/${(await subAccount()).id}` }),
  },
  [`POST ${IR}/tenants/users/v1/count`]: {
    request: async () => ({
      url: `${IR}/tenants/users/v1/count`,
      payload: { tenantIds: [(await subAccount()).id] },
    }),
  },
  // The client SDK's sub-account member calls (routes/sub-tenant-users-v1.ts).
  [`PATCH ${IR}/sub-tenants/users/v1/:userId/roles`]: {
    request: async () => {
      const branch = await subAccount();
      return {
        url: `${IR}/sub-tenants/users/v1/${branch.member.id}/roles`,
        payload: { subTenantsRoles: [{ tenantId: branch.id, roleIds: [fx.viewerRole] }] },
      };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'Admin for a sub-account member',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const branch = await subAccount();
            return {
              url: `${IR}/sub-tenants/users/v1/${branch.member.id}/roles`,
              payload: { subTenantsRoles: [{ tenantId: branch.id, roleIds: [fx.adminRole] }] },
            };
          },
        },
      ],
    },
  },
  [`POST ${IR}/sub-tenants/users/v1/:userId/roles`]: {
    request: async () => {
      const branch = await subAccount();
      return {
        url: `${IR}/sub-tenants/users/v1/${branch.member.id}/roles`,
        payload: { subTenantsRoles: [{ tenantId: branch.id, roleIds: [fx.viewerRole] }] },
      };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'add Admin to a sub-account member',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const branch = await subAccount();
            return {
              url: `${IR}/sub-tenants/users/v1/${branch.member.id}/roles`,
              payload: { subTenantsRoles: [{ tenantId: branch.id, roleIds: [fx.adminRole] }] },
            };
          },
        },
      ],
    },
  },
  [`DELETE ${IR}/sub-tenants/users/v1/:userId/roles`]: {
    request: async () => {
      const branch = await subAccount();
      return {
        url: `${IR}/sub-tenants/users/v1/${branch.member.id}/roles`,
        payload: { subTenantsRoles: [{ tenantId: branch.id, roleIds: [fx.viewerRole] }] },
      };
    },
  },
  [`PUT ${IR}/sub-tenants/users/v1/:userId/access`]: {
    request: async () => ({
      url: `${IR}/sub-tenants/users/v1/${(await plainMember()).id}/access`,
      payload: { allowAccess: true },
    }),
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: "deny an admin's access",
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/sub-tenants/users/v1/${(await anAdmin()).id}/access`,
            payload: { allowAccess: false },
          }),
        },
      ],
    },
  },
  // ---- Sub-account members across the tree (the client SDK's subTenants calls).
  [`GET ${IR}/sub-tenants/users/v1`]: at(
    `${IR}/sub-tenants/users/v1?_offset=0&_limit=5&_sortBy=name&_order=ASC`,
  ),
  [`POST ${IR}/sub-tenants/users/v1`]: {
    request: async () => ({
      url: `${IR}/sub-tenants/users/v1`,
      payload: {
        user: { email: (await plainMember()).email },
        subTenants: [{ tenantId: (await subAccount()).id, roleIds: [fx.viewerRole] }],
      },
    }),
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'someone into two sub-accounts, with Admin in the second',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/sub-tenants/users/v1`,
            payload: {
              user: { email: (await plainMember()).email },
              subTenants: [
                { tenantId: (await subAccount()).id, roleIds: [fx.viewerRole] },
                { tenantId: (await subAccount()).id, roleIds: [fx.adminRole] },
              ],
            },
          }),
        },
      ],
    },
  },
  [`POST ${IR}/sub-tenants/users/v2/`]: {
    request: async () => ({
      url: `${IR}/sub-tenants/users/v2/`,
      payload: {
        users: [{ email: (await plainMember()).email }],
        tenantId: (await subAccount()).id,
        roleIds: [fx.viewerRole],
      },
    }),
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'members into a sub-account with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/sub-tenants/users/v2/`,
            payload: {
              users: [{ email: (await plainMember()).email }],
              tenantId: (await subAccount()).id,
              roleIds: [fx.adminRole],
            },
          }),
        },
        {
          what: 'a member into a sub-account with Admin as their own role',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${IR}/sub-tenants/users/v2/`,
            payload: {
              users: [{ email: (await plainMember()).email, roleIds: [fx.adminRole] }],
              tenantId: (await subAccount()).id,
              roleIds: [fx.viewerRole],
            },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/sub-tenants/users/v1`]: {
    request: async () => {
      const branch = await subAccount();
      return {
        url: `${IR}/sub-tenants/users/v1`,
        payload: { userId: branch.member.id, subTenants: [{ tenantId: branch.id }] },
      };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'an admin out of the account and a sub-account',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const above = await anAdmin();
            const branch = await subAccount();
            await admin('POST', sub(branch.id), { email: above.email });
            return {
              url: `${IR}/sub-tenants/users/v1`,
              payload: {
                userId: above.id,
                subTenants: [{ tenantId: branch.id }, { tenantId: SEED_TENANT_ID }],
              },
            };
          },
        },
      ],
    },
  },
  [`GET ${F}/tenants/resources/hierarchy/v2/metadata`]: at(`${F}/tenants/resources/hierarchy/v2/metadata`),
  [`POST ${SUB_TENANTS}`]: {
    request: async () => ({
      url: SUB_TENANTS,
      payload: { name: uniq('Matrix child'), parentTenantId: (await subAccount()).id },
    }),
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'a sub-account whose creator gets more than they hold',
          status: [201],
          request: async () => ({ url: SUB_TENANTS, payload: { name: uniq('Manager branch') } }),
          check: async (m, body) =>
            holdsNoMoreThan((body as { tenantId: string }).tenantId, m.id, m.permissions),
        },
      ],
    },
  },
  [`PATCH ${SUB_TENANTS}/:tenantId`]: {
    request: async () => ({ url: `${SUB_TENANTS}/${(await subAccount()).id}`, payload: { name: 'Renamed' } }),
  },
  [`DELETE ${SUB_TENANTS}/:tenantId`]: {
    request: async () => ({ url: `${SUB_TENANTS}/${(await subAccount()).id}` }),
  },
  [`GET ${IR}/sub-tenants/v1/:tenantId/users`]: {
    request: async () => ({ url: sub((await subAccount()).id) }),
  },
  [`POST ${IR}/sub-tenants/v1/:tenantId/users`]: {
    request: async () => ({
      url: sub((await subAccount()).id),
      payload: { email: (await plainMember()).email, roleIds: [fx.viewerRole] },
    }),
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'someone into a sub-account with Admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: sub((await subAccount()).id),
            payload: { email: (await plainMember()).email, roleIds: [fx.adminRole] },
          }),
        },
      ],
    },
  },
  [`DELETE ${IR}/sub-tenants/v1/:tenantId/users/:userId`]: {
    request: async () => {
      const branch = await subAccount();
      return { url: `${sub(branch.id)}/${branch.member.id}` };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'an admin out of the account',
          status: GRANTS_NOT_HELD,
          request: async () => ({ url: `${sub(SEED_TENANT_ID)}/${(await anAdmin()).id}` }),
        },
      ],
    },
  },
  [`PUT ${IR}/sub-tenants/v1/:tenantId/users/:userId/roles`]: {
    request: async () => {
      const branch = await subAccount();
      return { url: `${sub(branch.id)}/${branch.member.id}/roles`, payload: { roleIds: [''] } };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: 'Admin for themselves in their own account',
          status: [400],
          request: async (m) => ({
            url: `${sub(SEED_TENANT_ID)}/${m.id}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'Admin for a plain member',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${sub(SEED_TENANT_ID)}/${(await plainMember()).id}/roles`,
            payload: { roleIds: [fx.adminRole] },
          }),
        },
        {
          what: 'Admin for a member of a sub-account',
          status: GRANTS_NOT_HELD,
          request: async () => {
            const branch = await subAccount();
            return {
              url: `${sub(branch.id)}/${branch.member.id}/roles`,
              payload: { roleIds: [fx.adminRole] },
            };
          },
        },
        {
          what: 'demote an admin',
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${sub(SEED_TENANT_ID)}/${(await anAdmin()).id}/roles`,
            payload: { roleIds: [''] },
          }),
        },
      ],
    },
  },
  [`PUT ${IR}/sub-tenants/v1/:tenantId/users/:userId/access`]: {
    request: async () => {
      const branch = await subAccount();
      return { url: `${sub(branch.id)}/${branch.member.id}/access`, payload: { allowAccess: true } };
    },
    grants: {
      manager: MANAGERS.subAccounts,
      attempts: [
        {
          what: "deny an admin's access",
          status: GRANTS_NOT_HELD,
          request: async () => ({
            url: `${sub(SEED_TENANT_ID)}/${(await anAdmin()).id}/access`,
            payload: { allowAccess: false },
          }),
        },
      ],
    },
  },
  // Connectivity (issue 16). The matrix's server runs no delivery worker: nothing is written behind
  // a request's back. Subscriptions name user.passwordReset, an event the matrix never causes.
  ...connectivityEntries(),
  // Billing (issue 17): fe.subscriptions.read to read, fe.subscriptions.write to change.
  ...billingEntries(),
  // Directory provisioning (issue 16): SCIM configurations, and the SCIM endpoints they open.
  ...directoryEntries(),
  // SSO connections configured by tenant administrators (issue 16).
  ...ssoEntries(),
  // Reports (issue 28 item 4): the built-in templates list members, fe.secure.read.users.
  ...reportEntries(),
  // The account's usage (issue 28 item 3).
  [`GET ${F}/tenants/resources/usage/v1`]: at(`${F}/tenants/resources/usage/v1`),
};

function reportEntries(): Record<string, Entry> {
  const R = `${F}/reports/resources/reports/v2`;
  const T = `${F}/reports/engine/resources/triggers/v1`;
  const schedule = { interval: 'daily', cron: '0 6 * * *', tz: 'UTC', active: false };
  return {
    [`GET ${R}/tenant-reports`]: at(`${R}/tenant-reports`),
    [`GET ${R}/:id/tenant-reports`]: at(`${R}/members/tenant-reports`),
    [`POST ${R}/:id/tenant-reports`]: {
      request: async () => ({
        url: `${R}/members/tenant-reports`,
        payload: { schedule, status: 'inactive', type: 'html' },
      }),
    },
    [`GET ${T}/preview-report`]: at(`${T}/preview-report?templateId=members`),
    [`POST ${T}/tenant-reports`]: {
      request: async () => ({
        url: `${T}/tenant-reports`,
        payload: { templateId: 'members', to: ['matrix@example.com'] },
      }),
    },
  };
}

function directoryEntries(): Record<string, Entry> {
  const C = `${F}/directory/resources/v1/configurations/scim2`;
  const aConfiguration = async () => (await admin('POST', C, { source: 'other' })) as { id: string };
  const entries: Record<string, Entry> = {
    [`GET ${C}`]: { request: async () => ({ url: C }) },
    [`POST ${C}`]: {
      request: async () => ({ url: C, payload: { source: 'okta', connectionName: uniq('okta') } }),
    },
    [`PATCH ${C}/:id`]: {
      request: async () => ({
        url: `${C}/${(await aConfiguration()).id}`,
        payload: { syncToUserManagement: false },
      }),
    },
    [`DELETE ${C}/:id`]: { request: async () => ({ url: `${C}/${(await aConfiguration()).id}` }) },
    [`GET ${F}/directory/resources/scim/temp/:id/Users/count`]: {
      request: async () => ({
        url: `${F}/directory/resources/scim/temp/${(await aConfiguration()).id}/Users/count`,
      }),
    },
  };
  return entries;
}

function ssoEntries(): Record<string, Entry> {
  const R = 'fe.secure.read.samlConfiguration';
  const W = 'fe.secure.write.samlConfiguration';
  const B = `${F}/team/resources/sso/v1/configurations`;
  const L = `${F}/team/resources/sso/v1/saml/configurations`;
  const LG = `${F}/team/resources/sso/v2/saml/configurations/groups`;
  const manager = [R, W];
  const aConnection = async () =>
    (await admin('POST', B, { type: 'saml' })) as { id: string; generatedVerification: string };
  const aDomain = async () => {
    const c = await aConnection();
    const domain = `${uniq('matrix-sso')}.example`;
    const d = (await admin('POST', `${B}/${c.id}/domains`, { domain })) as { id: string };
    dns.txt.set(domain, [c.generatedVerification]);
    return { c, d };
  };
  const aGroup = async () => {
    const c = await aConnection();
    return { c, g: (await admin('POST', `${B}/${c.id}/groups`, { group: uniq('g') })) as { id: string } };
  };
  const aLegacyGroup = async () => (await admin('POST', LG, { group: uniq('g') })) as { id: string };
  const gated = (permission: string, scope: 'resource' | 'account', request: Prepare) => ({
    access: 'gated' as const,
    permission,
    scope,
    request,
  });
  const grantsAdmin = (what: string, request: () => Promise<Req>) => ({
    manager,
    attempts: [{ what, status: GRANTS_NOT_HELD, request }],
  });
  return {
    [`GET ${B}`]: gated(R, 'account', async () => ({ url: B })),
    [`POST ${B}`]: {
      ...gated(W, 'account', async () => ({ url: B, payload: { type: 'saml' } })),
      grants: grantsAdmin('create with Admin as default role', async () => ({
        url: B,
        payload: { type: 'saml', roleIds: [fx.adminRole] },
      })),
    },
    [`PATCH ${B}/:id`]: {
      ...gated(W, 'resource', async () => ({
        url: `${B}/${(await aConnection()).id}`,
        payload: { enabled: false },
      })),
      grants: grantsAdmin('give Admin as default role', async () => ({
        url: `${B}/${(await aConnection()).id}`,
        payload: { roleIds: [fx.adminRole] },
      })),
    },
    [`DELETE ${B}/:id`]: gated(W, 'resource', async () => ({ url: `${B}/${(await aConnection()).id}` })),
    [`POST ${B}/metadata`]: gated(W, 'account', async () => ({
      url: `${B}/metadata`,
      payload: { metadata: idpMetadataXml() },
    })),
    [`PUT ${B}/:id/metadata`]: gated(W, 'resource', async () => ({
      url: `${B}/${(await aConnection()).id}/metadata`,
      payload: { metadata: idpMetadataXml() },
    })),
    [`POST ${B}/metadata-url`]: gated(W, 'account', async () => ({
      url: `${B}/metadata-url`,
      payload: { url: metadataHost.url },
    })),
    [`PUT ${B}/:id/metadata-url`]: gated(W, 'resource', async () => ({
      url: `${B}/${(await aConnection()).id}/metadata-url`,
      payload: { url: metadataHost.url },
    })),
    [`POST ${B}/:id/domains`]: gated(W, 'resource', async () => ({
      url: `${B}/${(await aConnection()).id}/domains`,
      payload: { domain: `${uniq('matrix-sso')}.example` },
    })),
    [`DELETE ${B}/:id/domains/:domainId`]: gated(W, 'resource', async () => {
      const { c, d } = await aDomain();
      return { url: `${B}/${c.id}/domains/${d.id}` };
    }),
    [`PUT ${B}/:id/domains/:domainId/validate`]: gated(W, 'resource', async () => {
      const { c, d } = await aDomain();
      return { url: `${B}/${c.id}/domains/${d.id}/validate` };
    }),
    [`GET ${B}/:id/roles`]: gated(R, 'resource', async () => ({
      url: `${B}/${(await aConnection()).id}/roles`,
    })),
    [`PUT ${B}/:id/roles`]: {
      ...gated(W, 'resource', async () => ({
        url: `${B}/${(await aConnection()).id}/roles`,
        payload: { roleIds: [] },
      })),
      grants: grantsAdmin('give Admin as default role', async () => ({
        url: `${B}/${(await aConnection()).id}/roles`,
        payload: { roleIds: [fx.adminRole] },
      })),
    },
    [`GET ${B}/:id/groups`]: gated(R, 'resource', async () => ({
      url: `${B}/${(await aConnection()).id}/groups`,
    })),
    [`POST ${B}/:id/groups`]: {
      ...gated(W, 'resource', async () => ({
        url: `${B}/${(await aConnection()).id}/groups`,
        payload: { group: uniq('g'), roleIds: [] },
      })),
      grants: grantsAdmin('map a group to Admin', async () => ({
        url: `${B}/${(await aConnection()).id}/groups`,
        payload: { group: uniq('g'), roleIds: [fx.adminRole] },
      })),
    },
    [`PATCH ${B}/:id/groups/:groupId`]: {
      ...gated(W, 'resource', async () => {
        const { c, g } = await aGroup();
        return { url: `${B}/${c.id}/groups/${g.id}`, payload: { group: uniq('g') } };
      }),
      grants: grantsAdmin('map a group to Admin', async () => {
        const { c, g } = await aGroup();
        return { url: `${B}/${c.id}/groups/${g.id}`, payload: { roleIds: [fx.adminRole] } };
      }),
    },
    [`DELETE ${B}/:id/groups/:groupId`]: gated(W, 'resource', async () => {
      const { c, g } = await aGroup();
      return { url: `${B}/${c.id}/groups/${g.id}` };
    }),
    // The client SDK's legacy single-connection calls (routes/sso-legacy.ts): the account's oldest
    // SAML connection, created by the first change when there is none.
    [`GET ${L}`]: gated(R, 'account', async () => ({ url: L })),
    [`POST ${L}`]: gated(W, 'account', async () => ({ url: L, payload: { enabled: false } })),
    [`GET ${L}/vendor-config`]: gated(R, 'account', async () => {
      await aConnection();
      return { url: `${L}/vendor-config` };
    }),
    [`PUT ${L}/metadata`]: gated(W, 'account', async () => ({
      url: `${L}/metadata`,
      payload: { metadata: idpMetadataXml() },
    })),
    [`PUT ${F}/team/resources/sso/v1/saml/validations/domain`]: gated(W, 'account', async () => {
      const domain = `${uniq('matrix-legacy')}.example`;
      const c = (await admin('POST', L, { domain })) as { generatedVerification: string };
      dns.txt.set(domain, [c.generatedVerification]);
      return { url: `${F}/team/resources/sso/v1/saml/validations/domain` };
    }),
    [`GET ${L}/roles/default`]: gated(R, 'account', async () => ({ url: `${L}/roles/default` })),
    [`POST ${L}/roles/default`]: {
      ...gated(W, 'account', async () => ({ url: `${L}/roles/default`, payload: { roleIds: [] } })),
      grants: grantsAdmin('give Admin as default role', async () => ({
        url: `${L}/roles/default`,
        payload: { roleIds: [fx.adminRole] },
      })),
    },
    [`GET ${LG}`]: gated(R, 'account', async () => ({ url: LG })),
    [`POST ${LG}`]: {
      ...gated(W, 'account', async () => ({ url: LG, payload: { group: uniq('g'), roleIds: [] } })),
      grants: grantsAdmin('map a group to Admin', async () => ({
        url: LG,
        payload: { group: uniq('g'), roleIds: [fx.adminRole] },
      })),
    },
    [`PATCH ${LG}/:id`]: {
      ...gated(W, 'resource', async () => ({
        url: `${LG}/${(await aLegacyGroup()).id}`,
        payload: { group: uniq('g') },
      })),
      grants: grantsAdmin('map a group to Admin', async () => ({
        url: `${LG}/${(await aLegacyGroup()).id}`,
        payload: { roleIds: [fx.adminRole] },
      })),
    },
    [`DELETE ${LG}/:id`]: gated(W, 'resource', async () => ({ url: `${LG}/${(await aLegacyGroup()).id}` })),
    [`GET ${F}/team/resources/sso/v1/oidc/configurations`]: gated(R, 'account', async () => ({
      url: `${F}/team/resources/sso/v1/oidc/configurations`,
    })),
  };
}

function connectivityEntries(): Record<string, Entry> {
  const R = 'fe.connectivity.read.webhooks';
  const W = 'fe.connectivity.write.webhooks';
  const EV = `${F}/event/resources/configurations/v1`;
  const V1 = `${F}/integrations/resources/configurations/v1`;
  const V2 = `${F}/integrations/resources/configurations/v2`;
  const hook = () => ({
    displayName: uniq('hook'),
    description: '',
    url: 'http://127.0.0.1:9/hook',
    secret: null,
    eventKeys: [],
    isActive: false,
  });
  const aWebhook = async () => (await admin('POST', `${F}/webhook/custom`, hook())) as { _id: string };
  const aChannel = async () =>
    (await admin('POST', `${V1}/slack/channels`, { name: uniq('#c'), url: 'http://127.0.0.1:9/slack' })) as {
      id: string;
    };
  const aSlackSubscription = async () => {
    const channel = await aChannel();
    return (await admin('POST', `${V1}/slack/subscriptions`, {
      isActive: false,
      slackEvents: [{ eventKey: 'user.passwordReset', channelIds: [channel.id] }],
    })) as { id: string; slackEvents: unknown[] };
  };
  // The permission and scope are the descriptor's (the route table); written here for the reader.
  const gated = (_permission: string, _scope: 'resource' | 'account', request: Prepare): Entry => ({
    request,
  });
  const entries: Record<string, Entry> = {
    [`GET ${EV}/categories`]: gated(R, 'account', async () => ({ url: `${EV}/categories` })),
    [`GET ${EV}`]: gated(R, 'account', async () => ({ url: `${EV}?channels=webhook` })),
    [`GET ${F}/webhook`]: gated(R, 'account', async () => ({ url: `${F}/webhook` })),
    [`POST ${F}/webhook/custom`]: gated(W, 'account', async () => ({
      url: `${F}/webhook/custom`,
      payload: hook(),
    })),
    [`PATCH ${F}/webhook/:id`]: gated(W, 'resource', async () => ({
      url: `${F}/webhook/${(await aWebhook())._id}`,
      payload: hook(),
    })),
    [`DELETE ${F}/webhook/:id`]: gated(W, 'resource', async () => ({
      url: `${F}/webhook/${(await aWebhook())._id}`,
    })),
    [`POST ${F}/webhook/test`]: gated(W, 'account', async () => ({
      url: `${F}/webhook/test`,
      payload: { url: 'http://127.0.0.1:9/test', secret: null },
    })),
    [`POST ${F}/webhook/logs/:id/retries`]: gated(W, 'resource', async () => {
      const webhook = await aWebhook();
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO webhook_logs (webhook_id, tenant_id, event_key, status_code, body)
         VALUES ($1, $2, 'user.passwordReset', 500, '{}') RETURNING id`,
        [webhook._id, SEED_TENANT_ID],
      );
      return { url: `${F}/webhook/logs/${rows[0]!.id}/retries` };
    }),
    [`GET ${V1}/slack`]: gated(R, 'account', async () => ({ url: `${V1}/slack` })),
    [`GET ${V1}/slack/applications`]: gated(R, 'account', async () => ({ url: `${V1}/slack/applications` })),
    [`GET ${V1}/slack/channels`]: gated(R, 'account', async () => ({ url: `${V1}/slack/channels` })),
    [`POST ${V1}/slack/channels`]: gated(W, 'account', async () => ({
      url: `${V1}/slack/channels`,
      payload: { name: uniq('#c'), url: 'http://127.0.0.1:9/slack' },
    })),
    [`DELETE ${V1}/slack/channels/:id`]: gated(W, 'resource', async () => ({
      url: `${V1}/slack/channels/${(await aChannel()).id}`,
    })),
    [`POST ${V1}/slack/subscriptions`]: gated(W, 'resource', async () => ({
      url: `${V1}/slack/subscriptions`,
      payload: {
        isActive: false,
        slackEvents: [{ eventKey: 'user.passwordReset', channelIds: [(await aChannel()).id] }],
      },
    })),
    [`PATCH ${V1}/slack/subscription/:id`]: gated(W, 'resource', async () => {
      const saved = await aSlackSubscription();
      return {
        url: `${V1}/slack/subscription/${saved.id}`,
        payload: { isActive: false, slackEvents: saved.slackEvents },
      };
    }),
    [`DELETE ${V1}/slack/subscriptions/:id`]: gated(W, 'resource', async () => ({
      url: `${V1}/slack/subscriptions/${(await aSlackSubscription()).id}`,
    })),
  };
  for (const url of [`${F}/webhook/logs`, `${F}/webhook/logs/`])
    entries[`GET ${url}`] = gated(R, 'resource', async () => ({
      url: `${url}?id=${(await aWebhook())._id}`,
    }));
  for (const [base, recipient] of [
    [`${V1}/emails`, 'ops@matrix.example.com'],
    [`${V2}/sms`, '+15550002222'],
  ] as const) {
    const body = { enabled: true, subscriptions: [{ name: 'ops', enabled: true, recipients: [recipient] }] };
    const aConfig = async () => {
      await admin('POST', `${base}/user.passwordReset`, body);
      const list = (await admin('GET', base)) as Array<{
        eventKey: string;
        subscriptions: Array<{ id: string }>;
      }>;
      return list.find((c) => c.eventKey === 'user.passwordReset')!.subscriptions.at(-1)!.id;
    };
    entries[`GET ${base}`] = gated(R, 'account', async () => ({ url: base }));
    entries[`POST ${base}/:eventKey`] = gated(W, 'account', async () => ({
      url: `${base}/user.passwordReset`,
      payload: body,
    }));
    // By event key in the caller's own account: another tenant's admin acts on theirs.
    entries[`PATCH ${base}/:eventKey`] = gated(W, 'account', async () => {
      await aConfig();
      return { url: `${base}/user.passwordReset`, payload: { enabled: true } };
    });
    entries[`PUT ${base}/:eventKey/subscriptions/:id`] = gated(W, 'resource', async () => ({
      url: `${base}/user.passwordReset/subscriptions/${await aConfig()}`,
      payload: { name: 'ops', enabled: true, recipients: [recipient] },
    }));
    entries[`DELETE ${base}/:eventKey/subscriptions/:id`] = gated(W, 'resource', async () => ({
      url: `${base}/user.passwordReset/subscriptions/${await aConfig()}`,
    }));
    entries[`DELETE ${base}/:eventKey`] = gated(W, 'account', async () => {
      await aConfig();
      return { url: `${base}/user.passwordReset` };
    });
  }
  return entries;
}

const isWrite = (method: string) => method !== 'GET';

// ---- "Nothing written": a journal of every row any statement inserts, changes or deletes.
/**
 * Installs row triggers on every table that note each write in `matrix_writes` (in the writing
 * transaction, so a write rolled back leaves no note). Not a write: an UPDATE that changes nothing,
 * and a session's last use, which any verified token moves forward (at most every 30 s, the
 * idle-timeout bookkeeping of domain/security-policies.ts), a refused call's too.
 */
async function journalWrites(tables: string[]) {
  await server.db.query(
    'CREATE TABLE matrix_writes (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL)',
  );
  await server.db.query(`CREATE FUNCTION matrix_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'last_used_at') = (to_jsonb(OLD) - 'last_used_at')
        AND (TG_TABLE_NAME = 'sessions' OR to_jsonb(NEW) = to_jsonb(OLD)) THEN
        RETURN NULL;
      END IF;
      INSERT INTO matrix_writes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  for (const table of tables) {
    await server.db.query(
      `CREATE TRIGGER matrix_note_write AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION matrix_note_write()`,
    );
    await server.db.query(
      `CREATE TRIGGER matrix_note_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION matrix_note_write()`,
    );
  }
}
/** The journal's last note: the same after a call means the call wrote nothing. */
async function writeMark(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT coalesce(max(id), 0)::int AS n FROM matrix_writes',
  );
  return rows[0]!.n;
}
/** What was written after `mark`, e.g. "users UPDATE ×1, audits INSERT ×2". */
async function writtenSince(mark: number): Promise<string> {
  const { rows } = await server.db.query<{ t: string; op: string; n: number }>(
    'SELECT table_name AS t, op, count(*)::int AS n FROM matrix_writes WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2',
    [mark],
  );
  return rows.map((r) => `${r.t} ${r.op} ×${r.n}`).join(', ');
}
let tenantPrinted = { mark: -1, print: '' };
/**
 * A fingerprint of the seeded tenant's own rows: its tree of accounts, members, roles, groups,
 * tokens, links, sessions. Computed again only when the journal has a new note.
 */
async function tenantPrint(): Promise<string> {
  const mark = await writeMark();
  if (mark !== tenantPrinted.mark) tenantPrinted = { mark, print: await tenantRows() };
  return tenantPrinted.print;
}
async function tenantRows(): Promise<string> {
  const { rows } = await server.db.query<{ print: string }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT $1::uuid UNION SELECT t.id FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id
     ), m AS (SELECT * FROM memberships WHERE tenant_id IN (SELECT id FROM tree)),
     r AS (SELECT * FROM roles WHERE tenant_id IS NULL OR tenant_id IN (SELECT id FROM tree)),
     g AS (SELECT * FROM groups WHERE tenant_id IN (SELECT id FROM tree)),
     k AS (SELECT * FROM api_tokens WHERE tenant_id IN (SELECT id FROM tree))
     SELECT md5(coalesce(string_agg(v, '|' ORDER BY v), '')) AS print FROM (
       SELECT 't' || x::text AS v FROM tenants x WHERE x.id IN (SELECT id FROM tree)
       UNION ALL SELECT 'm' || x::text FROM m x
       UNION ALL SELECT 'mr' || x::text FROM membership_roles x WHERE x.membership_id IN (SELECT id FROM m)
       UNION ALL SELECT 'u' || x::text FROM users x WHERE x.id IN (SELECT user_id FROM m)
       UNION ALL SELECT 'r' || x::text FROM r x
       UNION ALL SELECT 'rp' || x::text FROM role_permissions x WHERE x.role_id IN (SELECT id FROM r)
       UNION ALL SELECT 'g' || x::text FROM g x
       UNION ALL SELECT 'gr' || x::text FROM group_roles x WHERE x.group_id IN (SELECT id FROM g)
       UNION ALL SELECT 'gm' || x::text FROM group_members x WHERE x.group_id IN (SELECT id FROM g)
       UNION ALL SELECT 'k' || x::text FROM k x
       UNION ALL SELECT 'kr' || x::text FROM api_token_roles x WHERE x.token_id IN (SELECT id FROM k)
       UNION ALL SELECT 'l' || x::text FROM invite_links x WHERE x.tenant_id IN (SELECT id FROM tree)
       UNION ALL SELECT 's' || x::text FROM sessions x WHERE x.tenant_id IN (SELECT id FROM tree)
     ) a`,
    [SEED_TENANT_ID],
  );
  return rows[0]!.print;
}

// ---- The callers.
let otherTenantAdmin: Caller;
let apiTenantToken: Caller;
let apiUserToken: Caller;
let superUser: Caller;
let permissionKeys: string[] = [];
const AREA = /^(fe\.[a-z-]+)\.(read|write|delete)\.(\w+)$/;
const areaOf = (key: string) => {
  const match = AREA.exec(key);
  return match ? `${match[1]}.${match[3]}` : key;
};

/** Who must be refused on a route that needs `permission`. */
async function refusedCallers(permission: string, write: boolean): Promise<Caller[]> {
  const area = areaOf(permission);
  const sameArea = permissionKeys.filter((k) => k !== permission && areaOf(k) === area);
  const otherAreas = permissionKeys.filter((k) => k !== 'fe.*' && areaOf(k) !== area);
  const callers = [
    await holder([], 'no permission'),
    ...(sameArea.length ? [await holder(sameArea, `same area (${sameArea.join(', ')})`)] : []),
    await holder(otherAreas, 'every other area'),
  ];
  // The lesser tokens hold every read permission: they are lesser on the routes that change data.
  if (write) callers.push(apiTenantToken, apiUserToken);
  return callers;
}

async function exchange(name: string, created: { clientId: string; secret: string }): Promise<Caller> {
  const res = await server.app.inject({
    method: 'POST',
    url: `${IR}/auth/v1/api-token`,
    payload: { clientId: created.clientId, secret: created.secret },
  });
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
  await journalWrites(
    (
      await server.db.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    ).rows.map((r) => r.name),
  );

  const permissions = (await admin('GET', `${IR}/permissions/v1`)) as Array<{ id: string; key: string }>;
  for (const p of permissions) fx.permissionIds.set(p.key, p.id);
  permissionKeys = permissions.map((p) => p.key);
  const roles = (await admin('GET', `${IR}/roles/v1`)) as Array<{ id: string; key: string }>;
  const vendorRole = (key: string) => roles.find((r) => r.key === key)!.id;
  fx.adminRole = vendorRole('Admin');
  fx.viewerRole = vendorRole('Viewer');

  const other = await createTenant(server.db, { vendorId, name: 'Another company' });
  otherTenantAdmin = await signIn('admin of another tenant', await user(other.id, ['Admin']));

  // A lesser creator: every read permission, and may make tokens. Their tenant token gets a role
  // of every read permission; their personal token acts as them.
  const reads = permissionKeys.filter((k) => /\.read(\.|$)/.test(k));
  const creator = await holder([
    ...reads,
    'fe.secure.write.tenantApiTokens',
    'fe.secure.write.userApiTokens',
  ]);
  const readRole = await tenantRole(reads);
  const tenantToken = await as(creator.token, 'POST', `${IR}/tenants/api-tokens/v1`, {
    description: 'Lesser',
    roleIds: [readRole.id],
  });
  assert.equal(tenantToken.statusCode, 201, tenantToken.body);
  apiTenantToken = await exchange('tenant API token of a lesser creator', tenantToken.json());
  const userToken = await as(creator.token, 'POST', `${IR}/users/api-tokens/v1`, { description: 'Lesser' });
  assert.equal(userToken.statusCode, 201, userToken.body);
  apiUserToken = await exchange('personal API token of a lesser creator', userToken.json());

  const vendorAdmin = await user(SEED_TENANT_ID, []);
  await server.db.query('UPDATE users SET super_user = true WHERE id = $1', [vendorAdmin.id]);
  superUser = await signIn('vendor administrator (super user)', vendorAdmin);
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

describe('permission matrix', () => {
  it('has a request for every permission-gated route of the route table, and for no other', () => {
    counts.routes = described.length;
    const keys = new Set(gated.map((g) => g.key));
    const missing = [...keys].filter((key) => !(key in ROUTES)).sort();
    assert.deepEqual(missing, [], 'give these routes a request in ROUTES (server/permission-matrix.test.ts)');
    const stale = Object.keys(ROUTES)
      .filter((key) => !keys.has(key))
      .sort();
    assert.deepEqual(stale, [], 'these ROUTES entries name no permission-gated route');
  });

  it('notes every write in its journal ("nothing written"), but not a session\'s last use', async () => {
    const mark = await writeMark();
    await server.db.query('UPDATE sessions SET last_used_at = now()');
    await server.db.query('UPDATE vendors SET name = name');
    assert.equal(await writeMark(), mark);
    await server.db.query(`UPDATE vendors SET updated_at = updated_at + interval '1 second'`);
    await server.db.query(`UPDATE vendors SET updated_at = updated_at - interval '1 second'`);
    assert.equal(await writtenSince(mark), 'vendors UPDATE ×2');
  });

  it('refuses every permission-gated route to callers without its permission, and nothing is written', async () => {
    const problems: string[] = [];
    for (const { key, method, permission, scope } of gated) {
      const entry = ROUTES[key]!;
      counts.gated += 1;
      const superOnly = permission === 'superUser';
      const exact = superOnly ? superUser : await holder([permission]);
      const request = await entry.request(exact);
      const refused = superOnly
        ? [
            await holder([], 'no permission'),
            await holder(
              permissionKeys.filter((k) => k !== 'fe.*'),
              'every permission but fe.*',
            ),
            apiTenantToken,
            apiUserToken,
          ]
        : // A POST that only reads (groups bulkGet) is gated by a read permission: a read.
          await refusedCallers(permission, isWrite(method) && !permission.includes('.read.'));
      const call = (token: string | null) =>
        server.app.inject({
          method,
          url: request.url,
          headers: token ? bearer(token) : {},
          ...(request.payload ? { payload: request.payload } : {}),
        });

      let mark = await writeMark();
      const expectNothingWritten = async (who: string) => {
        const now = await writeMark();
        if (now !== mark)
          problems.push(`${key}: ${who}: something was written (${await writtenSince(mark)})`);
        mark = now;
      };
      const mustRefuse = [{ name: 'no token', token: null }, ...refused];
      for (const caller of mustRefuse) {
        const res = await call(caller.token);
        counts.pairs += 1;
        counts.callers.add(caller.name.replace(/ \(.*\)$/, ''));
        if (res.statusCode !== 401 && res.statusCode !== 403)
          problems.push(`${key}: ${caller.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // One look at the journal for them all; when it has a note, each call again to name who wrote.
      if ((await writeMark()) !== mark) {
        problems.push(`${key}: refused callers: something was written (${await writtenSince(mark)})`);
        mark = await writeMark();
        for (const caller of mustRefuse) {
          await call(caller.token);
          await expectNothingWritten(caller.name);
        }
      }

      // The request itself is right: the caller holding exactly the permission gets through. On a
      // resource route, after the other tenant's try (which must not find the resource gone).
      const exactCall = async () => {
        const allowed = await call(exact.token);
        counts.pairs += 1;
        counts.callers.add('exactly the permission');
        if (allowed.statusCode >= 300)
          problems.push(
            `${key}: ${exact.name} (exactly the permission): ${allowed.statusCode} ${allowed.body.slice(0, 200)}`,
          );
      };

      // An administrator of another tenant: this tenant's ids are not found there (400 for ids in a
      // body, "not in this account"), and this tenant does not change.
      if (scope === 'account') await exactCall();
      const before = scope === 'account' ? await tenantPrint() : '';
      mark = await writeMark();
      const res = await call(otherTenantAdmin.token);
      counts.pairs += 1;
      counts.callers.add(otherTenantAdmin.name);
      if (scope === 'resource') {
        if (![400, 403, 404].includes(res.statusCode))
          problems.push(`${key}: ${otherTenantAdmin.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        await expectNothingWritten(otherTenantAdmin.name);
        await exactCall();
      } else {
        if (res.statusCode >= 500) problems.push(`${key}: ${otherTenantAdmin.name}: ${res.statusCode}`);
        // Nothing written anywhere (the journal) is nothing written here either.
        if ((await writeMark()) !== mark && (await tenantPrint()) !== before)
          problems.push(`${key}: ${otherTenantAdmin.name}: this tenant changed`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('no route grants what the caller does not hold, acts on a member above them, or raises them', async () => {
    const problems: string[] = [];
    for (const { key, method } of gated) {
      const entry = ROUTES[key]!;
      if (!entry.grants) continue;
      const manager = await holder(entry.grants.manager);
      assert.ok(!manager.permissions.includes('fe.*'));
      for (const attempt of entry.grants.attempts) {
        const request = await attempt.request(manager);
        const mark = await writeMark();
        const res = await as(manager.token, method, request.url, request.payload);
        counts.grantAttempts += 1;
        const label = `${key}: ${attempt.what}`;
        if (!attempt.status.includes(res.statusCode))
          problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 300 && (await writeMark()) !== mark)
          problems.push(`${label}: refused, but something was written (${await writtenSince(mark)})`);
        if (attempt.check && res.statusCode < 300)
          await attempt
            .check(manager, res.json())
            .catch((error: Error) => problems.push(`${label}: ${error.message}`));
        const again = await signIn(manager.name, manager);
        if (again.permissions.join() !== manager.permissions.join())
          problems.push(`${label}: the manager now holds ${again.permissions.join(', ')}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('an access token of an API token holding every permission gets no 5xx on any gated route, and cannot impersonate', async () => {
    const problems: string[] = [];
    const tenantToken = await admin('POST', `${IR}/tenants/api-tokens/v1`, {
      description: 'Everything',
      roleIds: [fx.adminRole],
    });
    const personal = await admin('POST', `${IR}/users/api-tokens/v1`, { description: 'Everything' });
    const machines = [
      await exchange('tenant API token with Admin', tenantToken),
      await exchange('personal API token of an admin', personal),
    ];
    for (const { key, method } of gated) {
      const entry = ROUTES[key]!;
      for (const machine of machines) {
        // A personal token is made for a user: a tenant token's subject is none.
        const request = await entry.request(machine).catch(() => null);
        if (!request) continue;
        const res = await as(machine.token, method, request.url, request.payload);
        counts.pairs += 1;
        if (res.statusCode >= 500)
          problems.push(`${key}: ${machine.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    assert.deepEqual(problems, []);
    // Nor does such a token open a session as someone else.
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
    for (const { key, method, path: route } of described.filter((d) => d.route.access.kind === 'self')) {
      const url = route.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await server.app.inject({ method, url, ...(isWrite(method) ? { payload: {} } : {}) });
      counts.pairs += 1;
      // Without a body the schema may answer first (400); never an answer that did something.
      if (res.statusCode !== 401 && res.statusCode !== 400) problems.push(`${key}: ${res.statusCode}`);
    }
    assert.deepEqual(problems, []);
  });
});

/** Billing's routes (issue 17). Requests set up their state as the seeded admin. */
function billingEntries(): Record<string, Entry> {
  const B = `${F}/subscriptions/resources/billing`;
  const DEV = `${B}/payment-providers/development/setup-intents/v1`;
  const subId = async () => (await admin('GET', `${B}/subscriptions/v1`))[0].id as string;
  const onFree = async () => {
    const id = await subId();
    await admin('PUT', `${B}/subscriptions/v1/${id}`, { planId: 'free' });
    return id;
  };
  const cardPayload = (setup: { setupIntentSecret: string }, number = '4242424242424242') => ({
    clientSecret: setup.setupIntentSecret,
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  });
  const setup = () => admin('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {});
  const savedCard = async () => {
    const s = await setup();
    await admin('POST', `${DEV}/${s.id}/confirm`, cardPayload(s));
    return s.paymentMethodId as string;
  };
  const invoice = async () => {
    const paymentMethodId = await savedCard();
    const plans = await admin('GET', `${B}/plans/v1`);
    await admin('PUT', `${B}/subscriptions/v1/${await subId()}`, {
      paymentMethodId,
      planId: plans.find((p: { slug: string }) => p.slug === 'pro').id,
    });
    return (await admin('GET', `${B}/invoices/v1`))[0].id as string;
  };
  const read = (url: string, prepare?: () => Promise<string>): Entry => ({
    request: async () => ({ url: prepare ? await prepare() : url }),
  });
  const entries: Record<string, Entry> = {
    [`GET ${B}/plans/v1`]: read(`${B}/plans/v1`),
    [`GET ${B}/plans/v1/:planId`]: read(`${B}/plans/v1/pro`),
    [`GET ${B}/invoices/v1`]: read(`${B}/invoices/v1`),
    [`GET ${B}/invoices/v1/:id`]: read('', async () => `${B}/invoices/v1/${await invoice()}`),
    [`GET ${B}/invoices/v1/:id/pdf`]: read('', async () => `${B}/invoices/v1/${await invoice()}/pdf`),
    [`GET ${B}/payment-methods/v1`]: read(`${B}/payment-methods/v1`),
    [`GET ${B}/payment-methods/v1/:id`]: read('', async () => `${B}/payment-methods/v1/${await savedCard()}`),
    [`GET ${B}/summaries/v1/:tenantId`]: read(`${B}/summaries/v1/${SEED_TENANT_ID}`),
    [`GET ${B}/tenant-configurations/v1/:tenantId`]: read(`${B}/tenant-configurations/v1/${SEED_TENANT_ID}`),
    [`GET ${B}/configurations/vendor-public-configurations/v1`]: read(
      `${B}/configurations/vendor-public-configurations/v1`,
    ),
    [`GET ${F}/subscriptions/resources/payment-providers/v1`]: read(
      `${F}/subscriptions/resources/payment-providers/v1`,
    ),
    [`GET ${B}/payment-providers/stripe/public-configurations/v1`]: read(
      `${B}/payment-providers/stripe/public-configurations/v1`,
    ),
    [`GET ${B}/payment-providers/stripe/customers/v1/:tenantId`]: read('', async () => {
      await admin('POST', `${B}/payment-providers/stripe/customers/v1`, {
        name: 'Matrix',
        email: 'matrix@example.com',
      });
      return `${B}/payment-providers/stripe/customers/v1/${SEED_TENANT_ID}`;
    }),
    [`PATCH ${B}/payment-methods/v1/:id/billing-details`]: {
      request: async () => ({
        url: `${B}/payment-methods/v1/${await savedCard()}/billing-details`,
        payload: { email: 'billing@example.com' },
      }),
    },
    [`POST ${B}/tenant-configurations/v1`]: {
      request: async () => ({
        url: `${B}/tenant-configurations/v1`,
        payload: { tenantId: SEED_TENANT_ID, providerType: 'Stripe' },
      }),
    },
    [`POST ${B}/payment-providers/stripe/customers/v1`]: {
      request: async () => ({
        url: `${B}/payment-providers/stripe/customers/v1`,
        payload: { name: 'Matrix', email: 'matrix@example.com' },
      }),
    },
    [`POST ${B}/payment-providers/stripe/setup-intents/v1`]: {
      request: async () => ({ url: `${B}/payment-providers/stripe/setup-intents/v1`, payload: {} }),
    },
    [`POST ${B}/payment-providers/stripe/subscriptions/v1`]: {
      request: async () => ({
        url: `${B}/payment-providers/stripe/subscriptions/v1`,
        payload: { stripePlanId: 'free' },
      }),
    },
    [`POST ${DEV}/:id/confirm`]: {
      request: async () => {
        const s = await setup();
        return { url: `${DEV}/${s.id}/confirm`, payload: cardPayload(s) };
      },
    },
    [`POST ${DEV}/:id/authenticate`]: {
      request: async () => {
        const s = await setup();
        await admin('POST', `${DEV}/${s.id}/confirm`, cardPayload(s, '4000002500003155'));
        return {
          url: `${DEV}/${s.id}/authenticate`,
          payload: { clientSecret: s.setupIntentSecret, approve: true },
        };
      },
    },
  };
  for (const base of [`${B}/subscriptions/v1`, `${F}/subscriptions/resources/subscriptions/v1`]) {
    entries[`GET ${base}`] = read(base);
    entries[`GET ${base}/:id`] = read('', async () => `${base}/${await subId()}`);
    entries[`PUT ${base}/:id`] = {
      request: async () => ({ url: `${base}/${await subId()}`, payload: { planId: 'free' } }),
    };
    entries[`PUT ${base}/:id/cancellations/`] = {
      request: async () => ({ url: `${base}/${await onFree()}/cancellations/`, payload: {} }),
    };
    entries[`PUT ${base}/:id/renewals/`] = {
      request: async () => {
        const id = await onFree();
        await admin('PUT', `${base}/${id}/cancellations/`, {});
        return { url: `${base}/${id}/renewals/`, payload: {} };
      },
    };
  }
  return entries;
}
