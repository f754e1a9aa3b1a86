// The same API-level cases against the demo backend and the reference server, so the demo can never
// drift from the real thing (docs/contract.md).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeAccessToken } from '../../core/jwt';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

let sequence = 0;
const newUser = () => {
  sequence += 1;
  return {
    email: `contract-${sequence}-${Date.now()}@example.com`,
    password: 'a-long-password-1',
    name: `Contract ${sequence}`,
    companyName: `Company ${sequence}`,
  };
};

for (const [name, factory] of factories) {
  describe(`contract: ${name}`, () => {
    let target: ContractTarget;
    before(async () => {
      target = await factory();
    });
    after(async () => {
      await target.close();
    });

    test('public policy', async () => {
      const { status, body } = await target.call('GET', '/identity/resources/configurations/v1/public');
      assert.equal(status, 200);
      assert.equal(body.allowSignups, true);
      assert.equal(body.authStrategy, 'EmailAndPassword');
      for (const key of ['allowNotVerifiedUsersLogin', 'apiTokensEnabled', 'forcePermissions'])
        assert.equal(typeof body[key], 'boolean', key);
    });

    test('password configuration', async () => {
      const { status, body } = await target.call('GET', '/identity/resources/users/v1/passwords/config');
      assert.equal(status, 200);
      assert.equal(body.minLength, 8);
      assert.equal(body.maxLength, 128);
    });

    test('vendor public info: whiteLabelMode false', async () => {
      const { status, body } = await target.call('GET', '/vendors/public');
      assert.equal(status, 200);
      assert.equal(body.whiteLabelMode, false);
    });

    test('SSO pre-login for a domain without SSO (v2, and the legacy v1 SAML name): 404 with an errors list', async () => {
      for (const path of [
        '/identity/resources/auth/v2/user/sso/prelogin',
        '/identity/resources/auth/v1/user/saml/prelogin',
      ]) {
        const { status, body } = await target.call('POST', path, {
          body: { email: 'someone@no-sso.example.com' },
        });
        assert.equal(status, 404);
        assert.ok(Array.isArray(body.errors) && body.errors.length > 0);
      }
    });

    test('SAML post-login with a code nobody issued: 401 "Failed to authenticate", no session', async () => {
      await target.clearCookies();
      const { status, body } = await target.call('POST', '/identity/resources/auth/v1/user/saml/postlogin', {
        body: { code: 'never-issued' },
      });
      assert.equal(status, 401);
      assert.deepEqual(body.errors, ['Failed to authenticate']);
    });

    test('sign-up signs in: access token, user, tenants; me and tenants answer with the token', async () => {
      await target.clearCookies();
      const user = newUser();
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', { body: user });
      assert.equal(signUp.status, 200);
      assert.equal(signUp.body.shouldActivate, false);
      assert.ok(signUp.body.userId);
      assert.ok(signUp.body.tenantId);
      const auth = signUp.body.authResponse;
      assert.equal(typeof auth.accessToken, 'string');
      assert.equal(typeof auth.expiresIn, 'number');
      assert.equal(auth.refreshToken, undefined, 'the refresh token travels only as a cookie');
      const claims = decodeAccessToken(auth.accessToken);
      assert.equal(claims.sub, signUp.body.userId);
      assert.equal(claims.email, user.email);
      assert.equal(claims.tenantId, signUp.body.tenantId);

      const me = await target.call('GET', '/identity/resources/users/v2/me', { token: auth.accessToken });
      assert.equal(me.status, 200);
      assert.equal(me.body.email, user.email);
      assert.equal(me.body.name, user.name);
      assert.equal(me.body.tenantId, signUp.body.tenantId);
      assert.ok(me.body.roles.some((r: { key: string }) => r.key === 'Admin'));
      assert.ok(me.body.permissions.some((p: { key: string }) => p.key === 'fe.*'));

      const tenants = await target.call('GET', '/identity/resources/users/v3/me/tenants', {
        token: auth.accessToken,
      });
      assert.equal(tenants.status, 200);
      assert.equal(tenants.body.activeTenant.tenantId, signUp.body.tenantId);
      assert.equal(tenants.body.activeTenant.name, user.companyName);
      assert.equal(tenants.body.tenants.length, 1);

      const v2 = await target.call('GET', '/identity/resources/users/v2/me/tenants', {
        token: auth.accessToken,
      });
      assert.equal(v2.status, 200);
      assert.ok(Array.isArray(v2.body));
    });

    test('sign-up keeps the email lower-case; the same address in other letters is taken (409)', async () => {
      await target.clearCookies();
      const user = newUser();
      const mixed = `Mixed-${user.email}`.replace('example.com', 'Example.COM');
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { ...user, email: mixed },
      });
      assert.equal(signUp.status, 200);
      assert.equal(signUp.body.user.email, mixed.toLowerCase());
      const again = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { ...user, email: mixed.toUpperCase() },
      });
      assert.equal(again.status, 409);
    });

    test('sign-in with an invite link joins its account, with no role; a link not live changes nothing', async () => {
      await target.clearCookies();
      const owner = newUser();
      const ownerUp = await target.call('POST', '/identity/resources/users/v1/signUp', { body: owner });
      const link = await target.call('POST', '/identity/resources/tenants/invites/v1/user', {
        token: ownerUp.body.authResponse.accessToken,
        body: {},
      });
      assert.equal(link.status, 201);
      await target.clearCookies();
      const joiner = newUser();
      const joinerUp = await target.call('POST', '/identity/resources/users/v1/signUp', { body: joiner });
      const credentials = { email: joiner.email, password: joiner.password };
      const forged = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { ...credentials, invitationToken: 'forged-link-token' },
      });
      assert.equal(forged.status, 200);
      assert.equal(decodeAccessToken(forged.body.accessToken).tenantId, joinerUp.body.tenantId);
      const joined = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { ...credentials, invitationToken: link.body.token },
      });
      assert.equal(joined.status, 200);
      assert.equal(joined.body.refreshToken, undefined, 'the refresh token travels only as a cookie');
      assert.equal(decodeAccessToken(joined.body.accessToken).tenantId, ownerUp.body.tenantId);
      const me = await target.call('GET', '/identity/resources/users/v2/me', {
        token: joined.body.accessToken,
      });
      assert.deepEqual(me.body.roles, []);
    });

    test("an invite link at sign-in does not join an account whose email domains refuse the user's", async () => {
      await target.clearCookies();
      const ownerUp = await target.call('POST', '/identity/resources/users/v1/signUp', { body: newUser() });
      const token = ownerUp.body.authResponse.accessToken;
      const link = await target.call('POST', '/identity/resources/tenants/invites/v1/user', {
        token,
        body: {},
      });
      assert.equal(link.status, 201);
      const joiner = newUser();
      const domains = '/identity/resources/configurations/restrictions/v1/email-domain';
      const domain = joiner.email.split('@')[1];
      const blocked = await target.call('POST', domains, { token, body: { domain, type: 'BLOCK' } });
      assert.equal(blocked.status, 201, JSON.stringify(blocked.body));
      const on = await target.call('POST', `${domains}/config`, {
        token,
        body: { active: true, type: 'BLOCK' },
      });
      assert.equal(on.status, 200, JSON.stringify(on.body));
      await target.clearCookies();
      const joinerUp = await target.call('POST', '/identity/resources/users/v1/signUp', { body: joiner });
      const signedIn = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email: joiner.email, password: joiner.password, invitationToken: link.body.token },
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.equal(decodeAccessToken(signedIn.body.accessToken).tenantId, joinerUp.body.tenantId);
    });

    test('the session: refresh after sign-in, nothing after logout', async () => {
      await target.clearCookies();
      const user = newUser();
      assert.equal(
        (await target.call('POST', '/identity/resources/users/v1/signUp', { body: user })).status,
        200,
      );
      await target.clearCookies();
      assert.equal((await target.call('POST', '/identity/resources/auth/v1/user/token/refresh')).status, 401);

      const login = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email: user.email, password: user.password },
      });
      assert.equal(login.status, 200);
      assert.equal(typeof login.body.accessToken, 'string');
      assert.equal(login.body.mfaRequired, false);

      const refreshed = await target.call('POST', '/identity/resources/auth/v1/user/token/refresh');
      assert.equal(refreshed.status, 200);
      assert.equal(decodeAccessToken(refreshed.body.accessToken).email, user.email);

      assert.equal((await target.call('POST', '/identity/resources/auth/v1/logout')).status, 200);
      const after = await target.call('POST', '/identity/resources/auth/v1/user/token/refresh');
      assert.equal(after.status, 401);
      assert.deepEqual(after.body.errors, ['Session expired, please sign in again']);
    });

    test('a wrong password: 401 "Incorrect email or password"; an unknown email: the same', async () => {
      const user = newUser();
      await target.call('POST', '/identity/resources/users/v1/signUp', { body: user });
      for (const body of [
        { email: user.email, password: 'wrong-password' },
        { email: `nobody-${user.email}`, password: 'wrong-password' },
      ]) {
        const answer = await target.call('POST', '/identity/resources/auth/v1/user', { body });
        assert.equal(answer.status, 401);
        assert.deepEqual(answer.body.errors, ['Incorrect email or password']);
      }
    });

    test('a duplicate sign-up: 409 "User already exists" (case-insensitive email)', async () => {
      const user = newUser();
      await target.call('POST', '/identity/resources/users/v1/signUp', { body: user });
      const again = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { ...user, email: user.email.toUpperCase() },
      });
      assert.equal(again.status, 409);
      assert.deepEqual(again.body.errors, ['User already exists']);
    });

    const badInputs: Array<[string, string, string, { body?: unknown; rawBody?: string }]> = [
      [
        'login without a password',
        'POST',
        '/identity/resources/auth/v1/user',
        { body: { email: 'a@example.com' } },
      ],
      [
        'login with an invalid email',
        'POST',
        '/identity/resources/auth/v1/user',
        { body: { email: 'not-an-email', password: 'x' } },
      ],
      [
        'login with a number for the email',
        'POST',
        '/identity/resources/auth/v1/user',
        { body: { email: 42, password: 'x' } },
      ],
      [
        'login with a body that is not JSON',
        'POST',
        '/identity/resources/auth/v1/user',
        { rawBody: '{"email":' },
      ],
      [
        'sign-up with a short password',
        'POST',
        '/identity/resources/users/v1/signUp',
        { body: { email: 'short@example.com', password: 'short' } },
      ],
      [
        'sign-up with an overlong name',
        'POST',
        '/identity/resources/users/v1/signUp',
        { body: { email: 'long@example.com', password: 'a-long-password-1', name: 'n'.repeat(101) } },
      ],
      [
        'sign-up with an overlong email',
        'POST',
        '/identity/resources/users/v1/signUp',
        { body: { email: `${'a'.repeat(250)}@example.com`, password: 'a-long-password-1' } },
      ],
      [
        'SSO pre-login without an email',
        'POST',
        '/identity/resources/auth/v2/user/sso/prelogin',
        { body: {} },
      ],
      [
        'SAML pre-login without an email',
        'POST',
        '/identity/resources/auth/v1/user/saml/prelogin',
        { body: {} },
      ],
      [
        'SAML post-login without a code',
        'POST',
        '/identity/resources/auth/v1/user/saml/postlogin',
        { body: {} },
      ],
    ];
    for (const [label, method, path, options] of badInputs) {
      test(`bad input, ${label}: 400 with an errors list`, async () => {
        const answer = await target.call(method, path, options);
        assert.equal(answer.status, 400, JSON.stringify(answer.body));
        assert.ok(
          Array.isArray(answer.body.errors) &&
            answer.body.errors.length > 0 &&
            answer.body.errors.every((e: unknown) => typeof e === 'string'),
        );
      });
    }

    test('sign-up with a short password names the rule', async () => {
      const answer = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email: 'rule@example.com', password: 'short' },
      });
      assert.deepEqual(answer.body.errors, ['Password must be at least 8 characters']);
    });

    test('me without a token, or with a forged one: 401', async () => {
      assert.equal((await target.call('GET', '/identity/resources/users/v2/me')).status, 401);
      const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', exp: 9999999999 })).toString('base64url')}.sig`;
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v2/me', { token: forged })).status,
        401,
      );
    });
  });
}
