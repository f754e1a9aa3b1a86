// What a user holds, read once over the tables port (core/domain/member-grants.ts), one suite for
// both stores: over PGlite, where it must answer what the server's SQL of its hot paths answers
// (server/domain/tenants.ts loadAuthorization, the tokens' and GET me's read), and over demo mode's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { isContractError } from '../../core/contract/errors';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoTables } from '../../core/demo/teamAdmin';
import { GROUP_CONFIGURATIONS } from '../../core/domain/group-token-tables';
import {
  accountsOfUser,
  authorizationIn,
  joinedMemberIn,
  permissionKeysIn,
  userProfileIn,
} from '../../core/domain/member-grants';
import { MEMBERSHIPS } from '../../core/domain/membership-tables';
import { stamp, type Tables } from '../../core/domain/tables';
import type { Authorization } from '../../core/domain/user-profile';
import { addGroup, addMember, repositorySuite, vendorRoleId } from '../../test/support/repository-suite';
import { loadAuthorization } from '../domain/tenants';
import { sqlTables } from './tables';

/** A store's tables and, on the server, its SQL read of the same. */
interface Fixture {
  tables: Tables;
  sql?: (userId: string, tenantId: string) => Promise<Authorization>;
}

const membershipOf = async (tables: Tables, tenantId: string, userId: string) =>
  (await tables.of(MEMBERSHIPS).row({ tenantId, userId }))!;

repositorySuite<Fixture>(
  'member grants',
  {
    pglite: (db) => ({
      tables: sqlTables(db),
      sql: (userId, tenantId) => loadAuthorization(db, userId, tenantId),
    }),
    demo: () => ({ tables: demoTables(seedDemoDatabase()) }),
  },
  (context) => {
    test("a member's roles: their membership's and their groups' (while groups' roles are on), as the SQL reads them", async () => {
      const { tables, sql } = context.repos;
      const { tenantId } = context;
      const userId = await addMember(tables, tenantId, 'Grantee', ['Viewer']);
      const membership = await membershipOf(tables, tenantId, userId);
      await addGroup(tables, tenantId, [await vendorRoleId(tables, 'Editor')], [membership.id]);
      const held = await authorizationIn(tables, userId, tenantId);
      assert.deepEqual(
        held.roles.map((r) => r.key),
        ['Editor', 'Viewer'],
      );
      const keys = held.permissions.map((p) => p.key);
      assert.deepEqual(keys, [...keys].sort(), 'permissions by key');
      const editor = held.roles.find((r) => r.key === 'Editor')!;
      assert.ok(held.permissions.every((p) => p.roleIds.length > 0));
      assert.ok(held.permissions.some((p) => p.roleIds.includes(editor.id)));
      assert.deepEqual(await permissionKeysIn(tables, tenantId, userId), keys);
      if (sql) assert.deepEqual(JSON.parse(JSON.stringify(await sql(userId, tenantId))), held);

      await tables.of(GROUP_CONFIGURATIONS).insert({
        tenantId,
        enabled: true,
        rolesEnabled: false,
        updatedAt: stamp(Date.now()),
      });
      const direct = await authorizationIn(tables, userId, tenantId);
      assert.deepEqual(
        direct.roles.map((r) => r.key),
        ['Viewer'],
        "groups' roles off: their roles are not held",
      );
      if (sql) assert.deepEqual(JSON.parse(JSON.stringify(await sql(userId, tenantId))), direct);
      await tables.of(GROUP_CONFIGURATIONS).remove({ tenantId });
    });

    test('an invitee holds nothing yet and is no joined member; a stranger neither', async () => {
      const { tables } = context.repos;
      const { tenantId } = context;
      const userId = await addMember(tables, tenantId, 'Invitee', ['Admin']);
      assert.ok(await joinedMemberIn(tables, tenantId, userId));
      await tables.of(MEMBERSHIPS).update({ tenantId, userId }, { invitationPending: true });
      assert.deepEqual(await authorizationIn(tables, userId, tenantId), { roles: [], permissions: [] });
      assert.deepEqual(await permissionKeysIn(tables, tenantId, userId), []);
      assert.equal(await joinedMemberIn(tables, tenantId, userId), null);
      assert.deepEqual(await accountsOfUser(tables, userId), []);
      assert.deepEqual(await authorizationIn(tables, randomUUID(), tenantId), { roles: [], permissions: [] });
      assert.deepEqual(await authorizationIn(tables, userId, null), { roles: [], permissions: [] });
    });

    test("the profile: the accounts the user may act in, the asked one's roles, else the oldest's", async () => {
      const { tables } = context.repos;
      const { tenantId } = context;
      const userId = await addMember(tables, tenantId, 'Profiled', ['Viewer']);
      const profile = await userProfileIn(tables, userId, tenantId);
      assert.equal(profile.id, userId);
      assert.equal(profile.tenantId, tenantId);
      assert.deepEqual(profile.tenantIds, [tenantId]);
      assert.deepEqual(
        profile.roles.map((r) => r.key),
        ['Viewer'],
      );
      assert.deepEqual(profile.tenants[0]!.roles, profile.roles);
      assert.equal(profile.mfaEnrolled, false);
      assert.equal(
        (await userProfileIn(tables, userId, randomUUID())).tenantId,
        tenantId,
        'not a member: the oldest',
      );
      await tables.of(MEMBERSHIPS).update({ tenantId, userId }, { accessAllowed: false });
      const denied = await userProfileIn(tables, userId, tenantId);
      assert.equal(denied.tenantId, null, 'access denied: no account to act in');
      assert.deepEqual(denied.roles, []);
      await assert.rejects(userProfileIn(tables, randomUUID(), tenantId), (error) => isContractError(error));
    });
  },
);
