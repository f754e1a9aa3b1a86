// The directory (SCIM) configurations' repository (core/domain/directory.ts), one suite for both
// stores: over PGlite and over demo mode's stored tables (what SCIM provisioned is read over the same
// tables: server/routes/scim*.test.ts count and release what the endpoints provisioned).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { memoryTables } from '../../core/demo/tables';
import {
  createScimConfiguration,
  directoryRepository,
  scimTokenHash,
  SCIM_CONFIGURATIONS,
  type DirectoryPorts,
} from '../../core/domain/directory';
import type { RowClock, Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { sqlTables } from './tables';

interface Fixture {
  ports: DirectoryPorts;
  tables: Tables;
  /** A user who may make a configuration (the column is a user's id). */
  someone: () => Promise<string>;
}

/** Each call a later time: the creation order is the listing order. */
function laterEachCall(): RowClock {
  let now = Date.parse('2026-11-28T12:00:00Z');
  return { now: () => (now += 1000), newId: () => randomUUID() };
}

repositorySuite<Fixture>(
  'directory configuration repository',
  {
    pglite: (db) => ({
      ports: directoryRepository(sqlTables(db), laterEachCall()),
      tables: sqlTables(db),
      someone: async () => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO users (vendor_id, email, name, verified) SELECT id, $1, 'Member', true FROM vendors LIMIT 1
            RETURNING id`,
          [`${randomUUID()}@example.com`],
        );
        return rows[0]!.id;
      },
    }),
    demo: () => {
      const tables = memoryTables({});
      return {
        ports: directoryRepository(tables, laterEachCall()),
        tables,
        someone: async () => randomUUID(),
      };
    },
  },
  (context) => {
    test('a configuration is stored with its token hashed, listed oldest first, changed and deleted', async () => {
      const { ports, tables, someone } = context.repos;
      const { tenantId } = context;
      const by = await someone();
      const first = await createScimConfiguration(ports, tenantId, { source: 'okta' }, by);
      const second = await createScimConfiguration(
        ports,
        tenantId,
        { source: 'other', connectionName: ' HR ', syncToUserManagement: false },
        by,
      );
      assert.deepEqual(
        (await ports.list(tenantId)).map((c) => [c.connectionName, c.source, c.syncToUserManagement]),
        [
          ['Okta', 'okta', true],
          ['HR', 'other', false],
        ],
      );
      assert.equal((await ports.list(tenantId))[0]!.lastSync, null);
      const stored = await tables.of(SCIM_CONFIGURATIONS).row({ id: first.id });
      assert.equal(stored?.tokenHash, await scimTokenHash(first.token), 'only the hash is kept');
      assert.equal(stored?.createdBy, by);
      assert.equal(await ports.update(tenantId, second.id, true), true);
      assert.equal((await ports.list(tenantId))[1]!.syncToUserManagement, true);
      assert.equal(await ports.countUsers(tenantId, first.id), 0);
      assert.equal(await ports.remove(tenantId, first.id), true);
      assert.deepEqual(
        (await ports.list(tenantId)).map((c) => c.id),
        [second.id],
      );
      assert.equal(await ports.countUsers(tenantId, first.id), null);
      assert.equal(await ports.remove(tenantId, first.id), false);
    });

    test("another account's configuration is not found", async () => {
      const { ports, someone } = context.repos;
      const made = await createScimConfiguration(
        ports,
        context.tenantId,
        { source: 'frontegg' },
        await someone(),
      );
      const other = randomUUID();
      assert.equal(await ports.update(other, made.id, false), false);
      assert.equal(await ports.countUsers(other, made.id), null);
      assert.equal(await ports.remove(other, made.id), false);
      assert.ok((await ports.list(context.tenantId)).some((c) => c.id === made.id));
    });
  },
);
