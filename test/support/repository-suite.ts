// One repository suite for both stores (docs/architecture.md "The domain over ports"): the same
// cases run against the server's repositories over PGlite and demo mode's over its stored data.
import { after, before, describe } from 'node:test';
import type { Database } from '../../server/storage/database';
import type { BuiltServer } from '../../server/app';
import { randomUUID } from 'node:crypto';
import { createTenant } from '../../server/storage/tenants';
import { MEMBERSHIP_ROLES, MEMBERSHIPS } from '../../core/domain/membership-tables';
import { ROLES } from '../../core/domain/role-tables';
import { GROUP_MEMBERS, GROUP_ROLES, GROUPS } from '../../core/domain/group-token-tables';
import { oneOf, stamp, type Tables } from '../../core/domain/tables';
import { TENANTS } from '../../core/domain/tenant-tables';
import { userRepository } from '../../core/domain/user-tables';
import { getVendorSettings } from '../../server/domain/vendor';
import { startTestServer } from './server';

/** What each case works on: one store's repositories and a fresh account of it. */
export interface SuiteContext<R> {
  repos: R;
  tenantId: string;
}

/**
 * Runs `cases` once per store, in a `describe` named `<title>: <store>`. `pglite` builds the
 * server's repositories over a test server's database (started once, with a new account for the
 * suite); `demo` builds demo mode's, for the account `demo-tenant`. `cases` reads the context in
 * its tests (it is filled before they run).
 */
export function repositorySuite<R>(
  title: string,
  stores: { pglite: (db: Database) => R; demo: () => R },
  cases: (context: SuiteContext<R>) => void,
): void {
  let server: BuiltServer | undefined;
  const open = {
    PGlite: async (): Promise<SuiteContext<R>> => {
      server ??= await startTestServer();
      const vendorId = (await getVendorSettings(server.db)).id;
      const tenant = await createTenant(server.db, { vendorId, name: `${title} suite` });
      return { repos: stores.pglite(server.db), tenantId: tenant.id };
    },
    'demo storage': async (): Promise<SuiteContext<R>> => ({ repos: stores.demo(), tenantId: 'demo-tenant' }),
  };
  for (const [name, start] of Object.entries(open)) {
    describe(`${title}: ${name}`, () => {
      const context = {} as SuiteContext<R>;
      before(async () => Object.assign(context, await start()));
      after(async () => {
        if (name === 'PGlite') await server?.close();
      });
      cases(context);
    });
  }
}

/**
 * A new user of the account's vendor, made a member of the account `tenantId` holding the account's
 * roles of `roleKeys`, written over either store's tables (`sqlTables(db)`, or the demo's
 * `memoryTables(db.tables)`); the user's id.
 */
export async function addMember(tables: Tables, tenantId: string, name = 'Member', roleKeys: string[] = []) {
  const clock = { now: Date.now, newId: randomUUID };
  const tenant = await tables.of(TENANTS).row({ id: tenantId });
  const user = await userRepository(tables, clock).insert({
    vendorId: tenant!.vendorId,
    email: `member-${randomUUID()}@example.com`,
    name,
    passwordHash: null,
    verified: true,
  });
  const membershipId = randomUUID();
  await tables.of(MEMBERSHIPS).insert({
    id: membershipId,
    userId: user.id,
    tenantId,
    createdAt: stamp(clock.now()),
    invitationPending: false,
    accessAllowed: true,
    scimConfigurationId: null,
  });
  const roles = roleKeys.length
    ? await tables.of(ROLES).rows({ where: { key: oneOf(roleKeys), tenantId: oneOf([null, tenantId]) } })
    : [];
  for (const role of roles) await tables.of(MEMBERSHIP_ROLES).insert({ membershipId, roleId: role.id });
  return user.id;
}

/** The id of the vendor's role of this key (a built-in role), read over either store's tables. */
export const vendorRoleId = async (tables: Tables, key: string): Promise<string> =>
  (await tables.of(ROLES).row({ key, tenantId: null }))!.id;

/** A group of the account giving these roles, with these memberships in it; its id. */
export async function addGroup(tables: Tables, tenantId: string, roleIds: string[], membershipIds: string[]) {
  const at = stamp(Date.now());
  const row = await tables.of(GROUPS).insert({
    id: randomUUID(),
    tenantId,
    name: `group ${randomUUID()}`,
    color: null,
    description: null,
    metadata: {},
    managedBy: 'frontegg',
    scimConfigurationId: null,
    createdAt: at,
    updatedAt: at,
  });
  for (const roleId of roleIds) await tables.of(GROUP_ROLES).insert({ groupId: row.id, roleId });
  for (const membershipId of membershipIds)
    await tables.of(GROUP_MEMBERS).insert({ groupId: row.id, membershipId });
  return row.id;
}
