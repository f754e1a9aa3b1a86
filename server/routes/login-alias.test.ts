/**
 * Custom login per account at sign-in (core/domain/login-alias.ts): the `frontegg-login-alias`
 * header the kit and the client SDK send makes the public reads of the sign-in methods answer that
 * account's, and a password sign-in open the session in that account, for its members only. An
 * alias that names no account with custom login on is refused (404).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { saveAccountSignInMethods } from '../../core/domain/sign-in-methods';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { addMembership, createTenant } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import {
  ADMIN,
  ALLOWED_ORIGIN,
  FAST_HASHING,
  LOGIN,
  ME,
  bearer,
  startTestServer,
} from '../../test/support/server';

const STRATEGIES = '/frontegg/identity/resources/configurations/v1/auth/strategies/public';
const PUBLIC = '/frontegg/identity/resources/configurations/v1/public';
const HEADER = 'frontegg-login-alias';
let server: BuiltServer;
let aliasAccount: string;
const member = { email: 'alias-member@example.com', password: 'Alias-member-2026' };

before(async () => {
  server = await startTestServer();
  const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  aliasAccount = (await createTenant(server.db, { vendorId, name: 'Alias Co' })).id;
  await server.db.query(
    `UPDATE tenants SET login_alias = 'alias-co', custom_login_enabled = true WHERE id = $1`,
    [aliasAccount],
  );
  // Another account with an alias saved but custom login off.
  const off = (await createTenant(server.db, { vendorId, name: 'Off Co' })).id;
  await server.db.query(
    `UPDATE tenants SET login_alias = 'off-co', custom_login_enabled = false WHERE id = $1`,
    [off],
  );
  // The member belongs to the seed account first (their active one) and to Alias Co.
  const user = await insertUser(server.db, {
    vendorId,
    email: member.email,
    name: 'Alias Member',
    passwordHash: await new PasswordHasher(FAST_HASHING).hash(member.password),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys: [] });
  await server.db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [user.id, SEED_TENANT_ID]);
  await addMembership(server.db, { userId: user.id, tenantId: aliasAccount, roleKeys: [] });
  // Alias Co starts with emailed codes and keeps passwords, without magic links or SMS codes.
  await saveAccountSignInMethods(signInMethodRepository(server.db), aliasAccount, {
    mainAuthStrategies: [{ strategy: 'Code' }, { strategy: 'EmailAndPassword' }],
  });
});
after(() => server.close());

const read = (url: string, alias?: string) =>
  server.app.inject({ url, headers: alias === undefined ? {} : { [HEADER]: alias } });
const signIn = (who: { email: string; password: string }, alias?: string) =>
  server.app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { origin: ALLOWED_ORIGIN, ...(alias === undefined ? {} : { [HEADER]: alias }) },
    payload: who,
  });
const strategiesOf = (body: { mainAuthStrategies: Array<{ strategy: string }> }) =>
  body.mainAuthStrategies.map((s) => s.strategy);

describe('the login alias at sign-in', () => {
  it("the public sign-in methods are the alias's account's (any case); the application's without one", async () => {
    const app = await read(STRATEGIES);
    assert.ok(strategiesOf(app.json()).length > 1, app.body);
    for (const alias of ['alias-co', 'Alias-Co']) {
      const own = await read(STRATEGIES, alias);
      assert.equal(own.statusCode, 200, own.body);
      assert.deepEqual(strategiesOf(own.json()), ['Code', 'EmailAndPassword']);
    }
    const policy = await read(PUBLIC, 'alias-co');
    assert.equal(policy.statusCode, 200, policy.body);
    assert.equal(policy.json().authStrategy, 'Code');
  });

  it('an alias that names no account, or one whose custom login is off: 404 with a code', async () => {
    for (const alias of ['nobody-here', 'off-co', 'not an alias!']) {
      const res = await read(STRATEGIES, alias);
      assert.equal(res.statusCode, 404, alias);
      assert.deepEqual(res.json().errors, ['This sign-in address is not in use']);
      assert.deepEqual(res.json().errorCodes, ['LOGIN_ALIAS_UNKNOWN']);
      assert.equal((await signIn(member, alias)).statusCode, 404);
    }
  });

  it("a member signing in at the alias's address gets a session in that account, not their active one", async () => {
    const plain = await signIn(member);
    assert.equal(plain.statusCode, 200, plain.body);
    const me = await server.app.inject({ url: ME, headers: bearer(plain.json().accessToken) });
    assert.equal(me.json().tenantId, SEED_TENANT_ID);

    const aliased = await signIn(member, 'alias-co');
    assert.equal(aliased.statusCode, 200, aliased.body);
    const there = await server.app.inject({ url: ME, headers: bearer(aliased.json().accessToken) });
    assert.equal(there.json().tenantId, aliasAccount);
  });

  it('someone who is not a member is refused after the password, with the wrong password answered as anywhere', async () => {
    const outsider = await signIn(ADMIN, 'alias-co');
    assert.equal(outsider.statusCode, 403, outsider.body);
    assert.deepEqual(outsider.json().errorCodes, ['LOGIN_ALIAS_NOT_MEMBER']);
    const wrong = await signIn({ email: ADMIN.email, password: 'not-the-password-1' }, 'alias-co');
    assert.equal(wrong.statusCode, 401);
  });
});

describe("the real client SDK's tenantResolver (@frontegg/rest-api 3.1.18)", () => {
  it("sends the alias as its login-alias header: the methods and the session are the account's", async () => {
    const sdk = createRequire(import.meta.url)('@frontegg/rest-api') as typeof import('@frontegg/rest-api');
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const realFetch = globalThis.fetch;
    // The browser's Origin on calls that change something (Node's fetch sends none).
    globalThis.fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      if ((init.method ?? 'GET') !== 'GET') headers.set('origin', ALLOWED_ORIGIN);
      return realFetch(input, { ...init, headers });
    };
    try {
      sdk.ContextHolder.setContext({
        baseUrl: origin,
        urlPrefix: 'frontegg',
        tenantResolver: async () => ({ tenant: 'alias-co' }),
      });
      const methods = await sdk.api.auth.getVendorPublicAuthStrategiesConfig();
      assert.deepEqual(
        methods.mainAuthStrategies.map((m: { strategy: string }) => m.strategy),
        ['Code', 'EmailAndPassword'],
      );
      const signedIn = await sdk.api.auth.login(member);
      const claims = JSON.parse(Buffer.from(signedIn.accessToken!.split('.')[1]!, 'base64url').toString());
      assert.equal(claims.tenantId, aliasAccount);
      sdk.ContextHolder.setContext({
        baseUrl: origin,
        urlPrefix: 'frontegg',
        tenantResolver: async () => ({ tenant: 'nobody-here' }),
      });
      await assert.rejects(sdk.api.auth.login(member), /This sign-in address is not in use/);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
