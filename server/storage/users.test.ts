// The users repository (core/domain/user-tables.ts), one suite for both stores: the server's over
// PGlite (sqlTables) and the one the demo's users are to become, over its stored tables (memoryTables).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { DEMO_VENDOR_ID } from '../../core/demo/data';
import { memoryTables } from '../../core/demo/tables';
import type { Tables } from '../../core/domain/tables';
import { USERS, UserExistsError, userRepository } from '../../core/domain/user-tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { getVendorSettings } from '../domain/vendor';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

interface Fixture {
  tables: Tables;
  users: ReturnType<typeof userRepository>;
  vendorId(): Promise<string>;
  /** The demo answers one call at a time (core/demo/pipeline.ts): no two inserts meet there. */
  concurrent: boolean;
}

const fixture = (tables: Tables, vendorId: () => Promise<string>, concurrent: boolean): Fixture => ({
  tables,
  users: userRepository(tables, SERVER_ROW_CLOCK),
  vendorId,
  concurrent,
});

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

repositorySuite<Fixture>(
  'users repository',
  {
    pglite: (db) => fixture(sqlTables(db), async () => (await getVendorSettings(db)).id, true),
    demo: () => fixture(memoryTables({}), async () => DEMO_VENDOR_ID, false),
  },
  (context) => {
    const newUser = async (email = `${randomUUID()}@Example.com`) =>
      context.repos.users.insert({
        vendorId: await context.repos.vendorId(),
        email: ` ${email} `,
        name: 'Ada',
        passwordHash: 'hash-1',
        verified: true,
      });

    it('inserts a user with the schema defaults, the email trimmed and lower-cased', async () => {
      const user = await newUser();
      assert.equal(user.email, user.email.trim().toLowerCase());
      assert.equal(user.provider, 'local');
      assert.equal(user.superUser, false);
      assert.deepEqual(user.metadata, {});
      assert.equal(user.customData, null);
      assert.equal(user.activeTenantId, null);
      assert.equal(user.failedSignIns, 0);
      assert.equal(user.lockedAt, null);
      assert.match(user.createdAt, ISO);
    });

    it('finds a user by id and by email in any case; an unknown one is null', async () => {
      const user = await newUser();
      assert.deepEqual(await context.repos.users.byId(user.id), user);
      assert.deepEqual(await context.repos.users.byEmail(` ${user.email.toUpperCase()} `), user);
      assert.equal(await context.repos.users.byId(randomUUID()), null);
      assert.equal(await context.repos.users.byEmail(`${randomUUID()}@example.com`), null);
    });

    it('refuses a taken email, in any case, even when two insert it at once (the server)', async () => {
      const email = `${randomUUID()}@example.com`;
      await newUser(email);
      await assert.rejects(newUser(email.toUpperCase()), UserExistsError);
      if (!context.repos.concurrent) return;
      const other = `${randomUUID()}@example.com`;
      const results = await Promise.allSettled([newUser(other), newUser(other)]);
      assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    });

    it('writes the password hash, keeping or clearing the breach verdict', async () => {
      const user = await newUser();
      const breachedAt = '2026-05-01T10:00:00.000Z';
      await context.repos.tables.of(USERS).update({ id: user.id }, { breachedPasswordAt: breachedAt });
      await context.repos.users.storePasswordHash(user.id, 'hash-2', true);
      const kept = await context.repos.users.byId(user.id);
      assert.equal(kept?.passwordHash, 'hash-2');
      assert.equal(kept?.breachedPasswordAt, breachedAt);
      await context.repos.users.storePasswordHash(user.id, 'hash-3', false);
      const cleared = await context.repos.users.byId(user.id);
      assert.equal(cleared?.passwordHash, 'hash-3');
      assert.equal(cleared?.breachedPasswordAt, null);
    });

    it('sets the account the next sign-in starts in', async () => {
      const user = await newUser();
      await context.repos.users.setActiveTenant(user.id, context.tenantId);
      assert.equal((await context.repos.users.byId(user.id))?.activeTenantId, context.tenantId);
    });
  },
);
