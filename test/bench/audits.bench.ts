// `npm run bench` (part 4): the audit log on 1,000,000 records of one account (AUDIT_RECORDS to
// change it), the reference server on embedded PGlite (in memory), and on PostgreSQL too when
// BENCH_DATABASE_URL points at one (a scratch database: its audits table is filled and emptied).
// Through Fastify's inject (no network). Prints the median of each list query, the stats, and
// the CSV export of every record over HTTP (its time, bytes and the process's peak heap growth).
import { buildServer, type BuiltServer } from '../../server/app';
import type { DatabaseConfig } from '../../server/storage/database';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';

const RECORDS = Number(process.env.AUDIT_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function fill(server: BuiltServer) {
  const started = performance.now();
  const batch = 200_000;
  for (let from = 1; from <= RECORDS; from += batch) {
    await server.db.query(
      `INSERT INTO audits (tenant_id, actor_email, ip, user_agent, severity, resource, action, description, details, created_at)
       SELECT $1, 'user' || (g % 5000) || '@bench.example.com', '10.' || (g % 250) || '.' || (g % 199) || '.7',
              'Mozilla/5.0 (bench)', (ARRAY['Info','Info','Info','Medium','High','Critical'])[g % 6 + 1], 'auth',
              (ARRAY['User signed in','User signed out','Role changed','User invited','MFA enrolled'])[g % 5 + 1],
              'Bench record ' || g, jsonb_build_object('n', g), now() - make_interval(secs => g * 30)
         FROM generate_series($2::int, $3::int) g`,
      [SEED_TENANT_ID, from, Math.min(RECORDS, from + batch - 1)],
    );
  }
  await server.db.query('ANALYZE audits');
  return performance.now() - started;
}

async function run(label: string, database: DatabaseConfig) {
  const server = await buildServer({ database, seed: true, passwordHashing: { N: 1024, r: 8, p: 1 } });
  try {
    const login = await server.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/auth/v1/user',
      payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken as string}` };
    const filled = await fill(server);
    console.log(
      `\naudits on ${label}: ${RECORDS.toLocaleString('en')} records written in ${(filled / 1000).toFixed(1)} s`,
    );

    const queries: Array<[string, string]> = [
      ['first page, newest first', '?offset=0&count=20&sortBy=createdAt&sortDirection=desc'],
      ['page 500, newest first', '?offset=10000&count=20&sortBy=createdAt&sortDirection=desc'],
      ['first page, by user', '?offset=0&count=20&sortBy=email&sortDirection=asc'],
      ['severity High, first page', '?offset=0&count=20&severity=High'],
      ['search "user42@"', '?offset=0&count=20&filter=user42%40'],
      [
        'one day',
        `?offset=0&count=20&createdAt=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`,
      ],
    ];
    const time = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await server.app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
      return median(times);
    };
    for (const [name, query] of queries)
      console.log(
        `  GET /audits ${name.padEnd(28)} median ${(await time(`/frontegg/audits${query}`)).toFixed(1)} ms`,
      );
    console.log(
      `  GET /audits/stats${' '.repeat(30)} median ${(await time('/frontegg/audits/stats')).toFixed(1)} ms`,
    );

    // The export of every record, over real HTTP (loopback), read as it streams: the server's heap
    // stays at about one batch of 1,000 records however many there are.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
    const t0 = performance.now();
    const res = await fetch(`${address}/frontegg/audits/export/csv/v2?sortBy=createdAt&sortDirection=desc`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    let bytes = 0;
    let lines = -1;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportMs = performance.now() - t0;
    clearInterval(sampler);
    console.log(
      `  POST /audits/export/csv/v2, every record: ${lines.toLocaleString('en')} lines in ${(exportMs / 1000).toFixed(1)} s ` +
        `(${Math.round(lines / (exportMs / 1000)).toLocaleString('en')} records/s), ${(bytes / 1e6).toFixed(0)} MB; ` +
        `peak heap growth while streaming ${((peak - heapBefore) / 1e6).toFixed(0)} MB`,
    );
  } finally {
    if (database.kind === 'postgres') {
      await server.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL audits.purge = 'on'`);
        await tx.query('DELETE FROM audits');
      });
    }
    await server.close();
  }
}

await run('PGlite (in memory)', { kind: 'pglite' });
const url = process.env.BENCH_DATABASE_URL;
if (url) await run('PostgreSQL', { kind: 'postgres', url });
else console.log('\n(PostgreSQL: set BENCH_DATABASE_URL to a scratch database to measure it too)');
