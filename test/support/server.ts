/**
 * Shared helpers for the server's unit and contract tests (not a test file itself; never imported
 * by production code).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer, type BuiltServer } from '../../server/app';
import type { ServerOptions } from '../../server/options';
import { PasswordHasher, type HashParams } from '../../server/domain/passwords';
import { addMembership } from '../../server/storage/tenants';
import { insertUser } from '../../server/storage/users';
import type { Database } from '../../server/storage/database';
import { migrate, migrations } from '../../server/storage/migrations';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SEED_TENANT_ID } from '../../server/seed';

/** Cheap argon2id parameters (the production algorithm) so tests do not spend their time hashing. */
export const FAST_HASHING: HashParams = { algorithm: 'argon2id', m: 256, t: 1, p: 1 };
export const ALLOWED_ORIGIN = 'http://allowed.test';
export const API = '/frontegg/identity/resources';
export const LOGIN = `${API}/auth/v1/user`;
export const REFRESH = `${API}/auth/v1/user/token/refresh`;
export const LOGOUT = `${API}/auth/v1/logout`;
export const SIGN_UP = `${API}/users/v1/signUp`;
export const ME = `${API}/users/v2/me`;
export const ADMIN = { email: SEED_ADMIN_EMAIL, password: SEED_ADMIN_PASSWORD };

let template: Promise<Blob> | undefined;
let migratedTemplate: Promise<Blob> | undefined;

const pgliteVersion = () =>
  (
    JSON.parse(
      readFileSync(
        join(
          dirname(fileURLToPath(import.meta.url)),
          '..',
          '..',
          'node_modules',
          '@electric-sql',
          'pglite',
          'package.json',
        ),
        'utf8',
      ),
    ) as { version: string }
  ).version;

/**
 * `make()`'s dump, cached in the OS temp folder as `name`: written then renamed, so a test file
 * running in parallel never reads half a dump.
 */
async function cachedDump(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = join(tmpdir(), name);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dump = await make();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/**
 * A dump of a freshly initialised PGlite cluster, cached in the OS temp folder per PGlite version.
 * Starting from it skips initdb: about 0.6 s per test file instead of 3-4 s.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= cachedDump(`auth-elements-pglite-${pgliteVersion()}.tar`, async () => {
    const db = new PGlite();
    await db.waitReady;
    const dump = await db.dumpDataDir('none');
    await db.close();
    return dump;
  });
  return template;
}

/**
 * The same cluster with every migration of server/storage/migrations.ts applied, cached per PGlite
 * version and per the migrations' own text (a new or changed migration makes a new dump). A test
 * server started from it finds nothing to migrate: a start takes about 2.0 s of CPU instead of
 * 2.5-2.8 s. server/storage/migrations.test.ts migrates a database of its own from nothing.
 */
function migratedPgliteTemplate(): Promise<Blob> {
  const digest = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  migratedTemplate ??= cachedDump(
    `auth-elements-pglite-${pgliteVersion()}-migrated-${digest}.tar`,
    async () => {
      const db = new PGlite({ loadDataDir: await pgliteTemplate(), extensions: { pg_trgm } });
      const handle = (q: Pick<PGlite, 'query'>, inTransaction: boolean): Database => {
        const self: Database = {
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await q.query<T>(sql, params ?? [])).rows,
          }),
          transaction: (fn) => (inTransaction ? fn(self) : db.transaction((tx) => fn(handle(tx, true)))),
          close: () => db.close(),
        };
        return self;
      };
      await migrate(handle(db, false));
      const dump = await db.dumpDataDir('none');
      await db.close();
      return dump;
    },
  );
  return migratedTemplate;
}

/**
 * An in-memory server with the dev seed. Every injected request comes from one address, so the
 * per-IP sign-up limit is raised out of the way (server/routes/sign-up-limits.test.ts tests it).
 */
export async function startTestServer(overrides: Partial<ServerOptions> = {}): Promise<BuiltServer> {
  return buildServer({
    database: overrides.database ?? { kind: 'pglite', loadDataDir: await migratedPgliteTemplate() },
    seed: true,
    corsOrigins: [ALLOWED_ORIGIN],
    passwordHashing: FAST_HASHING,
    issuer: 'http://issuer.test',
    signUpsPerIp: 100_000,
    ...overrides,
  });
}

/** The value of the `ae_refresh` cookie set by `res` ('' when cleared), or undefined. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const line = all.find((c) => c.startsWith('ae_refresh='));
  return line === undefined ? undefined : line.slice('ae_refresh='.length).split(';')[0];
}

/** The raw Set-Cookie line for `ae_refresh`. */
export function refreshCookieLine(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith('ae_refresh='));
}

export interface LoggedIn {
  accessToken: string;
  cookie: string;
}

/** Signs in and returns the access token and the refresh cookie value. */
export async function login(
  app: FastifyInstance,
  email = ADMIN.email,
  password = ADMIN.password,
): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { accessToken: res.json().accessToken, cookie: refreshCookieOf(res)! };
}

/** POSTs to the refresh endpoint with `cookie` as the refresh token. */
export function refresh(app: FastifyInstance, cookie: string | undefined) {
  return app.inject({
    method: 'POST',
    url: REFRESH,
    headers: {
      'content-type': 'application/json',
      ...(cookie !== undefined ? { cookie: `ae_refresh=${cookie}` } : {}),
    },
  });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls to `server()` with a bearer token (by default `token()`): `call` answers the response, `ok`
 * the JSON of a 2xx answer and fails the test on any other. Both read their arguments when called,
 * so a test file can set them up in `before`.
 */
export function bearerCalls(server: () => BuiltServer, token: () => string) {
  const call = (method: Method, url: string, payload?: object, as = token()) =>
    server().app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  async function ok<T = Record<string, unknown>>(method: Method, url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
  return { call, ok };
}

/** The id of a role every account has (a vendor-wide role: Admin, Viewer...). */
export const sharedRoleId = async (server: BuiltServer, key: string) =>
  (await server.db.query<{ id: string }>('SELECT id FROM roles WHERE key = $1 AND tenant_id IS NULL', [key]))
    .rows[0]!.id;

/**
 * A verified person made a member of `tenantId` (the seeded account by default) with `roleKeys`,
 * then signed in: their access token (for the callers a permission test needs).
 */
export async function signedInMember(
  server: BuiltServer,
  email: string,
  password: string,
  roleKeys: string[],
  tenantId = SEED_TENANT_ID,
): Promise<string> {
  const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: email.slice(0, email.indexOf('@')),
    passwordHash: await new PasswordHasher(FAST_HASHING).hash(password),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId, roleKeys });
  return (await login(server.app, email, password)).accessToken;
}
