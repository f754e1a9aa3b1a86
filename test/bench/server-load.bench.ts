// `npm run bench` (server load, issue 27): the reference server started as its own process(es)
// (server/main.ts, production mode, request logs off unless BENCH_LOG=1) on PostgreSQL and on
// PGlite, driven over HTTP on 127.0.0.1 by this process for BENCH_SECONDS (default 5) per figure:
// token refresh (each connection follows its own rotation chain), GET users/v2/me, a users page of
// 20 and password sign-in, beside a trivial Fastify JSON POST in its own process measured in the
// same run (the ratio survives a busy machine). Then the same on PostgreSQL with 2 worker
// processes. Also prints the database queries one request of each kind makes.
//
// PostgreSQL: BENCH_DATABASE_URL (a server whose user may create databases; the bench creates and
// drops its own database), else TEST_DATABASE_URL; without either only PGlite is measured.
// BENCH_ONLY=pg|pglite limits the databases, BENCH_WORKERS=0 skips the 2-process runs,
// BENCH_PROFILE=<folder> writes a CPU profile of the 1-process PostgreSQL server's run.
// BENCH_FIGURES=refresh,me,users,sign-in picks figures, BENCH_ROUNDS=n repeats each. Each server's
// line also gives its CPU time per request (support/cpu.ts): the server process, the database's
// backends and this load client.
// BENCH_BEFORE_ROOT=<folder>: an earlier version of the repository (`git archive` of a commit,
// with links to node_modules and server/node_modules: the server has its own dependencies)
// measured the same way in the same run, before each database's figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildServer, type BuiltServer } from '../../server/app';
import type { DatabaseConfig } from '../../server/storage/database';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';
import { cpuAccountingAvailable, startCpuCount, type CpuPerRequest } from './support/cpu';
import { load, send, type LoadResult, type Request } from './support/http-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 4623);
const ROOT = resolve(import.meta.dirname, '../..');
const API = '/frontegg/identity/resources';
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = process.env.BENCH_ONLY;
const TENANT_USERS = 200;
/** BENCH_ROUNDS=n: each figure n times, the targets' order alternating (default 1). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** BENCH_FIGURES=refresh,me,users,sign-in: only those figures (default all). */
const FIGURES = new Set((process.env.BENCH_FIGURES ?? 'refresh,me,users,sign-in').split(','));

/** Starts `args` under node with `env`; resolves once it prints `ready` on stdout. */
function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (ready.test(output)) resolvePromise(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** The seed, plus a tenant of TENANT_USERS more members (the users page has pages to turn). */
async function seed(database: DatabaseConfig): Promise<void> {
  const server = await buildServer({ database, seed: true });
  await server.db.query(
    `INSERT INTO users (vendor_id, email, name, verified)
     SELECT v.id, 'member' || g || '@bench.example.com', 'Member ' || g, true
       FROM generate_series(1, $1::int) g, (SELECT id FROM vendors LIMIT 1) v
     ON CONFLICT DO NOTHING`,
    [TENANT_USERS],
  );
  await server.db.query(
    `INSERT INTO memberships (user_id, tenant_id) SELECT id, $1 FROM users WHERE email LIKE '%@bench.example.com'
     ON CONFLICT DO NOTHING`,
    [SEED_TENANT_ID],
  );
  await countQueries(server);
  await server.close();
}

/** The queries one request of each kind sends to the database (in-process, through inject). */
async function countQueries(server: BuiltServer): Promise<void> {
  let count = 0;
  const db = server.db;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (sql, params) => {
    count += 1;
    return query(sql, params);
  };
  db.transaction = (fn) =>
    transaction((tx) => {
      count += 2; // BEGIN and COMMIT
      const txQuery = tx.query.bind(tx);
      tx.query = (sql, params) => {
        count += 1;
        return txQuery(sql, params);
      };
      return fn(tx);
    });
  const signIn = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD },
  });
  const token = signIn.json().accessToken as string;
  let cookie = /ae_refresh=([^;]+)/.exec(String(signIn.headers['set-cookie']))![1]!;
  const counted = async (label: string, run: () => Promise<{ statusCode: number }>) => {
    await run(); // a first call may warm caches
    count = 0;
    const res = await run();
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
    console.log(`  ${label.padEnd(28)} ${count} queries`);
  };
  console.log('Database round trips per request (BEGIN and COMMIT count):');
  await counted('token refresh', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      headers: { cookie: `ae_refresh=${cookie}` },
    });
    cookie = /ae_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? cookie;
    return res;
  });
  const authorization = `Bearer ${token}`;
  await counted('GET users/v2/me', () =>
    server.app.inject({ method: 'GET', url: `${API}/users/v2/me`, headers: { authorization } }),
  );
  await counted('GET users/v2 (page of 20)', () =>
    server.app.inject({
      method: 'GET',
      url: `${API}/users/v2?_limit=20&_offset=0`,
      headers: { authorization },
    }),
  );
  await counted('password sign-in', () =>
    server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD },
    }),
  );
}

const cookieOf = (setCookie: string[] | undefined) =>
  setCookie?.map((line) => /^ae_refresh=([^;]+)/.exec(line)?.[1]).find(Boolean);

const signInRequest: Request = {
  method: 'POST',
  path: `${API}/auth/v1/user`,
  body: JSON.stringify({ email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD }),
};

/** `connections` sessions of the seed's admin: their access tokens and refresh cookies. */
async function sessions(origin: string, connections: number) {
  const opened: Array<{ token: string; cookie: string }> = [];
  for (let i = 0; i < connections; i += 1) {
    const answer = await send(origin, signInRequest);
    if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.body}`);
    opened.push({
      token: (JSON.parse(answer.body) as { accessToken: string }).accessToken,
      cookie: cookieOf(answer.headers['set-cookie'])!,
    });
  }
  return opened;
}

interface Row {
  name: string;
  result: LoadResult;
}
const rows: Row[] = [];
const print = (name: string, result: LoadResult, base?: LoadResult, cpu?: CpuPerRequest) => {
  rows.push({ name, result });
  const ratio = base
    ? ` ${((result.perSecond / base.perSecond) * 100).toFixed(2).padStart(6)} % of trivial`
    : '';
  const ms = (value: number) => value.toFixed(3);
  const perRequest = cpu
    ? `\n  ${''.padEnd(40)} CPU per request: server ${ms(cpu.server)} ms, database ${ms(cpu.database)} ms, load client ${ms(cpu.client)} ms`
    : '';
  console.log(
    `  ${name.padEnd(40)} ${result.perSecond.toFixed(0).padStart(6)}/s  median ${result.median.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms${ratio}${perRequest}`,
  );
};

interface Target {
  label: string;
  origin: string;
  /** The server process (for its CPU time per request). */
  pid?: number | undefined;
}

/** The process ids of the backends serving the bench's PostgreSQL database (CPU per request). */
let databaseBackends: (() => Promise<number[]>) | null = null;

/** `run` with the CPU time per request of the target's server, its database backends and this client. */
async function counted(target: Target, run: () => Promise<LoadResult>) {
  if (!cpuAccountingAvailable || !target.pid) return { result: await run() };
  const stop = await startCpuCount({
    server: target.pid,
    databaseBackends: databaseBackends ?? (async () => []),
  });
  const result = await run();
  return { result, cpu: await stop(result.count + result.errors) };
}

/**
 * Every figure for every target, interleaved: for each figure the trivial route at the same
 * concurrency first, then each target in turn, each ratio against that trivial measurement (on a
 * busy machine the load changes from minute to minute, so figures taken minutes apart do not compare).
 */
async function measure(group: string, targets: Target[]) {
  console.log(`\n${group}, ${SECONDS} s per figure, the trivial route measured before each figure:`);
  /** `prepare` readies a target's figure (sign-ins, outside the CPU count) and gives its load. */
  const figure = async (
    name: string,
    connections: number,
    prepare: (target: Target) => Promise<() => Promise<LoadResult>> | (() => Promise<LoadResult>),
  ) => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const base = await trivialLoad(connections);
      print(`${name} c=${connections}: trivial route`, base);
      // Odd rounds take the targets in reverse order (neither always runs first).
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        const { result, cpu } = await counted(target, await prepare(target));
        print(`${name} c=${connections}: ${target.label}`, result, base, cpu);
      }
    }
  };
  for (const connections of FIGURES.has('refresh') ? [10, 50] : [])
    await figure('token refresh', connections, async ({ origin }) => {
      // Opened before the count starts (sign-ins are not refreshes).
      const chains = await sessions(origin, connections);
      return () =>
        load(origin, {
          connections,
          seconds: SECONDS,
          next: (i) => ({
            method: 'POST',
            path: `${API}/auth/v1/user/token/refresh`,
            headers: { cookie: `ae_refresh=${chains[i]!.cookie}` },
          }),
          after: (i, answer) => {
            const cookie = cookieOf(answer.headers['set-cookie']);
            if (cookie) chains[i]!.cookie = cookie;
          },
        });
    });
  const tokens = new Map<string, string>();
  for (const { origin } of targets) tokens.set(origin, (await sessions(origin, 1))[0]!.token);
  for (const connections of FIGURES.has('me') ? [10, 50] : [])
    await figure(
      'GET users/v2/me',
      connections,
      ({ origin }) =>
        () =>
          load(origin, {
            connections,
            seconds: SECONDS,
            next: () => ({
              method: 'GET',
              path: `${API}/users/v2/me`,
              headers: { authorization: `Bearer ${tokens.get(origin)}` },
            }),
          }),
    );
  for (const connections of FIGURES.has('users') ? [10, 50] : [])
    await figure('users page of 20', connections, ({ origin }) => {
      let page = 0;
      return () =>
        load(origin, {
          connections,
          seconds: SECONDS,
          next: () => ({
            method: 'GET',
            path: `${API}/users/v2?_limit=20&_offset=${((page += 1) % 10) * 20}`,
            headers: { authorization: `Bearer ${tokens.get(origin)}` },
          }),
        });
    });
  if (FIGURES.has('sign-in'))
    await figure(
      'password sign-in',
      10,
      ({ origin }) =>
        () =>
          load(origin, { connections: 10, seconds: SECONDS, next: () => signInRequest }),
    );
}

function serverEnvironment(port: number, database: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG: process.env.BENCH_LOG === '1' ? 'true' : 'false',
    ...database,
  };
}

const beforeRoot = process.env.BENCH_BEFORE_ROOT;
const serverArgs = (extra: string[] = [], root = ROOT) => [
  ...extra,
  '--import',
  'tsx',
  join(root, 'server/main.ts'),
];
const READY = /API base:/;

// ------------------------------------------------------------------------------ the runs
const trivialPort = PORT_BASE;
const trivial = await startProcess(
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify();
     app.post('/echo', async (request) => ({ ok: true, got: request.body }));
     await app.listen({ port: ${trivialPort}, host: '127.0.0.1' });
     console.log('API base: ready');`,
  ],
  {},
  READY,
);
const trivialOrigin = `http://127.0.0.1:${trivialPort}`;
function trivialLoad(connections: number) {
  return load(trivialOrigin, {
    connections,
    seconds: SECONDS,
    next: () => ({ method: 'POST', path: '/echo', body: '{"a":1}' }),
  });
}

const running: ChildProcess[] = [];
/** Starts a server (this repository's, or BENCH_BEFORE_ROOT's) and returns it as a target. */
async function target(
  label: string,
  port: number,
  database: Record<string, string>,
  extra: string[] = [],
  root = ROOT,
) {
  const env = {
    ...serverEnvironment(port, database),
    // Always explicit: in production with PostgreSQL the server's default is one worker per core,
    // so a "1 process" target left to the default ran as many workers as the machine has cores.
    WORKERS: label.includes('2 processes') ? '2' : '1',
  };
  const child = await startProcess(serverArgs(extra, root), env, READY);
  running.push(child);
  return { label, origin: `http://127.0.0.1:${port}`, pid: child.pid };
}

const cleanups: Array<() => Promise<void>> = [];
try {
  if (adminUrl && only !== 'pglite') {
    const dbName = `ae_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const database = { DATABASE_URL: url.toString() };
    databaseBackends = async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])
      ).rows.map((row) => row.pid);
    await seed({ kind: 'postgres', url: url.toString() });
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    const targets: Target[] = [];
    if (beforeRoot) targets.push(await target('before, 1 process', PORT_BASE + 1, database, [], beforeRoot));
    targets.push(await target('1 process', PORT_BASE + 2, database, profile));
    if (process.env.BENCH_WORKERS !== '0') targets.push(await target('2 processes', PORT_BASE + 3, database));
    await measure('PostgreSQL', targets);
    await Promise.all(running.splice(0).map(stopProcess));
  }
  if (only !== 'pg') {
    const targets: Target[] = [];
    const variants: Array<[string, number, string | undefined]> = [
      ...(beforeRoot ? [['before, 1 process', PORT_BASE + 4, beforeRoot] as [string, number, string]] : []),
      ['1 process', PORT_BASE + 5, undefined],
    ];
    for (const [label, port, root] of variants) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ae-bench-pglite-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await seed({ kind: 'pglite', dataDir });
      targets.push(await target(label, port, { DATA_DIR: dataDir }, [], root));
    }
    await measure('PGlite', targets);
  }
} finally {
  await Promise.all(running.map(stopProcess));
  for (const cleanup of cleanups) await cleanup();
  await stopProcess(trivial);
}
