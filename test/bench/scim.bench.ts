// `npx tsx test/bench/scim.bench.ts`: listing 10,000 SCIM-provisioned users of one account
// (SCIM_USERS to change it) with filters, as an identity provider does (find by userName, by
// externalId, a page of 100, a `co` search, an `and` of two conditions), on the reference server's
// embedded PGlite (in memory), through Fastify's inject (no network). Prints the median of each.
// Not a test: no threshold.
import { buildServer } from '../../server/app';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';

const USERS = Number(process.env.SCIM_USERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await buildServer({
  database: { kind: 'pglite' },
  seed: true,
  passwordHashing: { N: 1024, r: 8, p: 1 },
});
try {
  const login = await server.app.inject({
    method: 'POST',
    url: '/frontegg/identity/resources/auth/v1/user',
    payload: { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD },
  });
  const created = await server.app.inject({
    method: 'POST',
    url: '/frontegg/directory/resources/v1/configurations/scim2',
    headers: { authorization: `Bearer ${login.json().accessToken as string}` },
    payload: { source: 'okta' },
  });
  const { id: configurationId, token } = created.json() as { id: string; token: string };

  const started = performance.now();
  // Written straight to the tables (as SCIM POSTs would leave them), then analysed.
  await server.db.query(
    `WITH u AS (
       INSERT INTO users (vendor_id, email, name, provider, verified)
       SELECT (SELECT vendor_id FROM tenants WHERE id = $1), 'scim' || g || '@bench.example.com', 'Bench User ' || g, 'scim2', true
         FROM generate_series(1, $2::int) g
       RETURNING id, email)
     INSERT INTO memberships (user_id, tenant_id, access_allowed, scim_configuration_id, scim_external_id, scim_attributes, scim_user_name)
     SELECT u.id, $1, (split_part(split_part(u.email, '@', 1), 'scim', 2)::int % 10) <> 0, $3, 'ext-' || split_part(split_part(u.email, '@', 1), 'scim', 2),
            jsonb_build_object('name', jsonb_build_object('givenName', 'Bench', 'familyName', 'User')), u.email
       FROM u`,
    [SEED_TENANT_ID, USERS, configurationId],
  );
  await server.db.query('ANALYZE users');
  await server.db.query('ANALYZE memberships');
  console.log(
    `\nSCIM users on PGlite: ${USERS.toLocaleString('en')} written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const n = Math.floor(USERS / 2);
  const queries: Array<[string, string]> = [
    ['no filter, first 100', '?startIndex=1&count=100'],
    ['no filter, page 50 of 100', `?startIndex=${Math.max(1, USERS - 100)}&count=100`],
    [
      'userName eq (Okta, Azure AD)',
      `?filter=${encodeURIComponent(`userName eq "scim${n}@bench.example.com"`)}`,
    ],
    ['externalId eq', `?filter=${encodeURIComponent(`externalId eq "ext-${n}"`)}`],
    [
      'emails[type eq "work" and value eq]',
      `?filter=${encodeURIComponent(`emails[type eq "work" and value eq "scim${n}@bench.example.com"]`)}`,
    ],
    ['userName co "99@" , count 100', `?filter=${encodeURIComponent('userName co "99@"')}&count=100`],
    [
      'active eq false and displayName sw',
      `?filter=${encodeURIComponent('active eq false and displayName sw "Bench User 1"')}&count=100`,
    ],
  ];
  for (const [label, query] of queries) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      const res = await server.app.inject({ method: 'GET', url: `/frontegg/scim/v2/Users${query}`, headers });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      total = (res.json() as { totalResults: number }).totalResults;
    }
    console.log(
      `  ${label.padEnd(40)} ${median(times).toFixed(1).padStart(7)} ms median of ${RUNS} (${total} results)`,
    );
  }
} finally {
  await server.close();
}
