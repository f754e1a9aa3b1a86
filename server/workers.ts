/**
 * Several server processes on one port (node:cluster): `--workers N` or WORKERS=N. The primary
 * process only forks, restarts a worker that dies, and forwards SIGINT/SIGTERM; each worker is a
 * whole server (main.ts) on the shared PostgreSQL, where every state that matters lives (sessions,
 * refresh rotation, rate limits, signing keys and issuers, the outbox's leases).
 *
 * Default: the machine's cores in production with PostgreSQL, 1 otherwise. PGlite is one process's
 * embedded database (its engine runs inside that process): more than one worker is refused.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/** The number of worker processes; throws with a message naming the option when it is wrong. */
export function workerCount(
  env: Record<string, string | undefined>,
  argv: readonly string[],
  setting: { production: boolean; postgres: boolean },
  cores: number = availableParallelism(),
): number {
  const index = argv.indexOf('--workers');
  const flag = index >= 0 ? (argv[index + 1] ?? '') : argv.find((a) => a.startsWith('--workers='))?.slice(10);
  const raw = flag ?? env.WORKERS;
  if (raw === undefined || (raw === '' && flag === undefined))
    return setting.production && setting.postgres ? cores : 1;
  const count = raw === 'auto' ? cores : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new Error(`--workers (WORKERS) must be a whole number from 1 to 256 or "auto", got "${raw}"`);
  if (count > 1 && !setting.postgres)
    throw new Error(
      `--workers ${count} needs PostgreSQL (DATABASE_URL): PGlite is an embedded database that one process owns`,
    );
  return count;
}

/** How long a worker must have run for its death to be a crash to restart, not a failed start. */
const STARTED_MS = 5_000;

/**
 * The primary: forks `count` workers, calls `ready` once all listen, replaces a worker that dies
 * after it started (a worker that dies while starting stops everything: the configuration is
 * wrong), and on SIGINT/SIGTERM stops the workers and exits when they have.
 */
export function runPrimary(count: number, ready: () => void): void {
  let listening = 0;
  let stopping = false;
  let exitCode = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('listening', () => {
    listening += 1;
    if (listening === count) ready();
  });
  cluster.on('exit', (worker, code, signal) => {
    const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    if (ranFor < STARTED_MS && listening < count) {
      console.error(`A worker failed to start (${signal ?? `exit code ${code}`}): stopping`);
      stop(1);
      return;
    }
    console.error(
      `Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}): starting another`,
    );
    fork();
  });
  const stop = (code: number) => {
    stopping = true;
    exitCode = code;
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  for (let i = 0; i < count; i++) fork();
}
