/**
 * Sign-in methods and the captcha policy against the real server (issue 15): stored, written by
 * the right administrator, validated, and enforced at each sign-in route. The captcha verifier is
 * a local HTTP server in this file speaking reCAPTCHA's siteverify protocol: never the internet.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { latestCode } from '../../test/support/account';
import { SoftAuthenticator } from '../../test/interop/authenticator';
import {
  ADMIN,
  ALLOWED_ORIGIN,
  API,
  FAST_HASHING,
  LOGIN,
  SIGN_UP,
  bearer,
  login,
  startTestServer,
} from '../../test/support/server';

const CONFIG = `${API}/configurations/v1`;
const STRATEGIES = `${CONFIG}/auth/strategies`;
const PASSWORD = 'Str0ng-enough-passw0rd!';
const PRE = (type: string) => `${API}/auth/v1/passwordless/${type}/prelogin`;
const POST_LOGIN = (type: string) => `${API}/auth/v1/passwordless/${type}/postlogin`;
const RESET = `${API}/users/v1/passwords/reset`;
const ALL_LOCAL = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'];
const methods = (main: string[], passkeys = false) => ({
  mainAuthStrategies: main.map((strategy) => ({ strategy })),
  secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: passkeys }],
});

let server: BuiltServer;
let verifier: Server;
let verifierUrl: string;
/** What the local verifier received, newest last. */
const verified: Array<Record<string, string>> = [];
let admin: string;
let vendorAdmin: string;
let vendorId: string;
const hasher = new PasswordHasher(FAST_HASHING);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: { origin: ALLOWED_ORIGIN, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
const errors = (res: { json(): { errors?: string[] } }) => res.json().errors;

async function member(key: string, roleKeys: string[] = ['Viewer']) {
  const email = `${key}-${Math.random().toString(36).slice(2, 8)}@methods.example.com`;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: key,
    passwordHash: await hasher.hash(PASSWORD),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return { id: user.id, email };
}

before(async () => {
  // reCAPTCHA's siteverify: `good` passes with a high score, `low` passes with a low one, `boom`
  // breaks the verifier, anything else fails.
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      verified.push({ ...form, contentType: request.headers['content-type'] ?? '' });
      if (form.response === 'boom') {
        response.writeHead(500).end('down');
        return;
      }
      const answer =
        form.response === 'good'
          ? { success: true, score: 0.9, action: 'login' }
          : form.response === 'low'
            ? { success: true, score: 0.1 }
            : { success: false, 'error-codes': ['invalid-input-response'] };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  server = await startTestServer({ devOutbox: true, captchaVerifyUrl: verifierUrl, appUrl: ALLOWED_ORIGIN });
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const boss = await member('vendor-admin', ['Admin']);
  await server.db.query('UPDATE users SET super_user = true WHERE id = $1', [boss.id]);
  vendorAdmin = (await login(server.app, boss.email, PASSWORD)).accessToken;
});
after(async () => {
  await server.close();
  await new Promise((resolve) => verifier.close(resolve));
});
beforeEach(async () => {
  await server.db.query('DELETE FROM tenant_sign_in_methods');
  await server.db.query('DELETE FROM captcha_policy');
  await server.db.query(
    `UPDATE vendors SET main_auth_strategies = NULL, auth_strategy = 'EmailAndPassword', passkeys_enabled = false`,
  );
  await server.db.query('DELETE FROM attempt_counters');
  admin = (await login(server.app)).accessToken;
});

describe('sign-in methods: reading and writing', () => {
  it('answers every local method by default, the primary first, and follows a vendor save', async () => {
    const initial = await call('GET', `${STRATEGIES}/public`);
    assert.deepEqual(initial.json(), methods(ALL_LOCAL));
    const saved = await call(
      'PUT',
      `${STRATEGIES}/vendor`,
      vendorAdmin,
      methods(['Code', 'EmailAndPassword'], true),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), methods(['Code', 'EmailAndPassword'], true));
    assert.deepEqual(
      (await call('GET', `${STRATEGIES}/public`)).json(),
      methods(['Code', 'EmailAndPassword'], true),
    );
    const policy = (await call('GET', `${CONFIG}/public`)).json();
    assert.equal(policy.authStrategy, 'Code', 'the public policy names the first method');
    assert.deepEqual(policy.secondaryStrategies, [{ strategy: 'Passkeys', isActive: true }]);
  });

  it('lets only a vendor administrator change the application-wide methods', async () => {
    const res = await call('PUT', `${STRATEGIES}/vendor`, admin, methods(['Code']));
    assert.equal(res.statusCode, 403);
    assert.deepEqual(errors(res), [
      'Only a vendor administrator can change the application-wide sign-in settings',
    ]);
    assert.equal((await call('PUT', `${STRATEGIES}/vendor`, undefined, methods(['Code']))).statusCode, 401);
  });

  it('an account narrows the methods for its members; the signed-in read shows the account, the public one the application', async () => {
    const saved = await call('PUT', STRATEGIES, admin, methods(['Code', 'EmailAndPassword']));
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), methods(['Code', 'EmailAndPassword']));
    assert.deepEqual((await call('GET', STRATEGIES, admin)).json(), methods(['Code', 'EmailAndPassword']));
    assert.deepEqual((await call('GET', `${STRATEGIES}/public`)).json(), methods(ALL_LOCAL));
    // Back to the application's.
    const reset = await call('DELETE', STRATEGIES, admin);
    assert.equal(reset.statusCode, 200);
    assert.deepEqual(reset.json(), methods(ALL_LOCAL));
  });

  it('validates: one method at least, NoLocalAuthentication alone and only with SSO, nothing the application has off', async () => {
    const cases: Array<[object, string]> = [
      [methods([]), 'Keep at least one sign-in method on.'],
      [
        methods(['NoLocalAuthentication', 'Code']),
        'NoLocalAuthentication cannot be combined with other sign-in methods.',
      ],
      [
        methods(['NoLocalAuthentication'], true),
        'Passkeys are a local sign-in method: turn them off with NoLocalAuthentication.',
      ],
      [
        methods(['NoLocalAuthentication']),
        'Set up SSO or a social login before turning local sign-in off: nobody could sign in.',
      ],
      [
        {
          mainAuthStrategies: [{ strategy: 'Code' }],
          secondaryAuthStrategies: [{ strategy: 'SmsCode', isActive: true }],
        },
        'Only the Passkeys secondary strategy can be turned on.',
      ],
      [methods(['Code'], true), 'This sign-in method is turned off for the whole application.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', STRATEGIES, admin, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.deepEqual(errors(res), [message]);
    }
    await call('PUT', `${STRATEGIES}/vendor`, vendorAdmin, methods(['EmailAndPassword', 'Code']));
    const off = await call('PUT', STRATEGIES, admin, methods(['MagicLink']));
    assert.deepEqual(errors(off), ['This sign-in method is turned off for the whole application.']);
    // Unknown strategies and fields: the schema.
    for (const body of [
      { mainAuthStrategies: [{ strategy: 'Carrier pigeon' }] },
      { ...methods(['Code']), x: 1 },
      {},
    ])
      assert.equal((await call('PUT', STRATEGIES, admin, body)).statusCode, 400, JSON.stringify(body));
  });

  it('NoLocalAuthentication: allowed once the account has SSO; then no local sign-in of its members', async () => {
    await server.db.query(
      `INSERT INTO sso_configurations (key, tenant_id, protocol, issuer, client_id, redirect_uris, domains)
       VALUES ('methods-sso', $1, 'oidc', 'https://idp.example.com', 'client', ARRAY['https://app.example.com/cb'], ARRAY['sso-methods.example.com'])`,
      [SEED_TENANT_ID],
    );
    try {
      const saved = await call('PUT', STRATEGIES, admin, methods(['NoLocalAuthentication']));
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json(), methods(['NoLocalAuthentication']));
      const res = await call('POST', LOGIN, undefined, ADMIN);
      assert.deepEqual(errors(res), ['Your account does not allow signing in with a password.']);
    } finally {
      await call('DELETE', STRATEGIES, admin);
      await server.db.query(`DELETE FROM sso_configurations WHERE key = 'methods-sso'`);
    }
  });

  it('needs fe.secure.write.securityPolicy to change the account methods, and audits the change', async () => {
    const viewer = await member('viewer');
    const token = (await login(server.app, viewer.email, PASSWORD)).accessToken;
    const res = await call('PUT', STRATEGIES, token, methods(['Code']));
    assert.equal(res.statusCode, 403);
    assert.equal((await call('DELETE', STRATEGIES, token)).statusCode, 403);
    await call('PUT', STRATEGIES, admin, methods(['EmailAndPassword', 'Code']));
    const { rows } = await server.db.query<{ action: string }>(
      `SELECT action FROM audits WHERE action = 'Sign-in methods changed' ORDER BY created_at DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.action, 'Sign-in methods changed');
  });
});

describe('sign-in methods: enforced by the server', () => {
  it('refuses password sign-in when the application has it off, before looking at the password', async () => {
    await call('PUT', `${STRATEGIES}/vendor`, vendorAdmin, methods(['Code']));
    const res = await call('POST', LOGIN, undefined, ADMIN);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(errors(res), ['Signing in with a password is turned off.']);
    const magic = await call('POST', PRE('magiclink'), undefined, { email: ADMIN.email });
    assert.deepEqual(errors(magic), ['Signing in with a magic link is turned off.']);
    assert.equal((await call('POST', PRE('code'), undefined, { email: ADMIN.email })).statusCode, 200);
    // A sign-up sets a password: refused too, and nobody is created.
    const email = `password-off-${Math.random().toString(36).slice(2, 8)}@methods.example.com`;
    const signUp = await call('POST', SIGN_UP, undefined, {
      email,
      password: PASSWORD,
      companyName: 'Off Co',
    });
    assert.equal(signUp.statusCode, 403);
    assert.deepEqual(errors(signUp), ['Signing in with a password is turned off.']);
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    assert.equal(rows.length, 0);
  });

  it("refuses an account's disabled method only after the right password: a wrong one answers as always", async () => {
    const user = await member('narrowed', ['Admin']);
    const token = (await login(server.app, user.email, PASSWORD)).accessToken;
    assert.equal((await call('PUT', STRATEGIES, token, methods(['Code']))).statusCode, 200);
    const wrong = await call('POST', LOGIN, undefined, { email: user.email, password: 'Wrong-passw0rd!' });
    assert.equal(wrong.statusCode, 401);
    const right = await call('POST', LOGIN, undefined, { email: user.email, password: PASSWORD });
    assert.equal(right.statusCode, 403);
    assert.deepEqual(errors(right), ['Your account does not allow signing in with a password.']);
    await call('DELETE', STRATEGIES, token);
    assert.equal(
      (await call('POST', LOGIN, undefined, { email: user.email, password: PASSWORD })).statusCode,
      200,
    );
  });

  it("refuses an account's disabled passwordless method after the code is proven", async () => {
    const user = await member('code-off', ['Admin']);
    const token = (await login(server.app, user.email, PASSWORD)).accessToken;
    await call('PUT', STRATEGIES, token, methods(['EmailAndPassword']));
    assert.equal((await call('POST', PRE('code'), undefined, { email: user.email })).statusCode, 200);
    const code = await latestCode(server.app, user.email);
    const res = await call('POST', POST_LOGIN('code'), undefined, { email: user.email, token: code });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(errors(res), ['Your account does not allow signing in with an emailed code.']);
  });

  it('refuses a passkey sign-in after the passkey is verified when the account has passkeys off', async () => {
    await call('PUT', `${STRATEGIES}/vendor`, vendorAdmin, methods(ALL_LOCAL, true));
    const user = await member('passkey-off', ['Admin']);
    const token = (await login(server.app, user.email, PASSWORD)).accessToken;
    const key = new SoftAuthenticator(new URL(ALLOWED_ORIGIN).hostname, ALLOWED_ORIGIN);
    const options = (await call('POST', `${API}/users/webauthn/v1/devices`, token, {})).json();
    const registration = key.register(options);
    const verified = await call('POST', `${API}/users/webauthn/v1/devices/verify`, token, {
      id: registration.id,
      response: { ...registration, rawId: registration.id, type: 'public-key', clientExtensionResults: {} },
      deviceType: 'platform',
    });
    assert.ok(verified.statusCode < 300, verified.body);
    const signInWithKey = async () => {
      const { challenge } = (
        await call('POST', `${API}/auth/v1/webauthn/prelogin`, undefined, { email: user.email })
      ).json();
      return call('POST', `${API}/auth/v2/webauthn/postlogin`, undefined, key.assert(challenge));
    };
    assert.equal((await signInWithKey()).statusCode, 200, 'passkeys on: signed in');
    await call('PUT', STRATEGIES, token, methods(ALL_LOCAL, false));
    const refused = await signInWithKey();
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(errors(refused), ['Your account does not allow signing in with a passkey.']);
  });

  it('refuses passkey sign-in when passkeys are off, and opens it when on', async () => {
    const pre = `${API}/auth/v1/webauthn/prelogin`;
    assert.equal((await call('POST', pre, undefined, {})).statusCode, 400);
    await call('PUT', `${STRATEGIES}/vendor`, vendorAdmin, methods(ALL_LOCAL, true));
    assert.equal((await call('POST', pre, undefined, {})).statusCode, 200);
  });
});

describe('captcha policy', () => {
  const enable = (extra: object = {}) =>
    call('PUT', `${CONFIG}/captcha-policy`, vendorAdmin, {
      enabled: true,
      siteKey: 'site-key-1',
      secretKey: 'secret-key-1',
      ...extra,
    });

  it('is off until saved; a vendor administrator saves it; the secret is sealed and never answered', async () => {
    assert.deepEqual((await call('GET', `${CONFIG}/captcha-policy/public`)).json(), { enabled: false });
    assert.equal(
      (await call('PUT', `${CONFIG}/captcha-policy`, admin, { enabled: false, siteKey: 'x' })).statusCode,
      403,
    );
    const noSecret = await call('PUT', `${CONFIG}/captcha-policy`, vendorAdmin, {
      enabled: true,
      siteKey: 's',
    });
    assert.deepEqual(errors(noSecret), [
      'A captcha policy needs a site key and a secret key to be turned on.',
    ]);
    const saved = await enable({ minScore: 0.5, ignoredEmails: ['Robot@Example.com'] });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().hasSecretKey, true);
    assert.equal(saved.body.includes('secret-key-1'), false);
    const publicAnswer = (await call('GET', `${CONFIG}/captcha-policy/public`)).json();
    assert.equal(publicAnswer.enabled, true);
    assert.equal(publicAnswer.siteKey, 'site-key-1');
    assert.equal(JSON.stringify(publicAnswer).includes('secret'), false);
    const { rows } = await server.db.query<{ secret_key_sealed: string }>(
      'SELECT secret_key_sealed FROM captcha_policy',
    );
    assert.ok(
      rows[0]!.secret_key_sealed.startsWith('v1.') && !rows[0]!.secret_key_sealed.includes('secret-key-1'),
    );
    // Saving again without a secret keeps the stored one.
    assert.equal(
      (await call('PUT', `${CONFIG}/captcha-policy`, vendorAdmin, { enabled: true, siteKey: 'site-key-2' }))
        .statusCode,
      200,
    );
  });

  it('sign-in: a missing, refused or low-scoring token is refused; a good one passes, sent to the verifier as reCAPTCHA expects', async () => {
    await enable();
    const missing = await call('POST', LOGIN, undefined, ADMIN);
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(errors(missing), ['Complete the captcha check.']);
    for (const token of ['bad', 'low']) {
      const res = await call('POST', LOGIN, undefined, { ...ADMIN, recaptchaToken: token });
      assert.equal(res.statusCode, 400, token);
      assert.deepEqual(errors(res), ['The captcha check failed. Try again.']);
    }
    const good = await call('POST', LOGIN, undefined, { ...ADMIN, recaptchaToken: 'good' });
    assert.equal(good.statusCode, 200, good.body);
    const last = verified.at(-1)!;
    assert.equal(last.secret, 'secret-key-1');
    assert.equal(last.response, 'good');
    assert.equal(last.remoteip, '127.0.0.1');
    assert.equal(last.contentType, 'application/x-www-form-urlencoded');
    const broken = await call('POST', LOGIN, undefined, { ...ADMIN, recaptchaToken: 'boom' });
    assert.equal(broken.statusCode, 503);
    assert.deepEqual(errors(broken), ['The captcha check is unavailable. Try again in a moment.']);
  });

  it('sign-up, password reset and passwordless pre-login need the token too', async () => {
    await enable();
    const email = `captcha-${Math.random().toString(36).slice(2, 8)}@methods.example.com`;
    const signUp = { email, password: PASSWORD, companyName: 'Captcha Co' };
    assert.deepEqual(errors(await call('POST', SIGN_UP, undefined, signUp)), ['Complete the captcha check.']);
    assert.equal(
      (await call('POST', SIGN_UP, undefined, { ...signUp, recaptchaToken: 'good' })).statusCode,
      200,
    );
    assert.deepEqual(errors(await call('POST', RESET, undefined, { email })), [
      'Complete the captcha check.',
    ]);
    assert.equal((await call('POST', RESET, undefined, { email, recaptchaToken: 'good' })).statusCode, 200);
    assert.deepEqual(errors(await call('POST', PRE('code'), undefined, { email })), [
      'Complete the captcha check.',
    ]);
    assert.equal(
      (await call('POST', PRE('code'), undefined, { email, recaptchaToken: 'good' })).statusCode,
      200,
    );
  });

  it('ignored emails skip the check; turned off, nothing is asked', async () => {
    await enable({ ignoredEmails: [ADMIN.email.toUpperCase()] });
    assert.equal((await call('POST', LOGIN, undefined, ADMIN)).statusCode, 200);
    await call('PUT', `${CONFIG}/captcha-policy`, vendorAdmin, { enabled: false, siteKey: 'site-key-1' });
    const other = await member('no-captcha');
    assert.equal(
      (await call('POST', LOGIN, undefined, { email: other.email, password: PASSWORD })).statusCode,
      200,
    );
  });
});
