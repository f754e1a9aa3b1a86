// `npm run bench` (part 2): GET users v2 on a tenant of 10,000 users, the reference server on
// embedded PGlite (in memory), through Fastify's inject (no network). Prints medians per query.
import { buildServer } from '../../server/app';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';

const USERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await buildServer({ database: { kind: 'pglite' }, seed: true, passwordHashing: { N: 1024, r: 8, p: 1 } });
await server.db.query(
  `INSERT INTO users (vendor_id, email, name, verified, created_at)
   SELECT v.id, 'bulk' || g || '@bulk.example.com', 'Bulk User ' || g, true, now() - make_interval(mins => g)
     FROM generate_series(1, $1::int) g, (SELECT id FROM vendors LIMIT 1) v`,
  [USERS],
);
await server.db.query(`INSERT INTO memberships (user_id, tenant_id) SELECT id, $1 FROM users WHERE email LIKE '%@bulk.example.com'`, [SEED_TENANT_ID]);
const login = await server.app.inject({ method: 'POST', url: '/frontegg/identity/resources/auth/v1/user', payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD } });
const token = login.json().accessToken as string;

const queries: Array<[string, string]> = [
  ['first page, name ascending', '?_limit=20&_offset=0'],
  ['page 250, email descending', '?_limit=20&_offset=250&_sortBy=email&_order=DESC'],
  ['last page, created newest first', '?_limit=20&_offset=500&_sortBy=createdAt&_order=DESC'],
  ['search "user 99"', '?_limit=20&_filter=user%2099'],
];
console.log(`GET /users/v2 over ${USERS} users, median of ${RUNS} runs:`);
for (const [label, query] of queries) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await server.app.inject({ method: 'GET', url: `/frontegg/identity/resources/users/v2${query}`, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  }
  console.log(`  ${label.padEnd(34)} ${median(times).toFixed(1)} ms`);
}
await server.close();
