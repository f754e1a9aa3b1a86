/**
 * A server process for the connectivity durability tests (server/domain/connectivity-durability.test.ts):
 * PGlite in CHILD_DATA_DIR or PostgreSQL at CHILD_DATABASE_URL, the seed, a fast delivery worker;
 * prints `LISTENING <port>` once it accepts requests. Killed with SIGKILL by the test.
 */
import { buildServer } from '../../server/app';

const url = process.env.CHILD_DATABASE_URL;
const server = await buildServer({
  database: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.CHILD_DATA_DIR! },
  seed: true,
  passwordHashing: { N: 1024, r: 8, p: 1 },
  issuer: 'http://issuer.test',
  signUpsPerIp: 100_000,
  connectivity: {
    allowPrivateAddresses: true,
    pollIntervalMs: 50,
    leaseMs: Number(process.env.CHILD_LEASE_MS ?? 1500),
    retryBaseMs: 100,
  },
});
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
