// The reference server for the end-to-end tests: a fresh in-memory database on every run, seeded,
// serving cdn/ and demo-pages/ like `npm start` does.
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../server/app';
import { seedSubAccounts } from './fixtures/sub-accounts';
import { seedLoginFlows } from './fixtures/login-flows';
import { seedMfa } from './fixtures/mfa';
import { seedTeam } from './fixtures/team';

const port = Number(process.env.E2E_API_PORT ?? 8787);
const root = fileURLToPath(new URL('../..', import.meta.url));
const origin = `http://127.0.0.1:${port}`;

const server = await buildServer({
  database: { kind: 'pglite' },
  seed: true,
  staticRoot: root,
  corsOrigins: [origin, `http://localhost:${port}`],
  issuer: origin,
  // Low scrypt cost keeps the suite fast; production uses the default cost.
  passwordHashing: { N: 1024, r: 8, p: 1 },
  // Emails and SMS go to the outbox, which the tests read at /frontegg/dev/outbox; links point here.
  devOutbox: true,
  appUrl: origin,
  // WebAuthn needs a domain as relying-party id (not an IP): the passkey tests use localhost.
  webauthn: { rpId: 'localhost', origins: [`http://localhost:${port}`] },
});
await seedTeam(server.db);
await seedSubAccounts(server.db);
await seedLoginFlows(server.db);
await seedMfa(server.db);
await server.app.listen({ port, host: '127.0.0.1' });
console.log(`e2e API server on ${origin}`);
const stop = async () => { await server.close(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
