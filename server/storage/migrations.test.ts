import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ADMIN, login, startTestServer } from '../../test/support/server';
import type { Database } from './database';
import { migrate, migrations } from './migrations';

// One PGlite data folder for the file (booting PGlite costs seconds): the first server applies
// the migrations; the tests then re-run them and restart on the same folder.
let dataDir: string;
let first: BuiltServer;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ae-pglite-'));
  first = await startTestServer({ database: { kind: 'pglite', dataDir } });
});
after(async () => {
  await first.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are recorded in schema_migrations and are a no-op when run again (also concurrently)', async () => {
    const { rows } = await first.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    assert.deepEqual(
      rows.map((r) => r.version),
      migrations.map((m) => m.version),
    );
    assert.deepEqual(await migrate(first.db), []);
    assert.deepEqual(await Promise.all([migrate(first.db), migrate(first.db)]), [[], []]);
    const again = await first.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    assert.equal(again.rows[0]!.n, migrations.length);
  });

  it('create the default roles (Admin holds fe.*), one vendor row, and no SSO domain', async () => {
    const roles = await first.db.query<{ key: string; default_for_creator: boolean; permissions: string[] }>(
      `SELECT r.key, r.default_for_creator, array_remove(array_agg(p.key ORDER BY p.key), NULL) AS permissions
         FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id
        GROUP BY r.key, r.default_for_creator ORDER BY r.key`,
    );
    assert.deepEqual(roles.rows, [
      { key: 'Admin', default_for_creator: true, permissions: ['fe.*'] },
      // Migration 25: Editor runs the team (core/portal/builtInRoles.ts).
      {
        key: 'Editor',
        default_for_creator: false,
        permissions: [
          'fe.secure.read.groups',
          'fe.secure.read.roles',
          'fe.secure.read.users',
          'fe.secure.write.groups',
          'fe.secure.write.users',
        ],
      },
      // Migration 8: spec 001 §3 "ReadOnly (two permissions)".
      {
        key: 'ReadOnly',
        default_for_creator: false,
        permissions: ['fe.secure.read.roles', 'fe.secure.read.users'],
      },
      { key: 'Viewer', default_for_creator: false, permissions: [] },
    ]);
    const counts = await first.db.query<{ vendors: number; sso: number }>(
      'SELECT (SELECT count(*)::int FROM vendors) AS vendors, (SELECT count(*)::int FROM sso_domains) AS sso',
    );
    assert.deepEqual(counts.rows[0], { vendors: 1, sso: 0 });
  });

  it('refuses a list with a gap or a reordering before touching the database', async () => {
    const untouchable = new Proxy({} as Database, { get: () => assert.fail('the database was used') });
    await assert.rejects(migrate(untouchable, [{ version: 2, name: 'x', statements: [] }]), /expected 1/);
  });

  it('a restart on the same data folder keeps data and signing key, and re-seeding adds nothing', async () => {
    const jwks1 = (await first.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { cookie } = await login(first.app);
    await first.close();

    const second = await startTestServer({ database: { kind: 'pglite', dataDir } });
    try {
      const jwks2 = (await second.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      assert.deepEqual(jwks2, jwks1, 'the signing key lives in the database, not the process');
      const counts = await second.db.query<{
        users: number;
        tenants: number;
        keys: number;
        migrations: number;
      }>(
        `SELECT (SELECT count(*)::int FROM users WHERE email = $1) AS users,
                (SELECT count(*)::int FROM tenants WHERE name = 'Acme Demo') AS tenants,
                (SELECT count(*)::int FROM signing_keys) AS keys,
                (SELECT count(*)::int FROM schema_migrations) AS migrations`,
        [ADMIN.email],
      );
      assert.deepEqual(counts.rows[0], { users: 1, tenants: 1, keys: 1, migrations: migrations.length });
      // A session opened by the first process is honoured by the second.
      const res = await second.app.inject({
        method: 'POST',
        url: '/frontegg/identity/resources/auth/v1/user/token/refresh',
        headers: { cookie: `ae_refresh=${cookie}` },
      });
      assert.equal(res.statusCode, 200);
    } finally {
      await second.close();
    }
  });
});
