import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { buildServer } from '../../server/app';
import { createDemoBackend, STORAGE_KEY } from '../../core/demo/backend';
import { seedDemoDatabase, type DemoDatabase } from '../../core/demo/data';
import { createMemoryStorage } from '../../core/test-support/memoryStorage';
import type { VendorBillingSwitches } from '../../core/billing/vendorRules';
import { memoryTables } from '../../core/demo/tables';
import { BILLING_SUBSCRIPTIONS, BILLING_VENDOR } from '../../core/domain/billing-tables';
import { not } from '../../core/domain/tables';
import { assertMatchesOpenApi } from './openapi';

export interface Answer {
  status: number;
  body: any;
}
/**
 * One implementation of the HTTP contract, driven as a browser would (the refresh cookie is kept).
 * Every answer is checked against the server's OpenAPI document (openapi.ts) before a test sees it.
 */
export interface ContractTarget {
  name: string;
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string },
  ): Promise<Answer>;
  /** Forget the refresh cookie (a new browser). */
  clearCookies(): Promise<void>;
  /** Switches the vendor setting "sign-up requires activation" (a database setting on the server). */
  setSignUpRequiresActivation(on: boolean): Promise<void>;
  /** The vendor's billing switches (columns of `vendors` on the server; docs/billing.md). */
  setBillingVendor(switches: Partial<VendorBillingSwitches>): Promise<void>;
  /** Every trial's end moved to a minute ago (the clock of the billing tests). */
  endTrials(): Promise<void>;
  /** Every session's start and last use moved `seconds` back (the clock of the session policy's tests). */
  ageSessions(seconds: number): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = '/frontegg';

function headersFor(token?: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'frontegg-source': 'login-box',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

async function parse(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** The in-browser demo backend, through the same transport the kit uses in demo mode. */
export function demoTarget(): ContractTarget {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  return {
    name: 'demo backend',
    async call(method, path, options = {}) {
      const init: RequestInit = { method, headers: headersFor(options.token), credentials: 'include' };
      if (options.rawBody !== undefined) init.body = options.rawBody;
      else if (options.body !== undefined) init.body = JSON.stringify(options.body);
      const answer = await parse(
        await backend.transport(`https://demo.auth-elements.invalid${PREFIX}${path}`, init),
      );
      await assertMatchesOpenApi(method, `${PREFIX}${path}`, answer.status, answer.body);
      return answer;
    },
    async clearCookies() {
      // In demo mode the stored session is the cookie: a new browser has none (users stay).
      await backend.handle('POST', '/identity/resources/auth/v1/logout', {}, null);
    },
    async setSignUpRequiresActivation(on) {
      const saved = storage.getItem(STORAGE_KEY);
      const db: DemoDatabase = saved ? JSON.parse(saved) : seedDemoDatabase();
      db.settings = { ...db.settings, signUpRequiresActivation: on };
      storage.setItem(STORAGE_KEY, JSON.stringify(db));
    },
    async setBillingVendor(switches) {
      const db: DemoDatabase = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') ?? seedDemoDatabase();
      // The vendor's row, written by the account's first billing call (core/demo/billingStore.ts).
      const vendors = await memoryTables((db.tables ??= {}))
        .of(BILLING_VENDOR)
        .update({}, switches);
      assert.equal(vendors.length, 1, 'a billing call before the switches');
      storage.setItem(STORAGE_KEY, JSON.stringify(db));
    },
    async endTrials() {
      const db: DemoDatabase = JSON.parse(storage.getItem(STORAGE_KEY)!);
      const past = new Date(Date.now() - 60_000).toISOString();
      await memoryTables((db.tables ??= {}))
        .of(BILLING_SUBSCRIPTIONS)
        .update({ trialEnd: not(null) }, { trialEnd: past });
      storage.setItem(STORAGE_KEY, JSON.stringify(db));
    },
    async ageSessions(seconds) {
      const db: DemoDatabase = JSON.parse(storage.getItem(STORAGE_KEY)!);
      const back = (iso: string | undefined) =>
        new Date(Date.parse(iso ?? new Date().toISOString()) - seconds * 1000).toISOString();
      if (db.session)
        Object.assign(db.session, {
          createdAt: back(db.session.createdAt),
          lastUsedAt: back(db.session.lastUsedAt ?? db.session.createdAt),
        });
      storage.setItem(STORAGE_KEY, JSON.stringify(db));
    },
    async close() {},
  };
}

/** The reference server on a fresh in-memory database, over real HTTP on loopback. */
export async function serverTarget(): Promise<ContractTarget> {
  const server = await buildServer({
    database: { kind: 'pglite' },
    seed: false,
    passwordHashing: { N: 1024, r: 8, p: 1 },
    devOutbox: true,
    // Every contract test signs up from 127.0.0.1.
    signUpsPerIp: 100_000,
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  // The browser's cookie jar (paths ignored: every cookie the server sets is under the prefix).
  const jar = new Map<string, string>();
  return {
    name: 'reference server',
    async call(method, path, options = {}) {
      const headers = headersFor(options.token);
      if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const init: RequestInit = { method, headers };
      if (options.rawBody !== undefined) init.body = options.rawBody;
      else if (options.body !== undefined) init.body = JSON.stringify(options.body);
      else if (method !== 'GET') delete headers['content-type'];
      const response = await fetch(`${address}${PREFIX}${path}`, init);
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=');
        if (value) jar.set(name!, value);
        else jar.delete(name!);
      }
      const answer = await parse(response);
      await assertMatchesOpenApi(method, `${PREFIX}${path}`, answer.status, answer.body);
      return answer;
    },
    async clearCookies() {
      jar.clear();
    },
    async setSignUpRequiresActivation(on) {
      await server.db.query('UPDATE vendors SET sign_up_requires_activation = $1', [on]);
    },
    async setBillingVendor(switches) {
      await server.db.query(
        `UPDATE vendors SET allow_plan_downgrade = COALESCE($1, allow_plan_downgrade),
           allow_plan_cancellation = COALESCE($2, allow_plan_cancellation),
           trial_end_action = COALESCE($3, trial_end_action)`,
        [
          switches.allowPlanDowngrade ?? null,
          switches.allowPlanCancellation ?? null,
          switches.trialEndAction ?? null,
        ],
      );
    },
    async endTrials() {
      await server.db.query(`UPDATE billing_subscriptions SET trial_end = now() - interval '1 minute'`);
    },
    async ageSessions(seconds) {
      await server.db.query(
        `UPDATE sessions SET created_at = created_at - make_interval(secs => $1),
           last_used_at = last_used_at - make_interval(secs => $1)`,
        [seconds],
      );
    },
    close: () => server.close(),
  };
}

/** Both implementations, in the order the suites describe them. */
export const BACKENDS: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

/**
 * The owner of a new account on one backend, for a suite that starts from an empty account: in the
 * suite's `before` the backend starts and the owner signs up (`{prefix}-{time}@example.com`), in its
 * `after` the backend closes. `call` sends the owner's token; `target` and `token` are for the rest.
 */
export function newAccountOwner(
  factory: () => Promise<ContractTarget> | ContractTarget,
  prefix: string,
): {
  readonly target: ContractTarget;
  readonly token: string;
  call: (method: string, path: string, body?: unknown) => Promise<Answer>;
} {
  let target: ContractTarget | undefined;
  let token = '';
  before(async () => {
    target = await factory();
    const signedUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
      body: { email: `${prefix}-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Owner' },
    });
    token = signedUp.body.authResponse.accessToken;
  });
  after(async () => {
    await target?.close();
  });
  return {
    get target() {
      return target!;
    },
    get token() {
      return token;
    },
    call: (method, path, body) =>
      target!.call(method, path, { token, ...(body === undefined ? {} : { body }) }),
  };
}

/** A role of the account of `token` granting the permissions with these keys: its id. */
export async function roleGranting(
  target: ContractTarget,
  token: string,
  role: { key: string; name: string },
  permissionKeys: string[],
): Promise<string> {
  const permissions = (await target.call('GET', '/identity/resources/permissions/v1', { token }))
    .body as Array<{ id: string; key: string }>;
  const permissionIds = permissionKeys.map((key) => permissions.find((p) => p.key === key)!.id);
  const created = await target.call('POST', '/identity/resources/roles/v1', {
    token,
    body: { ...role, permissionIds },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id as string;
}

/**
 * A member of the account of `token`: invited with these roles (its name the email's local part),
 * the invitation accepted with `password` through the link the development outbox holds, the
 * cookies then cleared. Answers the invitation's answer (the member as the inviter saw them).
 */
export async function acceptedMember(
  target: ContractTarget,
  token: string,
  member: { email: string; roleIds: string[]; password: string },
): Promise<{ id: string; roles: Array<{ key: string }> }> {
  const { email, roleIds, password } = member;
  const invited = await target.call('POST', '/identity/resources/users/v2', {
    token,
    body: { email, name: email.split('@')[0], roleIds, provider: 'local' },
  });
  assert.equal(invited.status, 201, JSON.stringify(invited.body));
  const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  const link = new URL(box.body.messages[0].text.match(/https?:\/\/\S+/)[0]);
  const accepted = await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
    body: { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), password },
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  await target.clearCookies();
  return invited.body;
}

/** Signs `email` in with a password: the access token. */
export async function passwordSignIn(
  target: ContractTarget,
  email: string,
  password: string,
): Promise<string> {
  const login = await target.call('POST', '/identity/resources/auth/v1/user', { body: { email, password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.accessToken as string;
}
