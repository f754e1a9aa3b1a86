/**
 * Two server processes (server/main.ts, each started as an operator would: its own PORT, no
 * PUBLIC_URL) on one PostgreSQL database: a token one issues, the other accepts; a session signed
 * out on one is refused by the other at once. Runs only with TEST_DATABASE_URL (a PostgreSQL whose
 * user may create databases); server/scale-out.test.ts covers the rest in one process on PGlite.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { buildServer } from './app';
import { ADMIN, API, FAST_HASHING } from '../test/support/server';

const adminUrl = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** `count` distinct free ports: the probes are held open together, so no two get the same one. */
async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const probe = createServer().listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** Starts server/main.ts with `env`; the process joins `children` at once (stopped after, whatever happens). */
function startMain(env: Record<string, string>, children: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'test', AUTH_ELEMENTS_DEV: '', PUBLIC_URL: '', ISSUER: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('API base:')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

describe(
  'two server processes on one PostgreSQL database',
  { skip: adminUrl ? false : 'TEST_DATABASE_URL is not set', timeout: 240_000 },
  () => {
    const dbName = `ae_test_${randomBytes(6).toString('hex')}`;
    const children: ChildProcess[] = [];
    let a = '';
    let b = '';

    before(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      // The seed's admin, written once (the processes run without development mode).
      const seeded = await buildServer({
        database: { kind: 'postgres', url: url.toString() },
        seed: true,
        passwordHashing: FAST_HASHING,
      });
      await seeded.close();
      const [portA, portB] = (await freePorts(2)) as [number, number];
      const env = (port: number) => ({ DATABASE_URL: url.toString(), HOST: '127.0.0.1', PORT: String(port) });
      await Promise.all([startMain(env(portA), children), startMain(env(portB), children)]);
      a = `http://127.0.0.1:${portA}${API}`;
      b = `http://127.0.0.1:${portB}${API}`;
    });

    after(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve(null);
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      );
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });

    const signIn = async (base: string) => {
      const res = await fetch(`${base}/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(res.status, 200, await res.clone().text());
      const cookie = /ae_refresh=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
      return { token: ((await res.json()) as { accessToken: string }).accessToken, cookie };
    };
    const me = (base: string, token: string) =>
      fetch(`${base}/users/v2/me`, { headers: { authorization: `Bearer ${token}` } });

    it('a token issued by A (its issuer http://127.0.0.1:<A>) is accepted by B, and A refreshes on B', async () => {
      const { token, cookie } = await signIn(a);
      assert.equal((await me(b, token)).status, 200);
      const refreshed = await fetch(`${b}/auth/v1/user/token/refresh`, {
        method: 'POST',
        headers: { cookie },
      });
      assert.equal(refreshed.status, 200);
      const next = ((await refreshed.json()) as { accessToken: string }).accessToken;
      assert.equal((await me(a, next)).status, 200);
    });

    it('a session signed out on A is refused on B at once', async () => {
      const { token, cookie } = await signIn(a);
      assert.equal((await me(b, token)).status, 200);
      const out = await fetch(`${a}/auth/v1/logout`, { method: 'POST', headers: { cookie } });
      assert.ok(out.status < 300);
      assert.equal((await me(b, token)).status, 401);
    });
  },
);
