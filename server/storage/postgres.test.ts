/**
 * The PostgreSQL path, with two server processes' worth of servers sharing one database.
 * Runs only when TEST_DATABASE_URL points at a PostgreSQL server whose user may create
 * databases (each run creates and drops its own database), e.g.
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { BuiltServer } from '../app';
import { LOGIN, SIGN_UP, login, refresh, refreshCookieOf, startTestServer } from '../../test/support/server';
import { migrations } from './migrations';

const adminUrl = process.env.TEST_DATABASE_URL;

describe(
  'PostgreSQL storage shared by several servers',
  { skip: adminUrl ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    const dbName = `ae_test_${randomBytes(6).toString('hex')}`;
    let a: BuiltServer;
    let b: BuiltServer;

    before(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      // A low sign-up limit for the race below (the other tests sign up from another address).
      const options = { database: { kind: 'postgres' as const, url: url.toString() }, signUpsPerIp: 4 };
      // Started together: migrations, key creation and seeding must not trip over each other.
      [a, b] = await Promise.all([startTestServer(options), startTestServer(options)]);
    });

    after(async () => {
      await Promise.all([a?.close(), b?.close()]);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    });

    it('migrated once, made one signing key and one seed, and both publish the same JWKS', async () => {
      const { rows } = await a.db.query<{
        migrations: number;
        keys: number;
        admins: number;
        tenants: number;
      }>(
        `SELECT (SELECT count(*)::int FROM schema_migrations) AS migrations,
              (SELECT count(*)::int FROM signing_keys) AS keys,
              (SELECT count(*)::int FROM users) AS admins,
              (SELECT count(*)::int FROM tenants) AS tenants`,
      );
      assert.deepEqual(rows[0], { migrations: migrations.length, keys: 1, admins: 1, tenants: 1 });
      const jwksA = (await a.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      const jwksB = (await b.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      assert.deepEqual(jwksA, jwksB);
    });

    it('a session opened on one server refreshes on the other; the rotated token is dead on both', async () => {
      const { cookie, accessToken } = await login(a.app);
      const me = await b.app.inject({
        method: 'GET',
        url: '/frontegg/identity/resources/users/v2/me',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      assert.equal(me.statusCode, 200);
      const res = await refresh(b.app, cookie);
      assert.equal(res.statusCode, 200);
      await a.db.query(`UPDATE rotated_refresh_tokens SET rotated_at = rotated_at - interval '1 minute'`);
      assert.equal((await refresh(a.app, cookie)).statusCode, 401);
      assert.equal((await refresh(b.app, refreshCookieOf(res))).statusCode, 401, 'reuse revoked the session');
    });

    it('two servers refreshing one token at the same moment: both answer, exactly one rotates the cookie', async () => {
      const { cookie } = await login(a.app);
      const results = await Promise.all([refresh(a.app, cookie), refresh(b.app, cookie)]);
      assert.deepEqual(
        results.map((r) => r.statusCode),
        [200, 200],
      );
      assert.equal(results.map(refreshCookieOf).filter(Boolean).length, 1);
    });

    it('two servers signing up one email at the same moment: one 200, one 409', async () => {
      const payload = { email: 'twice@example.org', password: 'long-enough-1' };
      const results = await Promise.all(
        [a, b].map((s) => s.app.inject({ method: 'POST', url: SIGN_UP, payload })),
      );
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
      const loginRes = await b.app.inject({ method: 'POST', url: LOGIN, payload });
      assert.equal(loginRes.statusCode, 200);
    });

    it('sign-ups from one address racing on two servers: exactly the limit gets through', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          [a, b][i % 2]!.app.inject({
            method: 'POST',
            url: SIGN_UP,
            payload: { email: `race-${i}@example.org`, password: 'long-enough-1' },
            remoteAddress: '10.7.0.1',
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 200).length, 4, statuses.join());
      assert.equal(statuses.filter((s) => s === 429).length, 6, statuses.join());
    });

    it('a failed transaction leaves nothing behind', async () => {
      await assert.rejects(
        a.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO sso_domains (domain, address, idp_type) VALUES ('rollback.test', 'x', 'saml')`,
          );
          throw new Error('boom');
        }),
        /boom/,
      );
      const { rows } = await b.db.query(`SELECT 1 FROM sso_domains WHERE domain = 'rollback.test'`);
      assert.equal(rows.length, 0);
      assert.equal((await refresh(a.app, undefined)).statusCode, 401, 'the pool still works');
    });
  },
);
