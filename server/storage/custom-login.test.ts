// The custom login repository (core/domain/tenant-repositories.ts), one suite for both stores: over
// PGlite (server/storage/tables.ts) and over demo mode's tables (core/demo/tables.ts).
// core/domain/custom-login.ts relies on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { addDemoTenant } from '../../core/test-support/demoUsers';
import { memoryTables } from '../../core/demo/tables';
import { type CustomLoginRepository, saveCustomLogin } from '../../core/domain/custom-login';
import { repositorySuite } from '../../test/support/repository-suite';
import { customLoginsOver } from '../../core/domain/tenant-repositories';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

interface Fixture {
  repo: CustomLoginRepository;
  /** Another account of the same vendor. */
  other(): Promise<string>;
}

repositorySuite<Fixture>(
  'custom login repository',
  {
    pglite: (db) => ({
      repo: customLoginsOver(sqlTables(db), SERVER_ROW_CLOCK),
      async other() {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO tenants (vendor_id, name) SELECT id, 'Other' FROM vendors LIMIT 1 RETURNING id`,
        );
        return rows[0]!.id;
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      return {
        repo: customLoginsOver(memoryTables((db.tables ??= {})), { now: Date.now }),
        async other() {
          const id = randomUUID();
          addDemoTenant(db, { id, name: 'Other', createdAt: new Date().toISOString() });
          return id;
        },
      };
    },
  },
  (context) => {
    test('off with no alias until saved; an unknown account reads null', async () => {
      const { repo } = context.repos;
      assert.deepEqual(await repo.read(context.tenantId), { enabled: false, loginAlias: null });
      assert.equal(await repo.read(randomUUID()), null);
    });

    test("an alias is one account's (any case): another account's save is refused 409, nothing changes", async () => {
      const { repo } = context.repos;
      const alias = `acme-${Date.now()}`;
      assert.deepEqual(await saveCustomLogin(repo, context.tenantId, { enabled: true, loginAlias: alias }), {
        enabled: true,
        loginAlias: alias,
      });
      const other = await context.repos.other();
      assert.equal(await repo.aliasTaken(other, alias.toUpperCase()), true);
      assert.equal(await repo.aliasTaken(context.tenantId, alias), false);
      await assert.rejects(saveCustomLogin(repo, other, { enabled: true, loginAlias: alias }), {
        codes: ['LOGIN_ALIAS_TAKEN'],
      });
      assert.deepEqual(await repo.read(other), { enabled: false, loginAlias: null });
      await assert.rejects(saveCustomLogin(repo, other, { enabled: true, loginAlias: null }), {
        codes: ['LOGIN_ALIAS_REQUIRED'],
      });
    });
  },
);
