// `npm run bench` (part 3): how long a refused password sign-in takes for a registered email and for an unknown one,
// with the production scrypt parameters, the reference server on embedded PGlite through Fastify's inject.
// The two medians should be close: a gap would tell an attacker which emails have accounts.
import { buildServer } from '../../server/app';
import { SEED_ADMIN_EMAIL } from '../../server/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await buildServer({ database: { kind: 'pglite' }, seed: true });
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
console.log(`POST /auth/v1/user with a wrong password (default scrypt parameters), median of ${RUNS} runs:`);
console.log(`  registered email ${median(known).toFixed(1)} ms`);
console.log(`  unknown email    ${median(unknown).toFixed(1)} ms`);
await server.close();
