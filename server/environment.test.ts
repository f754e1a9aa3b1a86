// Development mode (seed, /dev routes, demo client, plain-http providers) is opt-in: without
// AUTH_ELEMENTS_DEV=1 or --dev the server has none of it, whatever NODE_ENV says.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { devModeLine, serverConfigFromEnvironment, startupLines, type Environment } from './environment';
import { ADMIN, FAST_HASHING, LOGIN, pgliteTemplate } from '../test/support/server';

const OUTBOX = '/frontegg/dev/outbox?to=someone@example.com';
const DEV_SETTINGS = '/frontegg/dev/settings';

async function serverFor(env: Environment, argv: string[] = []) {
  const config = serverConfigFromEnvironment(env, argv);
  const server = await buildServer({
    ...config.options,
    database: { kind: 'pglite', loadDataDir: await pgliteTemplate() },
    passwordHashing: FAST_HASHING,
    staticRoot: undefined,
    logger: false,
  });
  return { config, server };
}

function assertNotFound(res: { statusCode: number; json(): unknown }) {
  assert.equal(res.statusCode, 404);
  assert.deepEqual(res.json(), { errors: ['Not found'], errorCodes: ['NOT_FOUND'] });
}

describe('development mode is opt-in', () => {
  for (const [name, env] of [
    ['NODE_ENV unset', {}],
    ['NODE_ENV=development', { NODE_ENV: 'development' }],
    ['NODE_ENV=production', { NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'a'.repeat(64) }],
  ] as const) {
    it(`without AUTH_ELEMENTS_DEV or --dev (${name}): no /dev routes, no seed, no demo client`, async () => {
      const { config, server } = await serverFor(env);
      try {
        assert.equal(config.dev, false);
        assert.equal(devModeLine(config), null);
        assert.equal(config.options.allowInsecureIdentityProviders, false);
        assert.equal(config.options.oauthClients, undefined);
        assertNotFound(await server.app.inject({ method: 'GET', url: OUTBOX }));
        assertNotFound(
          await server.app.inject({
            method: 'PUT',
            url: DEV_SETTINGS,
            payload: { authStrategy: 'MagicLink' },
          }),
        );
        const { rows } = await server.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [ADMIN.email]);
        assert.equal(rows.length, 0, 'no seeded admin');
        const signIn = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
        assert.equal(signIn.statusCode, 401);
      } finally {
        await server.close();
      }
    });
  }

  for (const [name, env, argv] of [
    ['AUTH_ELEMENTS_DEV=1', { AUTH_ELEMENTS_DEV: '1' }, []],
    ['--dev', {}, ['--dev']],
  ] as const) {
    it(`with ${name}: the seed, GET /dev/outbox and PUT /dev/settings work, and one line says so`, async () => {
      const { config, server } = await serverFor(env, [...argv]);
      try {
        assert.equal(config.dev, true);
        assert.match(
          devModeLine(config)!,
          /^DEVELOPMENT MODE .*\/frontegg\/dev\/outbox.*\/frontegg\/dev\/settings/,
        );
        assert.equal(config.options.allowInsecureIdentityProviders, true);
        assert.deepEqual(
          config.options.oauthClients?.map((c) => c.clientId),
          ['hosted-demo'],
        );
        const outbox = await server.app.inject({ method: 'GET', url: OUTBOX });
        assert.equal(outbox.statusCode, 200);
        assert.deepEqual(outbox.json(), { messages: [] });
        const settings = await server.app.inject({
          method: 'PUT',
          url: DEV_SETTINGS,
          payload: { authStrategy: 'EmailAndPassword' },
        });
        assert.equal(settings.statusCode, 200);
        const signIn = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
        assert.equal(signIn.statusCode, 200, signIn.body);
      } finally {
        await server.close();
      }
    });
  }

  it('SEED=false leaves the seed out of development mode; SEED=true alone and development mode in production are refused', () => {
    const noSeed = serverConfigFromEnvironment({ AUTH_ELEMENTS_DEV: 'true', SEED: 'false' });
    assert.equal(noSeed.options.seed, false);
    assert.equal(noSeed.options.devOutbox, true);
    assert.throws(() => serverConfigFromEnvironment({ SEED: 'true' }), /SEED=true needs development mode/);
    assert.throws(
      () =>
        serverConfigFromEnvironment({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'a'.repeat(64) }, [
          '--dev',
        ]),
      /cannot run with NODE_ENV=production/,
    );
    assert.equal(serverConfigFromEnvironment({ AUTH_ELEMENTS_DEV: '0' }).dev, false);
  });
});

describe('startup lines', () => {
  it('point at the development outbox page itself (a person opens it; no address needed)', () => {
    const config = serverConfigFromEnvironment({}, ['--dev']);
    const delivery = startupLines(config, {}).find((line) => line.includes('Delivery:'));
    assert.match(delivery ?? '', /\(read it: http:\/\/127\.0\.0\.1:8080\/frontegg\/dev\/outbox\)$/);
  });
  it('say where passkeys work in development mode when the pages are printed at an IP address', () => {
    const passkeys = (env: Environment, argv: string[]) =>
      startupLines(serverConfigFromEnvironment(env, argv), env).find((line) => line.includes('Passkeys:'));
    assert.equal(
      passkeys({}, ['--dev']),
      '  Passkeys:      open the pages at http://localhost:8080/ (browsers refuse passkeys on an IP address)',
    );
    assert.equal(passkeys({ HOST: 'localhost' }, ['--dev']), undefined);
    assert.equal(passkeys({ WEBAUTHN_RP_ID: 'auth.test' }, ['--dev']), undefined);
  });
});

describe('WebAuthn relying party', () => {
  it('development mode takes it from the calling page unless WEBAUTHN_RP_ID fixes it; outside development it is fixed', () => {
    const of = (env: Environment, argv: string[] = []) =>
      serverConfigFromEnvironment(env, argv).options.webauthn;
    assert.equal(of({}, ['--dev'])?.rpIdFromRequest, true);
    assert.deepEqual(of({ WEBAUTHN_RP_ID: 'localhost' }, ['--dev']), {
      rpId: 'localhost',
      rpIdFromRequest: false,
      rpName: undefined,
      origins: undefined,
    });
    assert.equal(of({})?.rpIdFromRequest, false);
    assert.equal(of({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'a'.repeat(64) })?.rpIdFromRequest, false);
  });
});

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('main.ts', () => {
  // A real process on an on-disk PGlite: initdb and tsx make the start slow on a busy machine. It
  // is awaited for as long as the test may take (under the runner's 5 minutes per file, so that
  // `finally` still stops the process when something hangs).
  it(
    'started with no development option (NODE_ENV unset): /dev routes answer 404 and the seed admin cannot sign in',
    { timeout: 240_000 },
    async (t) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ae-main-'));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
      Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, MFA_ENCRYPTION_KEY: 'b'.repeat(64) });
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        await new Promise<void>((resolve, reject) => {
          t.signal.addEventListener('abort', () => reject(new Error(`no start:\n${output}`)), { once: true });
          child.stdout.on('data', () => {
            if (output.includes('API base')) resolve();
          });
          child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
        });
        assert.doesNotMatch(output, /DEVELOPMENT MODE|Seeded admin/);
        const base = `http://127.0.0.1:${port}`;
        const outbox = await fetch(`${base}${OUTBOX}`);
        assert.equal(outbox.status, 404);
        assert.deepEqual(await outbox.json(), { errors: ['Not found'], errorCodes: ['NOT_FOUND'] });
        const settings = await fetch(`${base}${DEV_SETTINGS}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ authStrategy: 'MagicLink' }),
        });
        assert.equal(settings.status, 404);
        const signIn = await fetch(`${base}${LOGIN}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        assert.equal(signIn.status, 401);
      } finally {
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
