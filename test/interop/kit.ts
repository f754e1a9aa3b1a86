/**
 * What the inventory's probes are written with: the client's `api`, a check that an answer fits
 * the client's declared type, and fixtures (the seed admin, fresh users, a fresh browser). Fixtures
 * are set up through the server directly (sign-up, database) when they are not what is measured;
 * every call that is measured goes through the real client. Not a test file.
 */
import assert from 'node:assert/strict';
import { api as clientApi, ContextHolder } from '@frontegg/rest-api';
import type { BuiltServer } from '../../server/app';
import { ADMIN, SIGN_UP } from '../support/server';
import { Browser, latestCode, latestLink, outbox, useBrowser } from './harness';

export const api = clientApi;
export { latestCode, latestLink, outbox };

/**
 * A type as the client declares it, in brief: 'string' | 'number' | 'boolean' | 'object' | 'array'
 * | 'any', with a trailing '?' when the client's type marks it optional (undefined or null pass);
 * '=A|B' one of those string values (the client's enums);
 * `[shape]` an array whose every item fits `shape`; `{ field: shape }` an object with those fields
 * (other fields are allowed, as in TypeScript).
 */
export type Shape = string | [Shape] | { [field: string]: Shape };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Where `value` does not fit `shape`: one path per misfit, array indexes written `[]`, so the list
 * is the same whatever the data (`.sub`, `.items[].tenants`, `[].categoryId`).
 */
export function misfits(value: unknown, shape: Shape, where = ''): string[] {
  if (typeof shape === 'string') {
    const optional = shape.endsWith('?');
    const type = optional ? shape.slice(0, -1) : shape;
    if (optional && (value === undefined || value === null)) return [];
    if (type.startsWith('='))
      return type
        .slice(1)
        .split('|')
        .includes(value as string)
        ? []
        : [where];
    if (type === 'any') return value === undefined ? [where] : [];
    return describe(value) === type ? [] : [where];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [where];
    return [...new Set(value.flatMap((item) => misfits(item, shape[0], `${where}[]`)))];
  }
  if (describe(value) !== 'object') return [where];
  const record = value as Record<string, unknown>;
  return Object.entries(shape).flatMap(([field, fieldShape]) =>
    misfits(record[field], fieldShape, `${where}.${field}`),
  );
}

/** Thrown when an answer does not fit the client's type; `paths` lists every misfit. */
export class Misfit extends Error {
  constructor(
    readonly paths: string[],
    readonly what: string,
  ) {
    super(
      `${what} does not fit the client's type at ${paths.map((p) => p || '(the answer itself)').join(', ')}`,
    );
    this.name = 'Misfit';
  }
}

/** Asserts that `value` fits `shape` (see `Shape`); a `Misfit` names every field that does not. */
export function fits(value: unknown, shape: Shape, what = 'the answer'): void {
  const paths = [...new Set(misfits(value, shape))];
  if (paths.length) throw new Misfit(paths, what);
}

/** Like `fits` for a list, and the list must not be empty (an empty list proves nothing). */
export function fitsNonEmpty(value: unknown, item: Shape, what = 'the answer'): void {
  fits(value, [item], what);
  assert.ok((value as unknown[]).length > 0, `${what}: expected at least one item`);
}

// The client's declared types, in brief (from the package's .d.ts files).
export const ROLE: Shape = { id: 'string', key: 'string', name: 'string', permissions: ['string'] };
export const PERMISSION: Shape = {
  id: 'string',
  key: 'string',
  name: 'string',
  categoryId: 'string',
  fePermission: 'boolean',
};
export const TEAM_PERMISSION: Shape = { ...PERMISSION, roleIds: ['string'] };
/** IBaseGetUserResponse (users v3, and the base of the profile). */
export const USER_BASE: Shape = {
  id: 'string',
  email: 'string',
  name: 'string',
  sub: 'string',
  verified: 'boolean',
  mfaEnrolled: 'boolean',
  tenantId: 'string',
  tenantIds: ['string'],
  tenants: [{ tenantId: 'string', roles: [ROLE] }],
  metadata: 'string?',
};
/** IUserProfile = IGetUsersV2Response. */
export const USER_PROFILE: Shape = { ...USER_BASE, roles: [ROLE], permissions: [TEAM_PERMISSION] };
export const TENANT: Shape = { id: 'string', name: 'string', tenantId: 'string', vendorId: 'string' };
/** The token fields of a sign-in answer as the server sends it (ILoginResponse before the merge). */
export const LOGIN_TOKENS: Shape = { accessToken: 'string', expires: 'string', expiresIn: 'number' };
/** ILoginResponse after the client merged the token's claims and the profile into it. */
export const LOGIN_RESPONSE: Shape = {
  ...USER_PROFILE,
  accessToken: 'string',
  refreshToken: 'string?',
  expiresIn: 'number',
  expires: 'string',
};
export const LOGIN_RESPONSE_V3: Shape = { user: LOGIN_RESPONSE, tenants: [TENANT], activeTenant: TENANT };
export const MFA_DEVICES: Shape = {
  webauthn: [{ id: 'string', deviceType: '=Platform|CrossPlatform', name: 'string' }],
  phones: [{ id: 'string', phoneNumber: 'string' }],
  authenticators: [{ id: 'string' }],
};
/** The MFA gate of a sign-in answer (ILoginResponse with mfaRequired). */
export const MFA_GATE: Shape = { mfaRequired: 'boolean', mfaToken: 'string', mfaDevices: MFA_DEVICES };
export const PAGE = (item: Shape): Shape => ({
  items: [item],
  _metadata: { totalItems: 'number', totalPages: 'number' },
});

let server: BuiltServer;
let admin: Browser | undefined;
let adminSince = 0;
let counter = 0;

export function useServer(built: BuiltServer): void {
  server = built;
}

export function theServer(): BuiltServer {
  return server;
}

/** A new browser profile with no cookies and no token, made current. */
export function asGuest(): Browser {
  const browser = new Browser();
  useBrowser(browser);
  return browser;
}

/**
 * The seed admin's browser, signed in through the client's `login` once, and again when its access
 * token is near the server's 5-minute lifetime (a slow machine).
 */
export async function asAdmin(): Promise<Browser> {
  // The server checks a token's session on every call: a probe that ended the admin's sessions
  // (sign out everywhere, revoke) ends this token too, so it is checked before it is reused.
  if (admin && Date.now() - adminSince < 4 * 60 * 1000 && (await sessionLive(admin))) {
    useBrowser(admin);
    return admin;
  }
  admin = asGuest();
  adminSince = Date.now();
  await api.auth.login({ email: ADMIN.email, password: ADMIN.password });
  admin.accessToken = ContextHolder.getAccessToken();
  return admin;
}

async function sessionLive(browser: Browser): Promise<boolean> {
  const me = await server.app.inject({
    method: 'GET',
    url: '/frontegg/identity/resources/users/v2/me',
    headers: { authorization: `Bearer ${browser.accessToken ?? ''}` },
  });
  return me.statusCode === 200;
}

export interface Account {
  email: string;
  password: string;
  userId: string;
  tenantId: string;
  browser: Browser;
}

export const PASSWORD = 'a-long-password-1';

/** A unique address for this run. */
export function freshEmail(tag: string): string {
  counter += 1;
  return `interop-${tag}-${counter}@example.com`;
}

/** A new user with their own tenant (signed up through the server), not signed in, in a new browser. */
export async function newAccount(tag: string, options: { mfaEnforced?: boolean } = {}): Promise<Account> {
  const email = freshEmail(tag);
  const res = await server.app.inject({
    method: 'POST',
    url: SIGN_UP,
    payload: { email, password: PASSWORD, name: `Interop ${tag}`, companyName: `Interop ${tag} Co` },
  });
  assert.equal(res.statusCode, 200, res.body);
  const { rows } = await server.db.query<{ user_id: string; tenant_id: string }>(
    `SELECT m.user_id, m.tenant_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = $1`,
    [email],
  );
  const { user_id: userId, tenant_id: tenantId } = rows[0]!;
  if (options.mfaEnforced) {
    await server.db.query('INSERT INTO tenant_mfa_policies (tenant_id, enforce) VALUES ($1, true)', [
      tenantId,
    ]);
  }
  return { email, password: PASSWORD, userId, tenantId, browser: asGuest() };
}

/** A new user signed in through the client's `login` in their own browser (made current). */
export async function asNewUser(tag: string): Promise<Account> {
  const account = await newAccount(tag);
  await api.auth.login({ email: account.email, password: account.password });
  account.browser.accessToken = ContextHolder.getAccessToken();
  return account;
}

/** Switches back to an account's browser. */
export function asAccount(account: Account): void {
  useBrowser(account.browser);
}

/** A JWT's claims, unverified (the probe only reads what the server put there). */
export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
