/**
 * The outbox survives a kill -9: a server process (test/support/connectivity-child.ts) is killed
 * with SIGKILL while deliveries are in flight and queued; a new process on the same database
 * delivers every event (at least once: the ones in flight at the kill may arrive twice).
 * With TEST_DATABASE_URL (a PostgreSQL whose user may create databases), two processes share one
 * database and deliver every event exactly once.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { startReceiver, type Receiver } from '../../test/support/receiver';

const CHILD = fileURLToPath(new URL('../../test/support/connectivity-child.ts', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const children = new Set<ChildProcess>();

/**
 * Waits for the child's LISTENING line, however long a busy machine makes its start: the test's
 * own time limit (its `signal`) is the only clock.
 */
async function startChild(
  env: Record<string, string>,
  signal: AbortSignal,
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    signal.addEventListener('abort', () => reject(new Error(`child did not start: ${out}`)), { once: true });
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}/frontegg` };
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function api(base: string, method: string, path: string, token?: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

async function adminToken(base: string): Promise<string> {
  return (await api(base, 'POST', '/identity/resources/auth/v1/user', undefined, ADMIN))
    .accessToken as string;
}

/** `count` securityPolicy.changed events, each a saved lockout policy. */
async function emit(base: string, token: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await api(base, 'POST', '/identity/resources/configurations/v1/lockout-policy', token, {
      enabled: false,
      maxAttempts: 1 + (i % 50),
    });
}

const eventIds = (receiver: Receiver) =>
  receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);

/** Waits until `what()` holds; when the test's time is up (`signal`), fails with `label()`. */
async function until(what: () => boolean, signal: AbortSignal, label: () => string): Promise<void> {
  while (!what()) {
    if (signal.aborted) throw new Error(`timed out: ${label()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A generous limit under the runner's 5 minutes per file: the `finally` blocks still kill the
// children when something hangs.
const LIMIT = { timeout: 240_000 };

after(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('connectivity outbox durability', () => {
  it('nothing is lost across a kill -9 of the server process', LIMIT, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ae-outbox-'));
    const receiver = await startReceiver();
    try {
      const first = await startChild({ CHILD_DATA_DIR: dir }, t.signal);
      const token = await adminToken(first.base);
      await api(first.base, 'POST', '/webhook/custom', token, {
        displayName: 'durability',
        description: '',
        url: `${receiver.url}/hook`,
        secret: null,
        eventKeys: ['securityPolicy.changed'],
        isActive: true,
      });
      // The receiver holds its answers: the first deliveries are in flight when the process dies.
      receiver.delayMs = 60_000;
      const total = 30;
      await emit(first.base, token, total);
      await until(
        () => receiver.arrived > 0,
        t.signal,
        () => 'no delivery started',
      );
      const inFlight = receiver.arrived;
      await kill9(first.child);
      receiver.delayMs = 0;

      const second = await startChild({ CHILD_DATA_DIR: dir }, t.signal);
      await until(
        () => new Set(eventIds(receiver)).size >= total,
        t.signal,
        () => `${new Set(eventIds(receiver)).size} of ${total} events`,
      );
      const ids = eventIds(receiver);
      assert.equal(new Set(ids).size, total, 'every event arrived');
      assert.ok(
        ids.length - total <= inFlight,
        `at most the ${inFlight} in flight arrive twice (${ids.length})`,
      );
      await kill9(second.child);
    } finally {
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it(
    'two processes on one PostgreSQL deliver every event exactly once',
    { ...LIMIT, skip: adminUrl ? false : 'TEST_DATABASE_URL is not set' },
    async (t) => {
      const dbName = `ae_outbox_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`CREATE DATABASE ${dbName}`);
      await client.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      const receiver = await startReceiver();
      try {
        const [a, b] = await Promise.all([
          startChild({ CHILD_DATABASE_URL: url.toString() }, t.signal),
          startChild({ CHILD_DATABASE_URL: url.toString() }, t.signal),
        ]);
        const tokenA = await adminToken(a.base);
        const tokenB = await adminToken(b.base);
        await api(a.base, 'POST', '/webhook/custom', tokenA, {
          displayName: 'shared',
          description: '',
          url: `${receiver.url}/hook`,
          secret: null,
          eventKeys: ['securityPolicy.changed'],
          isActive: true,
        });
        const total = 100;
        await Promise.all([emit(a.base, tokenA, total / 2), emit(b.base, tokenB, total / 2)]);
        await until(
          () => receiver.received.length >= total,
          t.signal,
          () => `${receiver.received.length} of ${total}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ids = eventIds(receiver);
        assert.equal(ids.length, total, 'no event delivered twice');
        assert.equal(new Set(ids).size, total);
        await Promise.all([kill9(a.child), kill9(b.child)]);
      } finally {
        await receiver.close();
        const drop = new pg.Client({ connectionString: adminUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await drop.end();
      }
    },
  );
});
