import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  SignJWT,
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
} from 'jose';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { REFRESH_REUSE_GRACE_SECONDS } from '../domain/sessions';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import {
  ADMIN,
  ALLOWED_ORIGIN,
  API,
  LOGIN,
  LOGOUT,
  ME,
  bearer,
  login,
  refresh,
  refreshCookieLine,
  refreshCookieOf,
  startTestServer,
} from '../../test/support/server';

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('POST /auth/v1/user (sign-in)', () => {
  it('answers an AuthResponse and sets the refresh token only as an httpOnly cookie', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'expires', 'expiresIn', 'mfaRequired']);
    assert.equal(body.expiresIn, 300);
    assert.equal(body.mfaRequired, false);
    assert.ok(Math.abs(Date.parse(body.expires) - (Date.now() + 300_000)) < 10_000);
    const line = refreshCookieLine(res)!;
    assert.match(line, /^ae_refresh=[A-Za-z0-9_-]{43};/);
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; Path=\/frontegg\/identity\/resources\/auth/);
    assert.match(line, /; SameSite=Lax/);
    assert.match(line, /; Max-Age=2592000/);
    assert.doesNotMatch(line, /Secure/);
    assert.ok(!res.body.includes(refreshCookieOf(res)!), 'the refresh token is not in the body');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('replaces an scrypt hash of an earlier version with argon2id at the first successful sign-in', async () => {
    const email = 'scrypt-era@example.com';
    const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const old = await new PasswordHasher({ N: 1024, r: 8, p: 1 }).hash('Old-era-passw0rd!');
    const user = await insertUser(server.db, {
      vendorId,
      email,
      name: 'Old era',
      passwordHash: old,
      verified: true,
    });
    await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys: [] });
    const stored = async () =>
      (await server.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [user.id]))
        .rows[0]!.h;
    const wrong = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: 'Not-it-1!' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(await stored(), old, 'a wrong password changes nothing');
    const first = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: 'Old-era-passw0rd!' },
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.match(await stored(), /^\$argon2id\$v=19\$/);
    const again = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: 'Old-era-passw0rd!' },
    });
    assert.equal(again.statusCode, 200);
    const history = await server.db.query('SELECT 1 FROM password_history WHERE user_id = $1', [user.id]);
    assert.equal(history.rows.length, 0, 'a rehash is not a new password');
  });

  // Counted rather than timed (a timing assertion would flake on a busy machine): a refused sign-in
  // runs the same statements for a registered email as for an unknown one, besides the one hash.
  // `npm run bench` prints the medians of both over HTTP.
  it('runs the same database statements for a wrong password as for an unknown email', async () => {
    const db = server.db as { query: (sql: string, params?: unknown[]) => Promise<unknown> };
    const original = db.query.bind(db);
    let seen: string[] | null = null;
    db.query = (sql, params) => {
      seen?.push(sql.replace(/\s+/g, ' ').trim());
      return original(sql, params);
    };
    const statementsOf = async (email: string) => {
      await original('DELETE FROM attempt_counters');
      seen = [];
      const res = await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email, password: 'Not-it-1!' },
      });
      assert.equal(res.statusCode, 401);
      const list = seen;
      seen = null;
      return list;
    };
    try {
      await statementsOf('warm-up@nowhere.example');
      const registered = await statementsOf(ADMIN.email);
      const unknown = await statementsOf('nobody-here@nowhere.example');
      assert.ok(registered.length > 5);
      assert.deepEqual(unknown, registered);
    } finally {
      db.query = original;
    }
  });

  it('matches the email case-insensitively', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'ADMIN@Example.COM', password: ADMIN.password },
    });
    assert.equal(res.statusCode, 200);
  });

  it('answers 401 with the same message for a wrong password and an unknown email, and sets no cookie', async () => {
    for (const payload of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: ADMIN.password },
    ]) {
      const res = await server.app.inject({ method: 'POST', url: LOGIN, payload });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), {
        errors: ['Incorrect email or password'],
        errorCodes: ['CREDENTIALS_INCORRECT'],
      });
      assert.equal(refreshCookieOf(res), undefined);
    }
  });

  it('refuses a sign-in posted from a page on a foreign origin (CSRF), accepts allow-listed and same origins', async () => {
    const from = (origin: string) =>
      server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: ADMIN,
        headers: { origin, host: 'api.test:8080' },
      });
    const foreign = await from('http://evil.test');
    assert.equal(foreign.statusCode, 403);
    assert.deepEqual(foreign.json(), { errors: ['Origin not allowed'], errorCodes: ['ORIGIN_NOT_ALLOWED'] });
    assert.equal((await from(ALLOWED_ORIGIN)).statusCode, 200);
    assert.equal((await from('http://api.test:8080')).statusCode, 200);
  });
});

describe('POST /auth/v1/user/token/refresh', () => {
  it('rotates the refresh token; the old one stops working at once', async () => {
    const { cookie } = await login(server.app);
    const first = await refresh(server.app, cookie);
    assert.equal(first.statusCode, 200);
    assert.ok(first.json().accessToken);
    const rotated = refreshCookieOf(first)!;
    assert.match(rotated, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(rotated, cookie);

    await ageRotations(server.db);
    const again = await refresh(server.app, cookie);
    assert.equal(again.statusCode, 401);
    assert.deepEqual(again.json(), {
      errors: ['Session expired, please sign in again'],
      errorCodes: ['SESSION_EXPIRED'],
    });
    assert.equal(refreshCookieOf(again), '', 'the useless cookie is cleared');
  });

  it('detects reuse: presenting a rotated token revokes the whole session', async () => {
    const { cookie: stolen } = await login(server.app);
    const legit = refreshCookieOf(await refresh(server.app, stolen))!;
    await ageRotations(server.db);
    assert.equal((await refresh(server.app, stolen)).statusCode, 401, 'replayed token refused');
    const afterReuse = await refresh(server.app, legit);
    assert.equal(afterReuse.statusCode, 401, 'the current token of that session is dead too');
    const { rows } = await server.db.query<{ revoked_reason: string }>(
      `SELECT s.revoked_reason FROM sessions s JOIN rotated_refresh_tokens r ON r.session_id = s.id
        WHERE r.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [stolen],
    );
    assert.equal(rows[0]?.revoked_reason, 'refresh_token_reuse');
  });

  it('refuses a missing, malformed or unknown cookie with 401', async () => {
    for (const cookie of [undefined, '', 'garbage', '%%%', 'A'.repeat(43), 'x'.repeat(5000)]) {
      const res = await refresh(server.app, cookie);
      assert.equal(res.statusCode, 401, String(cookie));
      assert.deepEqual(res.json(), {
        errors: ['Session expired, please sign in again'],
        errorCodes: ['SESSION_EXPIRED'],
      });
    }
  });

  it('refuses an expired session', async () => {
    const { cookie } = await login(server.app);
    await server.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE refresh_token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [cookie],
    );
    assert.equal((await refresh(server.app, cookie)).statusCode, 401);
  });

  it('two tabs refreshing with one cookie at the same moment: both get an access token, one new cookie, the session lives', async () => {
    const { cookie } = await login(server.app);
    const results = await Promise.all([refresh(server.app, cookie), refresh(server.app, cookie)]);
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [200, 200],
    );
    assert.ok(results.every((r) => typeof r.json().accessToken === 'string'));
    const newCookies = results.map(refreshCookieOf).filter(Boolean);
    assert.equal(newCookies.length, 1, 'only the winner rotates the cookie');
    assert.equal((await refresh(server.app, newCookies[0]!)).statusCode, 200, 'the session was not revoked');
  });

  it('the grace covers only the latest rotation: an older rotated token is reuse even within the window', async () => {
    const { cookie: first } = await login(server.app);
    const second = refreshCookieOf(await refresh(server.app, first))!;
    const third = refreshCookieOf(await refresh(server.app, second))!;
    assert.equal((await refresh(server.app, first)).statusCode, 401);
    assert.equal((await refresh(server.app, third)).statusCode, 401, 'reuse revoked the session');
  });
});

/** Moves every rotation past the reuse grace window (time passing, without waiting). */
async function ageRotations(db: { query: (sql: string) => Promise<unknown> }) {
  await db.query(
    `UPDATE rotated_refresh_tokens SET rotated_at = rotated_at - interval '${REFRESH_REUSE_GRACE_SECONDS + 1} seconds'`,
  );
}

describe('POST /auth/v1/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const { cookie, accessToken } = await login(server.app);
    const res = await server.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie: `ae_refresh=${cookie}`, 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
    assert.equal(refreshCookieOf(res), '');
    assert.match(refreshCookieLine(res)!, /Path=\/frontegg\/identity\/resources\/auth/);
    assert.equal((await refresh(server.app, cookie)).statusCode, 401);
    // The server checks the token's session on every call: a signed-out session's token is dead.
    assert.equal(
      (await server.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).statusCode,
      401,
    );
  });

  it('answers 200 {} without a session too', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGOUT });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
  });
});

describe('access tokens', () => {
  async function signingKey() {
    const { rows } = await server.db.query<{ kid: string; private_jwk: JWK }>(
      'SELECT kid, private_jwk FROM signing_keys',
    );
    const row = rows[0]!;
    return { kid: row.kid, key: await importJWK(row.private_jwk, 'ES256') };
  }

  async function tokenWith(
    claims: Record<string, unknown>,
    options: {
      iss?: string;
      aud?: string;
      exp?: number;
      iat?: number;
      nbf?: number;
      kid?: string;
      key?: CryptoKey | Uint8Array;
    } = {},
  ) {
    const real = await signingKey();
    const now = Math.floor(Date.now() / 1000);
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      ADMIN.email,
    ]);
    // A live session: the server checks the token's session on every call.
    const sid = decodeJwt((await login(server.app)).accessToken).sid;
    const jwt = new SignJWT({
      email: ADMIN.email,
      type: 'userToken',
      sid,
      tenantId: null,
      tenantIds: [],
      roles: [],
      permissions: [],
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? real.kid })
      .setSubject(rows[0]!.id)
      .setIssuer(options.iss ?? 'http://issuer.test')
      .setAudience(options.aud ?? 'auth-elements')
      .setIssuedAt(options.iat ?? now - 600)
      .setExpirationTime(options.exp ?? now + 300);
    if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
    return jwt.sign(options.key ?? real.key);
  }

  it('verifies against the published JWKS (root and prefixed) and carries the contract claims', async () => {
    const { accessToken } = await login(server.app);
    const jwks = (await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const prefixed = (
      await server.app.inject({ method: 'GET', url: '/frontegg/.well-known/jwks.json' })
    ).json();
    assert.deepEqual(prefixed, jwks);
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0].d, undefined, 'no private part published');

    const { payload, protectedHeader } = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
      issuer: 'http://issuer.test',
      audience: 'auth-elements',
      algorithms: ['ES256'],
    });
    assert.equal(protectedHeader.kid, jwks.keys[0].kid);
    assert.equal(payload.email, ADMIN.email);
    assert.equal(payload.name, 'Ada Admin');
    assert.equal(payload.type, 'userToken');
    assert.deepEqual(payload.roles, ['Admin']);
    assert.deepEqual(payload.permissions, ['fe.*']);
    assert.equal(typeof payload.tenantId, 'string');
    assert.deepEqual(payload.tenantIds, [payload.tenantId]);
    assert.equal(typeof payload.sid, 'string');
    assert.equal(payload.exp! - payload.iat!, 300);
  });

  it('accepts a token signed with the stored key (sanity check of the helper)', async () => {
    const res = await server.app.inject({ method: 'GET', url: ME, headers: bearer(await tokenWith({})) });
    assert.equal(res.statusCode, 200);
  });

  it('a caller of no account: a shared handler that needs the account refuses (403 NO_ACCOUNT), one that does not serves', async () => {
    const token = await tokenWith({});
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const methods = await call('GET', `${API}/configurations/v1/auth/strategies`);
    assert.deepEqual([methods.statusCode, methods.json().errorCodes], [403, ['NO_ACCOUNT']]);
    const sessions = await call('GET', `${API}/users/sessions/v1/me`);
    assert.equal(sessions.statusCode, 200);
  });

  it('refuses expired, forged, wrong-issuer, wrong-audience, wrong-type and unsigned tokens with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = await generateKeyPair('ES256');
    const otherJwk = await exportJWK(other.publicKey);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', type: 'userToken', exp: now + 300 })).toString('base64url')}.`;
    const cases: Record<string, string> = {
      expired: await tokenWith({}, { exp: now - 60 }),
      forged: await tokenWith({}, { key: other.privateKey }),
      'forged with unknown kid': await tokenWith({}, { key: other.privateKey, kid: otherJwk.x! }),
      'wrong issuer': await tokenWith({}, { iss: 'http://evil.test' }),
      'wrong audience': await tokenWith({}, { aud: 'someone-else' }),
      'wrong type': await tokenWith({ type: 'tenantApiToken' }),
      unsigned,
      'issued a day from now': await tokenWith({}, { iat: now + 86_400, exp: now + 86_400 + 300 }),
      'issued two minutes from now': await tokenWith({}, { iat: now + 120 }),
      'not valid before a minute from now': await tokenWith({}, { nbf: now + 60 }),
      'expired ten seconds ago': await tokenWith({}, { exp: now - 10 }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await server.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
      assert.equal(res.statusCode, 401, name);
      assert.ok(Array.isArray(res.json().errors) && res.json().errors.length > 0, name);
    }
  });

  it('tolerates small clock differences: iat up to a minute ahead, nbf and exp within seconds', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [name, token] of Object.entries({
      'issued 30 s from now': await tokenWith({}, { iat: now + 30 }),
      'valid from 2 s from now': await tokenWith({}, { nbf: now + 2 }),
      'valid from now': await tokenWith({}, { nbf: now }),
    })) {
      const res = await server.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
      assert.equal(res.statusCode, 200, name);
    }
  });

  it('refuses missing and malformed authorization headers with 401', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46cHc=',
      'Bearer a.b.c',
      'Bearer ' + 'a'.repeat(9000),
      'Bearer x.y',
    ]) {
      const res = await server.app.inject({
        method: 'GET',
        url: ME,
        headers: authorization === undefined ? {} : { authorization },
      });
      assert.equal(res.statusCode, 401, String(authorization).slice(0, 30));
      assert.ok(res.json().errors.length > 0);
    }
  });
});

describe('POST /auth/v2/user/sso/prelogin', () => {
  const url = `${API}/auth/v2/user/sso/prelogin`;

  it('answers 404 with errors when the email domain has no SSO', async () => {
    const res = await server.app.inject({ method: 'POST', url, payload: { email: 'someone@nosso.test' } });
    assert.equal(res.statusCode, 404);
    assert.ok(res.json().errors.length > 0);
  });

  it('answers address and idpType for a configured domain', async () => {
    await server.db.query(
      `INSERT INTO sso_domains (domain, address, idp_type) VALUES ('sso.test', 'https://idp.sso.test/saml', 'saml')`,
    );
    const res = await server.app.inject({
      method: 'POST',
      url,
      payload: { email: 'Someone@SSO.test', tenantId: 'x' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { address: 'https://idp.sso.test/saml', idpType: 'saml' });
  });
});
