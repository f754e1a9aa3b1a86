// The sub-accounts' store (core/domain/sub-account-store.ts) over each store of the repository
// suites, with what a case sets up written over the tables port, the same on both: an account below
// another, a user, a member, the vendor's role of a key.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/storage/database';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { insertMembership } from '../../core/domain/invitation-store';
import type { Platform } from '../../core/domain/platform';
import { ROLES } from '../../core/domain/role-tables';
import { subAccountStoreOver, type SubAccountStore } from '../../core/domain/sub-account-store';
import { stamp, type RowClock, type Tables } from '../../core/domain/tables';
import { newTenantRow, TENANTS } from '../../core/domain/tenant-tables';
import { userRepository } from '../../core/domain/user-tables';
import { platformOver } from './platform';

/** One store's sub-accounts' ports and the fixtures a case builds with. */
export interface SubAccountFixture {
  repo: SubAccountStore;
  tables: Tables;
  clock: RowClock;
  /** A new account below `parentId` (named `name`, default "Child"). */
  child(parentId: string, name?: string): Promise<string>;
  /** A new user of the account's vendor (a member of nothing). */
  user(tenantId: string, fields?: { name?: string; email?: string }): Promise<string>;
  /** A new member of the account (with these roles). */
  member(tenantId: string, roleIds?: string[]): Promise<string>;
  /** Makes the user a member of the account. */
  join(tenantId: string, userId: string, roleIds?: string[]): Promise<void>;
  /** The vendor's role of this key. */
  role(key: string): Promise<string>;
}

function fixture(repo: SubAccountStore, tables: Tables, clock: RowClock): SubAccountFixture {
  const vendorOf = async (tenantId: string) => (await tables.of(TENANTS).row({ id: tenantId }))!.vendorId;
  const self: SubAccountFixture = {
    repo,
    tables,
    clock,
    async child(parentId, name = 'Child') {
      const id = randomUUID();
      const row = { id, vendorId: await vendorOf(parentId), name, parentTenantId: parentId };
      await tables.of(TENANTS).insert(newTenantRow({ ...row, createdAt: stamp(clock.now()) }));
      return id;
    },
    async user(tenantId, fields = {}) {
      const created = await userRepository(tables, clock).insert({
        vendorId: await vendorOf(tenantId),
        email: fields.email ?? `member-${randomUUID()}@example.com`,
        name: fields.name ?? 'Member',
        passwordHash: null,
        verified: true,
      });
      return created.id;
    },
    async member(tenantId, roleIds = []) {
      const userId = await self.user(tenantId);
      await self.join(tenantId, userId, roleIds);
      return userId;
    },
    async join(tenantId, userId, roleIds = []) {
      await insertMembership(tables, clock, { userId, tenantId, roleIds });
    },
    role: async (key) => (await tables.of(ROLES).row({ key, tenantId: null }))!.id,
  };
  return self;
}

/** The store over a backend's platform, with its tree reads. */
const storeOn = ({ tables, clock, subAccounts }: Platform) =>
  fixture(subAccountStoreOver(tables, clock, subAccounts.tree(tables)), tables, clock);

/** The stores of a repository suite (test/support/repository-suite.ts) for the sub-accounts' store. */
export const subAccountStores = {
  pglite: (db: Database) => storeOn(platformOver(db)),
  demo: () => storeOn(demoPlatform(seedDemoDatabase(), { now: Date.now, random: () => randomUUID() })),
};
