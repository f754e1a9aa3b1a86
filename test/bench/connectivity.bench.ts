// Connectivity's outbox (issue 16): events per second through emitEvent -> connectivity_deliveries
// -> the worker -> a local HTTP receiver, and the retry timings after 500 answers.
// `tsx test/bench/connectivity.bench.ts` (PGlite in memory); with BENCH_DATABASE_URL, on that PostgreSQL
// database (it must be empty or a copy of this server's schema). Prints medians.
import { buildServer } from '../../server/app';
import { emitEvent } from '../../server/domain/connectivity';
import { SEED_TENANT_ID } from '../../server/seed';
import { startReceiver } from '../support/receiver';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const url = process.env.BENCH_DATABASE_URL;

const RETRY_BASE_MS = 200;
const server = await buildServer({
  database: url ? { kind: 'postgres', url } : { kind: 'pglite' },
  seed: true,
  passwordHashing: { N: 1024, r: 8, p: 1 },
  connectivity: {
    allowPrivateAddresses: true,
    pollIntervalMs: 50,
    retryBaseMs: RETRY_BASE_MS,
    batchSize: 50,
  },
});
const receiver = await startReceiver();
await server.db.query(
  `INSERT INTO webhooks (tenant_id, display_name, url, event_keys) VALUES ($1, 'bench', $2, '{securityPolicy.changed}')`,
  [SEED_TENANT_ID, `${receiver.url}/hook`],
);

const emitRates: number[] = [];
const deliveredRates: number[] = [];
for (let run = 0; run < RUNS; run++) {
  receiver.received.length = 0;
  const start = performance.now();
  for (let i = 0; i < EVENTS; i++)
    await emitEvent(server, SEED_TENANT_ID, 'securityPolicy.changed', { run, i });
  const emitted = performance.now();
  await receiver.waitFor(EVENTS, 120_000);
  const delivered = performance.now();
  emitRates.push((EVENTS / (emitted - start)) * 1000);
  deliveredRates.push((EVENTS / (delivered - start)) * 1000);
}

// Retry timings: the receiver answers 500 twice, then 200; the gaps between the attempts.
const firstGaps: number[] = [];
const secondGaps: number[] = [];
for (let run = 0; run < RUNS; run++) {
  receiver.received.length = 0;
  receiver.statuses.push(500, 500);
  await emitEvent(server, SEED_TENANT_ID, 'securityPolicy.changed', { retry: run });
  const got = await receiver.waitFor(3, 30_000);
  firstGaps.push(got[1]!.at - got[0]!.at);
  secondGaps.push(got[2]!.at - got[1]!.at);
}

console.log(
  `connectivity outbox on ${url ? 'PostgreSQL' : 'PGlite (in memory)'}, ${EVENTS} events x ${RUNS} runs`,
);
console.log(`  emitted (outbox rows written): median ${median(emitRates).toFixed(0)} events/s`);
console.log(
  `  delivered end to end (signed POST, receiver 200): median ${median(deliveredRates).toFixed(0)} events/s`,
);
console.log(
  `  retry after 500 (base ${RETRY_BASE_MS} ms, poll 50 ms): 1st retry after median ${median(firstGaps).toFixed(0)} ms, 2nd after ${median(secondGaps).toFixed(0)} ms`,
);
await receiver.close();
await server.close();
