// `npm run bench` (part 2): GET users v2 and v3 (the users page's listing) on a tenant of 10,000 users (one in ten with MFA), the reference server on
// embedded PGlite (in memory), through Fastify's inject (no network). Prints medians per query.
import { buildServer } from '../../server/app';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';

const USERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await buildServer({
  database: { kind: 'pglite' },
  seed: true,
  passwordHashing: { N: 1024, r: 8, p: 1 },
});
await server.db.query(
  `INSERT INTO users (vendor_id, email, name, verified, created_at)
   SELECT v.id, 'bulk' || g || '@bulk.example.com', 'Bulk User ' || g, true, now() - make_interval(mins => g)
     FROM generate_series(1, $1::int) g, (SELECT id FROM vendors LIMIT 1) v`,
  [USERS],
);
await server.db.query(
  `INSERT INTO memberships (user_id, tenant_id) SELECT id, $1 FROM users WHERE email LIKE '%@bulk.example.com'`,
  [SEED_TENANT_ID],
);
// One user in ten has a second factor (an SMS phone): the MFA_UNENROLLED preset has work to do.
await server.db.query(
  `INSERT INTO mfa_devices (user_id, kind, phone) SELECT id, 'sms', '+15550100' FROM users WHERE email ~ '^bulk[0-9]*0@'`,
);
const login = await server.app.inject({
  method: 'POST',
  url: '/frontegg/identity/resources/auth/v1/user',
  payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD },
});
const token = login.json().accessToken as string;

const queries: Array<[string, string, string]> = [
  ['v2', 'first page, name ascending', '?_limit=20&_offset=0'],
  ['v2', 'page 250, email descending', '?_limit=20&_offset=250&_sortBy=email&_order=DESC'],
  ['v2', 'last page, created newest first', '?_limit=20&_offset=500&_sortBy=createdAt&_order=DESC'],
  ['v2', 'search "user 99"', '?_limit=20&_filter=user%2099'],
  ['v3', 'first page, name ascending', `?_limit=20&_offset=0&_tenantId=${SEED_TENANT_ID}`],
  [
    'v3',
    'page 250, email descending',
    `?_limit=20&_offset=250&_sortBy=email&_order=DESC&_tenantId=${SEED_TENANT_ID}`,
  ],
  [
    'v3',
    'inactive for 90 days, page 100',
    `?_limit=20&_offset=100&_preset=INACTIVE&_tenantId=${SEED_TENANT_ID}`,
  ],
  [
    'v3',
    'without MFA, page 100',
    `?_limit=20&_offset=100&_preset=MFA_UNENROLLED&_tenantId=${SEED_TENANT_ID}`,
  ],
  ['v3', 'search "user 99"', `?_limit=20&_filter=user%2099&_tenantId=${SEED_TENANT_ID}`],
];
console.log(`GET /users/v2 and /users/v3 over ${USERS} users, median of ${RUNS} runs:`);
for (const [version, label, query] of queries) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await server.app.inject({
      method: 'GET',
      url: `/frontegg/identity/resources/users/${version}${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${version} ${label}: ${res.statusCode} ${res.body}`);
  }
  console.log(`  ${version} ${label.padEnd(34)} ${median(times).toFixed(1)} ms`);
}
await server.close();
