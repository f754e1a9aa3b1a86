// The usage's reads (core/domain/usage.ts usageOver), one suite for both stores: over PGlite (the
// server's platform) and over demo mode's stored tables, so both count alike: members, active
// members, the account's and its members' tokens of either kind, the live accounts below at any
// depth, and sign-ins by UTC day.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { memoryTables } from '../../core/demo/tables';
import { signIn } from '../../core/contract/routes/descriptor';
import { recordAudit } from '../../core/domain/audit-log';
import { API_TOKENS } from '../../core/domain/group-token-tables';
import { stamp, type Tables } from '../../core/domain/tables';
import { newTenantRow, TENANTS } from '../../core/domain/tenant-tables';
import { usageOver, type UsageRepository } from '../../core/domain/usage';
import { addMember, repositorySuite } from '../../test/support/repository-suite';
import { sqlTables } from './tables';

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 27);
const SINCE = new Date(TODAY - 29 * DAY);

interface Fixture {
  usage: UsageRepository;
  tables: Tables;
}

/** An account below `parentId` (deleted when asked); its id. */
async function subAccount(tables: Tables, parentId: string, deleted = false): Promise<string> {
  const parent = await tables.of(TENANTS).row({ id: parentId });
  const at = stamp(Date.now());
  const row = newTenantRow({ id: randomUUID(), vendorId: parent!.vendorId, name: 'Below', createdAt: at });
  await tables.of(TENANTS).insert({ ...row, parentTenantId: parentId, deletedAt: deleted ? at : null });
  return row.id;
}

/** A token of the account (a user's personal one when `userId` is given). */
async function token(tables: Tables, tenantId: string, kind: 'api' | 'access', userId: string | null = null) {
  await tables.of(API_TOKENS).insert({
    id: randomUUID(),
    type: userId ? 'user' : 'tenant',
    kind,
    tenantId,
    userId,
    createdByUserId: userId,
    secretHash: randomUUID(),
    description: 'Usage',
    expiresInMinutes: null,
    expiresAt: null,
    lastUsedAt: null,
    createdAt: stamp(Date.now()),
  });
}

/** A successful sign-in of `userId` into the account, at `at`. */
const signedIn = (tables: Tables, tenantId: string, userId: string, at: number) =>
  recordAudit(
    tables,
    { now: () => at, newId: randomUUID },
    {
      tenantId,
      actorUserId: userId,
      severity: 'Info',
      resource: 'auth',
      action: signIn('any').action,
      description: '',
    },
  );

repositorySuite<Fixture>(
  'usage reads',
  {
    pglite: (db) => ({ usage: usageOver(sqlTables(db)), tables: sqlTables(db) }),
    demo: () => {
      const tables = memoryTables((seedDemoDatabase().tables ??= {}));
      return { usage: usageOver(tables), tables };
    },
  },
  (context) => {
    test('members, tokens of either kind and the live accounts below, at any depth', async () => {
      const { usage, tables } = context.repos;
      const { tenantId } = context;
      const before = await usage.counts(tenantId, SINCE);
      const member = await addMember(tables, tenantId, 'Counted');
      await token(tables, tenantId, 'api');
      await token(tables, tenantId, 'access');
      await token(tables, tenantId, 'api', member);
      const child = await subAccount(tables, tenantId);
      await subAccount(tables, child);
      await subAccount(tables, tenantId, true);
      const after = await usage.counts(tenantId, SINCE);
      assert.deepEqual(
        {
          members: after.members - before.members,
          account: after.accountApiTokens - before.accountApiTokens,
          personal: after.personalApiTokens - before.personalApiTokens,
          below: after.subAccounts - before.subAccounts,
        },
        { members: 1, account: 2, personal: 1, below: 2 },
      );
      assert.equal((await usage.counts(child, SINCE)).subAccounts, 1);
    });

    test('sign-ins by UTC day since the start; active: members who signed in since then', async () => {
      const { usage, tables } = context.repos;
      const tenantId = await subAccount(tables, context.tenantId);
      const member = await addMember(tables, tenantId, 'Active');
      const stranger = randomUUID();
      await signedIn(tables, tenantId, member, TODAY + 3_600_000);
      await signedIn(tables, tenantId, member, TODAY + 7_200_000);
      await signedIn(tables, tenantId, stranger, TODAY - 2 * DAY);
      await signedIn(tables, tenantId, member, SINCE.getTime() - 1);
      assert.deepEqual(await usage.signInsByDay(tenantId, SINCE), [
        { date: '2026-11-25', count: 1 },
        { date: '2026-11-27', count: 2 },
      ]);
      assert.equal((await usage.counts(tenantId, SINCE)).activeMembers, 1, 'a stranger is no member');
      assert.equal((await usage.counts(tenantId, new Date(TODAY + DAY))).activeMembers, 0);
    });
  },
);
