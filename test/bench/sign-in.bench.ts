// `npm run bench` (part 3), the reference server on embedded PGlite with the production password
// hashing (argon2id, server/domain/passwords.ts):
// 1. how long a refused password sign-in takes for a registered email and for an unknown one,
//    through Fastify's inject. The two medians should be close: a gap would tell an attacker which
//    emails have accounts.
// 2. password sign-ins per second over real HTTP on 127.0.0.1 at 10 connections for a bounded time,
//    with their median and p99, beside a trivial JSON POST of the same framework measured the same
//    way in the same run (the ratio survives a busy machine); then the latency of a cheap
//    authenticated read (GET users/v2/me) while the sign-ins run: the hashing is off the event loop.
import Fastify from 'fastify';
import { buildServer } from '../../server/app';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } from '../../server/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const median = (values: number[]) => quantile(values, 0.5);

const server = await buildServer({ database: { kind: 'pglite' }, seed: true });

// ------------------------------------------------------------ 1. equal time for unknown emails
const attempt = async (email: string) => {
  // Ten failures lock an email for 15 minutes (server/domain/attempts.ts): start every attempt with a clean count.
  await server.db.query('DELETE FROM attempt_counters');
  const started = performance.now();
  const res = await server.app.inject({
    method: 'POST',
    url: '/frontegg/identity/resources/auth/v1/user',
    payload: { email, password: 'Not-the-password-1' },
  });
  const took = performance.now() - started;
  if (res.statusCode !== 401) throw new Error(`${email}: ${res.statusCode} ${res.body}`);
  return took;
};
await attempt('warm-up@nowhere.example'); // the dummy hash is made on the first unknown email
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  known.push(await attempt(SEED_ADMIN_EMAIL));
  unknown.push(await attempt(`nobody${i}@nowhere.example`));
}
console.log(
  `POST /auth/v1/user with a wrong password (argon2id, production parameters), median of ${RUNS} runs:`,
);
console.log(`  registered email ${median(known).toFixed(1)} ms`);
console.log(`  unknown email    ${median(unknown).toFixed(1)} ms`);

// ------------------------------------------------------------ 2. throughput over real HTTP
interface Load {
  count: number;
  perSecond: number;
  latencies: number[];
}

/** `CONNECTIONS` loops sending `send()` until `seconds` have passed (127.0.0.1 only, bounded). */
async function load(
  send: () => Promise<Response>,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Load> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, perSecond: latencies.length / elapsed, latencies };
}

const describe = (name: string, result: Load) =>
  console.log(
    `  ${name.padEnd(34)} ${result.perSecond.toFixed(1).padStart(9)}/s  median ${median(result.latencies).toFixed(1)} ms, p99 ${quantile(result.latencies, 0.99).toFixed(1)} ms (${result.count} requests)`,
  );

const trivial = Fastify();
trivial.post('/echo', async (request) => ({ ok: true, got: request.body }));
const trivialUrl = await trivial.listen({ port: 0, host: '127.0.0.1' });
const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
const json = { 'content-type': 'application/json', origin };
const signIn = () =>
  fetch(`${origin}/frontegg/identity/resources/auth/v1/user`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD }),
  });
const token = ((await (await signIn()).json()) as { accessToken: string }).accessToken;
const me = () =>
  fetch(`${origin}/frontegg/identity/resources/users/v2/me`, {
    headers: { authorization: `Bearer ${token}` },
  });

console.log(`\nOver HTTP on 127.0.0.1, ${CONNECTIONS} connections, ${SECONDS} s each:`);
const base = await load(
  () => fetch(`${trivialUrl}/echo`, { method: 'POST', headers: json, body: '{"a":1}' }),
  SECONDS,
);
describe('trivial Fastify JSON POST', base);
const signIns = await load(signIn, SECONDS);
describe('password sign-in (argon2id)', signIns);
const quiet = await load(me, Math.min(SECONDS, 4), 2);
describe('GET users/v2/me, alone (2 conn.)', quiet);
const [storm, during] = await Promise.all([load(signIn, SECONDS), load(me, SECONDS, 2)]);
describe('password sign-in, with reads beside', storm);
describe('GET users/v2/me during sign-ins', during);
console.log(
  `  sign-ins per second as a share of the trivial route: ${((signIns.perSecond / base.perSecond) * 100).toFixed(2)} %`,
);
await trivial.close();
await server.close();
