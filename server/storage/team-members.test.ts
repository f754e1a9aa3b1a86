// The members' storage (core/domain/team-member-store.ts), one suite for both stores: over PGlite
// (sqlTables) and over demo mode's stored tables (memoryTables), each with the same stand-ins for
// what the backends give it (sessions, events). Every fixture row is written through the port.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { builtInRoleId, seedDemoDatabase } from '../../core/demo/data';
import { memoryTables } from '../../core/demo/tables';
import { demoRoles } from '../../core/demo/teamAdmin';
import { GROUP_MEMBERS } from '../../core/domain/group-token-tables';
import { MEMBERSHIP_ROLES, MEMBERSHIPS } from '../../core/domain/membership-tables';
import { MFA_DEVICES } from '../../core/domain/mfa-store';
import { ROLES } from '../../core/domain/role-tables';
import { listMembers } from '../../core/domain/team-member-list';
import type { MemberListQuery } from '../../core/domain/team-users';
import type { RoleDto } from '../../core/domain/roles';
import { stamp, type Tables } from '../../core/domain/tables';
import {
  isMember,
  memberUser,
  teamMemberPorts,
  type TeamMemberStoreExtras,
} from '../../core/domain/team-member-store';
import { TENANTS } from '../../core/domain/tenant-tables';
import { USERS, userRepository } from '../../core/domain/user-tables';
import { addGroup, repositorySuite, vendorRoleId } from '../../test/support/repository-suite';
import { sqlTables } from './tables';

const clock = { now: Date.now, newId: randomUUID };
const DAY = 86_400_000;

/** The port a store is over, and a built-in role's id by key. */
interface Fixture {
  tables: Tables;
  role(key: string): Promise<string>;
}

/** The stand-ins for what the backends give: what was ended and announced is recorded. */
function stubs() {
  const ended: string[] = [];
  const announced: string[] = [];
  const extras: TeamMemberStoreExtras = {
    memberKeys: async () => [],
    scimMemberships: async () => new Set(),
    endSessions: async (tenantId, userId, reason) => {
      ended.push(`${userId}:${reason}`);
      return 2;
    },
    announce: async (_tenantId, event, data) => {
      announced.push(`${event}:${data.userId}${data.roleIds === undefined ? '' : `:${data.roleIds}`}`);
    },
    isUserId: () => true,
  };
  return { ended, announced, extras };
}

/** A new user made a member of `tenantId` (both `daysAgo`), holding these roles directly. */
async function member(tables: Tables, tenantId: string, name: string, roleIds: string[] = [], daysAgo = 0) {
  const vendorId = (await tables.of(TENANTS).row({ id: tenantId }))!.vendorId;
  const user = await userRepository(tables, clock).insert({
    vendorId,
    email: `${name.toLowerCase()}-${randomUUID()}@example.com`,
    name,
    passwordHash: null,
    verified: true,
  });
  const joined = stamp(Date.now() - daysAgo * DAY);
  await tables.of(USERS).update({ id: user.id }, { createdAt: joined });
  const membership = await tables.of(MEMBERSHIPS).insert({
    id: randomUUID(),
    userId: user.id,
    tenantId,
    createdAt: joined,
    invitationPending: false,
    accessAllowed: true,
    scimConfigurationId: null,
  });
  for (const roleId of roleIds)
    await tables.of(MEMBERSHIP_ROLES).insert({ membershipId: membership.id, roleId });
  return { userId: user.id, membershipId: membership.id };
}

/** A new account of the same vendor as `tenantId` (below `parentTenantId`, when given). */
async function otherAccount(tables: Tables, tenantId: string, parentTenantId: string | null = null) {
  const { vendorId } = (await tables.of(TENANTS).row({ id: tenantId }))!;
  const at = stamp(Date.now());
  const id = randomUUID();
  await tables.of(TENANTS).insert({
    ...{ id, vendorId, name: 'Other', parentTenantId, tenantType: null, isReseller: false },
    ...{ metadata: {}, loginAlias: null, customLoginEnabled: false, locale: null, logo: null, address: null },
    ...{ website: null, timezone: null, currency: 'USD', dateFormat: 'MM/DD/YYYY', timeFormat: 'h:mm A' },
    ...{ createdAt: at, updatedAt: at, deletedAt: null },
  });
  return id;
}

/** A second factor (or, `passkey`, a first factor) of the user. */
async function device(tables: Tables, userId: string, passkey: boolean) {
  await tables.of(MFA_DEVICES).insert({
    ...{
      id: randomUUID(),
      userId,
      kind: passkey ? 'webauthn' : 'authenticator',
      name: null,
      secretEnc: null,
    },
    ...{ lastTimeStep: null, phone: null, email: null, credentialId: null, publicKey: null, signCount: 0 },
    ...{ transports: [], deviceType: null, passkey, createdAt: stamp(Date.now()), lastUsedAt: null },
  });
}

/** The first page of the account's members by name. */
const query = (tenantId: string): MemberListQuery => ({
  tenantId,
  filter: '',
  sortBy: 'name',
  order: 'ASC',
  page: 0,
  limit: 20,
});

repositorySuite<Fixture>(
  'team members repository',
  {
    pglite: (db) => ({
      tables: sqlTables(db),
      role: (key) => vendorRoleId(sqlTables(db), key),
    }),
    demo: () => {
      const db = seedDemoDatabase();
      demoRoles(db);
      return { tables: memoryTables(db.tables!), role: async (key) => builtInRoleId(key) };
    },
  },
  (context) => {
    test('a member is read in their account only; their customData is set there', async () => {
      const { tables } = context.repos;
      const ports = teamMemberPorts(tables, clock, stubs().extras);
      const { userId } = await member(tables, context.tenantId, 'Reader');
      const other = await otherAccount(tables, context.tenantId);
      const read = await ports.member(context.tenantId, userId);
      assert.deepEqual([read?.id, read?.name, read?.metadata], [userId, 'Reader', '{}']);
      assert.equal(read?.vendorId, (await tables.of(TENANTS).row({ id: context.tenantId }))!.vendorId);
      assert.equal(await ports.member(other, userId), null);
      assert.equal(await ports.member(context.tenantId, randomUUID()), null);
      assert.deepEqual(
        [await isMember(tables, context.tenantId, userId), await isMember(tables, other, userId)],
        [true, false],
      );
      assert.equal((await memberUser(tables, context.tenantId, userId))?.email.startsWith('reader-'), true);

      assert.equal(await ports.customData.save(context.tenantId, userId, { plan: 'gold' }), true);
      assert.equal(await ports.customData.save(other, userId, { plan: 'lead' }), false);
      assert.deepEqual((await tables.of(USERS).row({ id: userId }))?.customData, { plan: 'gold' });
      assert.equal(await ports.customData.save(context.tenantId, userId, null), true);
      assert.equal((await tables.of(USERS).row({ id: userId }))?.customData, null);
    });

    test("a member's roles are replaced and announced; their roles and groups are read by ids", async () => {
      const { tables } = context.repos;
      const { extras, announced } = stubs();
      const ports = teamMemberPorts(tables, clock, extras);
      const [editor, viewer] = [await context.repos.role('Editor'), await context.repos.role('Viewer')];
      const a = await member(tables, context.tenantId, 'Alpha', [viewer]);
      const b = await member(tables, context.tenantId, 'Beta');
      assert.equal(await ports.setRoles(context.tenantId, a.userId, [editor, viewer, editor]), true);
      assert.equal(await ports.setRoles(context.tenantId, randomUUID(), [editor]), false);
      assert.deepEqual(announced, [`user.rolesChanged:${a.userId}:${editor},${viewer},${editor}`]);
      const groupId = await addGroup(tables, context.tenantId, [editor], [a.membershipId]);
      const ids = [a.userId, b.userId, randomUUID()];
      const roles = await ports.memberLinks(context.tenantId, ids, 'roles');
      const byUser = (links: typeof roles) =>
        Object.fromEntries(links.map((l) => [l.userId, [l.tenantId, l.linked]]));
      assert.deepEqual(byUser(roles), {
        [a.userId]: [context.tenantId, [editor, viewer].sort()],
        [b.userId]: [context.tenantId, []],
      });
      assert.deepEqual(byUser(await ports.memberLinks(context.tenantId, ids, 'groups')), {
        [a.userId]: [context.tenantId, [groupId]],
        [b.userId]: [context.tenantId, []],
      });
      assert.equal(await ports.setRoles(context.tenantId, a.userId, []), true);
      assert.deepEqual((await ports.memberLinks(context.tenantId, [a.userId], 'roles'))[0]?.linked, []);
      assert.deepEqual(
        await ports.memberLinks(await otherAccount(tables, context.tenantId), ids, 'roles'),
        [],
      );
    });

    test('which roles are the account’s, and what they grant', async () => {
      const { tables } = context.repos;
      const ports = teamMemberPorts(tables, clock, stubs().extras);
      const admin = await context.repos.role('Admin');
      const other = await otherAccount(tables, context.tenantId);
      const at = stamp(Date.now());
      const own = async (tenantId: string, name: string) =>
        (
          await tables.of(ROLES).insert({
            ...{
              id: randomUUID(),
              vendorId: (await tables.of(TENANTS).row({ id: tenantId }))!.vendorId,
              tenantId,
            },
            ...{ key: `k-${randomUUID()}`, name, description: null, defaultForCreator: false },
            ...{ createdAt: at, updatedAt: at },
          })
        ).id;
      const mine = await own(context.tenantId, 'Aaa own');
      const theirs = await own(other, 'Aaa theirs');
      const grants = await ports.roleGrants(context.tenantId, [admin, mine, theirs, randomUUID()]);
      assert.deepEqual(new Set(grants.known), new Set([admin, mine]));
      assert.ok([...grants.keys].includes('fe.*'));
      assert.deepEqual(await ports.roleGrants(context.tenantId, [theirs]), { known: [], keys: [] });

      const offered = (await ports.assignableRoles(context.tenantId)) as RoleDto[];
      const names = offered.map((r) => r.name);
      assert.ok(names.includes('Aaa own') && names.includes('Admin') && !names.includes('Aaa theirs'));
      assert.deepEqual(
        names,
        [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
      );
      const adminRole = offered.find((r) => r.id === admin)!;
      assert.equal(adminRole.permissions.length > 0, true);
      assert.deepEqual(adminRole.permissions, [...adminRole.permissions].sort());
      assert.deepEqual(await ports.assignableRoles(randomUUID()), []);
    });

    test("the users page's stats: members, those of the last 7 days, those holding fe.* directly or by a group", async () => {
      const { tables } = context.repos;
      const ports = teamMemberPorts(tables, clock, stubs().extras);
      const tenantId = await otherAccount(tables, context.tenantId);
      const [admin, viewer] = [await context.repos.role('Admin'), await context.repos.role('Viewer')];
      assert.deepEqual(await ports.memberStats(tenantId), {
        totalItems: 0,
        addedThisWeek: 0,
        superAdmins: 0,
      });
      await member(tables, tenantId, 'Direct', [admin, viewer], 30);
      const grouped = await member(tables, tenantId, 'Grouped', [viewer], 8);
      await member(tables, tenantId, 'Plain', [viewer]);
      await addGroup(tables, tenantId, [admin], [grouped.membershipId]);
      assert.deepEqual(await ports.memberStats(tenantId), {
        totalItems: 3,
        addedThisWeek: 1,
        superAdmins: 2,
      });
    });

    test('a member is removed with their roles and groups, their sessions ended, and announced', async () => {
      const { tables } = context.repos;
      const { extras, ended, announced } = stubs();
      const ports = teamMemberPorts(tables, clock, extras);
      const viewer = await context.repos.role('Viewer');
      const gone = await member(tables, context.tenantId, 'Gone', [viewer]);
      await addGroup(tables, context.tenantId, [], [gone.membershipId]);
      assert.equal(await ports.revokeSessions(context.tenantId, gone.userId), 2);
      assert.equal(await ports.revokeSessions(context.tenantId, randomUUID()), null);
      assert.equal(await ports.remove(context.tenantId, gone.userId), true);
      assert.equal(await ports.remove(context.tenantId, gone.userId), false);
      assert.deepEqual(ended, [`${gone.userId}:revoked_by_admin`, `${gone.userId}:removed_from_tenant`]);
      assert.deepEqual(announced, [`user.removed:${gone.userId}`]);
      assert.equal(await ports.member(context.tenantId, gone.userId), null);
      assert.deepEqual(
        [
          await tables.of(MEMBERSHIP_ROLES).count({ where: { membershipId: gone.membershipId } }),
          await tables.of(GROUP_MEMBERS).count({ where: { membershipId: gone.membershipId } }),
        ],
        [0, 0],
      );
      assert.ok(await tables.of(USERS).row({ id: gone.userId }), 'the user stays');
    });

    test('the users list: a page by name, filtered, sorted and paged, each with roles, groups, permissions and MFA', async () => {
      const { tables } = context.repos;
      const tenantId = await otherAccount(tables, context.tenantId);
      const [admin, editor, viewer] = [
        await context.repos.role('Admin'),
        await context.repos.role('Editor'),
        await context.repos.role('Viewer'),
      ];
      const carol = await member(tables, tenantId, 'Carol', [viewer], 2);
      await member(tables, tenantId, 'alice', [admin], 3);
      const bob = await member(tables, tenantId, 'Bob', [], 1);
      const groupId = await addGroup(tables, tenantId, [editor], [carol.membershipId]);
      await device(tables, bob.userId, false);
      await device(tables, carol.userId, true);
      const list = (q: Partial<MemberListQuery>) =>
        listMembers(tables, clock, { ...query(tenantId), ...q }, async () => new Set());
      const names = async (q: Partial<MemberListQuery>) => (await list(q)).items.map((u) => u.name);
      const first = await list({ limit: 2 });
      assert.deepEqual([first.items.map((u) => u.name), first.totalItems], [['alice', 'Bob'], 3]);
      assert.deepEqual(await names({ limit: 2, page: 1 }), ['Carol']);
      assert.deepEqual(await names({ order: 'DESC' }), ['Carol', 'Bob', 'alice']);
      assert.deepEqual(await names({ sortBy: 'createdAt' }), ['alice', 'Carol', 'Bob']);
      assert.deepEqual(await names({ filter: ' cAr ' }), ['Carol']);
      assert.deepEqual(await names({ filter: 'bob-' }), ['Bob']);
      assert.deepEqual((await list({ filter: '%' })).totalItems, 0);

      const rows = Object.fromEntries((await list({})).items.map((u) => [u.name, u]));
      const c = rows.Carol!;
      assert.deepEqual(
        [c.id, c.tenantId, c.roleIds, c.roles.map((r) => r.key)],
        [carol.userId, tenantId, [viewer], ['Viewer']],
      );
      assert.deepEqual(c.tenants, [{ tenantId, roles: c.roles }]);
      assert.deepEqual(
        c.groups.map((g) => [g.id, g.roles.map((r) => r.key)]),
        [[groupId, ['Editor']]],
      );
      const keys = c.permissions.map((p) => p.key);
      assert.deepEqual(keys, [...keys].sort());
      assert.ok(c.permissions.every((p) => p.roleIds.every((id) => id === editor || id === viewer)));
      assert.ok(c.permissions.some((p) => p.roleIds.includes(editor)));
      assert.deepEqual(
        [c.mfaEnrolled, rows.Bob!.mfaEnrolled, rows.alice!.mfaEnabled],
        [false, true, false],
        'a passkey is no second factor',
      );
      assert.deepEqual(
        [c.managedBy, c.invitationPending, c.activatedForTenant, c.isLocked, c.metadata, c.customData],
        ['frontegg', false, true, false, '{}', {}],
      );
      assert.deepEqual(
        rows.alice!.permissions.map((p) => p.key),
        ['fe.*'],
      );
    });

    test("users v3's filters, a member by id, and the accounts below (each person once)", async () => {
      const { tables } = context.repos;
      const tenantId = await otherAccount(tables, context.tenantId);
      const child = await otherAccount(tables, context.tenantId, tenantId);
      const grandchild = await otherAccount(tables, context.tenantId, child);
      const old = await member(tables, tenantId, 'Old');
      const recent = await member(tables, tenantId, 'Recent');
      const never = await member(tables, tenantId, 'Never');
      await tables.of(USERS).update({ id: old.userId }, { lastLogin: stamp(Date.now() - 40 * DAY) });
      await tables
        .of(USERS)
        .update(
          { id: recent.userId },
          { lastLogin: stamp(Date.now() - DAY), breachedPasswordAt: stamp(Date.now()) },
        );
      await device(tables, recent.userId, false);
      const list = (q: Partial<MemberListQuery>) =>
        listMembers(tables, clock, { ...query(tenantId), ...q }, async () => new Set());
      const names = async (q: Partial<MemberListQuery>) => (await list(q)).items.map((u) => u.name);
      assert.deepEqual(await names({ inactiveForSeconds: 30 * 86_400 }), ['Old']);
      assert.deepEqual(await names({ neverSignedIn: true }), ['Never']);
      assert.deepEqual(await names({ mfaUnenrolled: true }), ['Never', 'Old']);
      assert.deepEqual(await names({ mfaUnenrolled: true, userIds: [old.userId, recent.userId] }), ['Old']);
      assert.deepEqual(await names({ breachedPassword: true }), ['Recent']);
      const email = (await tables.of(USERS).row({ id: old.userId }))!.email;
      assert.deepEqual(await names({ email: ` ${email.toUpperCase()} ` }), ['Old']);
      assert.deepEqual(await names({ userId: never.userId }), ['Never']);
      assert.deepEqual(await names({ userIds: [never.userId, old.userId, randomUUID()] }), ['Never', 'Old']);
      assert.deepEqual(await names({ userIds: [] }), []);

      const below = await member(tables, grandchild, 'Below');
      await tables.of(MEMBERSHIPS).insert({
        ...{ id: randomUUID(), userId: old.userId, tenantId: child, createdAt: stamp(Date.now() - 90 * DAY) },
        ...{ invitationPending: false, accessAllowed: true, scimConfigurationId: null },
      });
      assert.deepEqual(await names({}), ['Never', 'Old', 'Recent']);
      const tree = await list({ includeSubTenants: true });
      assert.deepEqual(
        tree.items.map((u) => [u.name, u.tenantId]),
        [
          ['Below', grandchild],
          ['Never', tenantId],
          ['Old', tenantId],
          ['Recent', tenantId],
        ],
      );
      assert.equal(tree.totalItems, 4);
      assert.ok(below.userId);
    });
  },
);
