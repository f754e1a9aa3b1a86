// The demo backend's WebAuthn and passkey calls, end to end in Node: an authenticator made of a
// WebCrypto key pair answers the demo's own options; the demo checks with WebCrypto.
import assert from 'node:assert/strict';
import { createHash, sign as nodeSign, webcrypto } from 'node:crypto';
import { before, test } from 'node:test';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { toBase64Url as b64 } from '../domain/base64url';
import { COSE_ES256 } from '../domain/webauthn-crypto';

const SITE = { hostname: 'demo.example', origin: 'https://demo.example' };
const utf8 = (text: string) => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const AUTH = '/identity/resources/auth';
const PASSKEYS = '/identity/resources/users/webauthn/v1/devices';
type Answer = { status: number; body: any };

before(() => {
  Object.defineProperty(globalThis, 'location', { value: SITE, configurable: true });
});

async function authenticator(userId: string) {
  const pair = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', pair.publicKey));
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
  const rawId = webcrypto.getRandomValues(new Uint8Array(16));
  const id = b64(rawId);
  let counter = 0;
  const data = (flags: number, extra = new Uint8Array()) => {
    const bytes = new Uint8Array(37 + extra.length);
    bytes.set(sha(utf8(SITE.hostname)), 0);
    bytes[32] = flags;
    new DataView(bytes.buffer).setUint32(33, counter);
    bytes.set(extra, 37);
    return bytes;
  };
  return {
    register(challenge: string) {
      const attested = new Uint8Array(18 + rawId.length);
      attested[17] = rawId.length;
      attested.set(rawId, 18);
      const client = utf8(JSON.stringify({ type: 'webauthn.create', challenge, origin: SITE.origin }));
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          attestationObject: 'AA',
          authenticatorData: b64(data(0x45, attested)),
          publicKey: b64(spki),
          publicKeyAlgorithm: COSE_ES256,
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(challenge: string) {
      counter += 1;
      const client = utf8(JSON.stringify({ type: 'webauthn.get', challenge, origin: SITE.origin }));
      const authData = data(0x05);
      const signature = nodeSign('sha256', Buffer.concat([authData, sha(client)]), {
        key: pkcs8,
        format: 'der',
        type: 'pkcs8',
        dsaEncoding: 'der',
      });
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: b64(utf8(userId)),
        },
        clientExtensionResults: {},
      };
    },
  };
}

test('passkeys in the demo: register from the signed-in session, sign in with it; replays, other challenges and unknown keys refused', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown> = {},
    token: string | null = null,
  ) => backend.handle(method, path, body, token) as Promise<Answer>;
  const signedIn = await call('POST', `${AUTH}/v1/user`, { ...DEMO_ADMIN });
  const token = signedIn.body.accessToken as string;
  assert.ok(token);

  const session = await call('POST', PASSKEYS, { deviceType: 'platform' }, token);
  assert.equal(session.status, 200);
  // The client SDK's answer: the creation options themselves.
  const options = session.body;
  assert.equal(options.rp.id, SITE.hostname);
  assert.equal(options.authenticatorSelection.residentKey, 'required');
  const userId = Buffer.from(options.user.id, 'base64url').toString('utf8');
  const key = await authenticator(userId);
  const registration = key.register(options.challenge);
  assert.equal(
    (
      await call('POST', `${PASSKEYS}/verify`, {
        id: registration.id,
        response: registration,
        deviceType: 'platform',
      })
    ).status,
    401,
  );
  // The client SDK's body: the credential id and the authenticator's response, no deviceType.
  const registered = await call(
    'POST',
    `${PASSKEYS}/verify`,
    { id: registration.id, response: registration.response },
    token,
  );
  assert.equal(registered.status, 200, JSON.stringify(registered.body));
  // The challenge was single use.
  const replay = await call(
    'POST',
    `${PASSKEYS}/verify`,
    { id: registration.id, response: registration, deviceType: 'platform' },
    token,
  );
  assert.deepEqual(replay, {
    status: 400,
    body: {
      errors: ['The passkey or security key could not be verified. Try again.'],
      errorCodes: ['MFA_WEBAUTHN_FAILED'],
    },
  });
  const listed = await call('GET', PASSKEYS, {}, token);
  assert.deepEqual(
    listed.body.devices.map((d: { id: string; name: string }) => [d.id, d.name]),
    [[registered.body.id, 'Passkey on this device']],
  );
  // A passkey is not a second factor.
  assert.deepEqual(
    (await call('GET', '/identity/resources/users/v1/mfa/devices', {}, token)).body.webauthn,
    [],
  );

  // Sign-in: an assertion for a challenge the demo never issued is refused; the issued one works once.
  const prelogin = await call('POST', `${AUTH}/v1/webauthn/prelogin`, {});
  assert.equal(prelogin.status, 200);
  assert.equal(
    (
      await call(
        'POST',
        `${AUTH}/v2/webauthn/postlogin`,
        key.assert(b64(webcrypto.getRandomValues(new Uint8Array(32)))),
      )
    ).status,
    400,
  );
  const assertion = key.assert(prelogin.body.challenge);
  const stranger = await authenticator(userId);
  const forged = { ...stranger.assert(prelogin.body.challenge), id: assertion.id, rawId: assertion.rawId };
  assert.equal((await call('POST', `${AUTH}/v2/webauthn/postlogin`, forged)).status, 400);
  // The forged response burnt that challenge: the good assertion for it is refused too; a fresh one signs in.
  assert.equal((await call('POST', `${AUTH}/v2/webauthn/postlogin`, assertion)).status, 400);
  const fresh = await call('POST', `${AUTH}/v1/webauthn/prelogin`, {});
  const good = key.assert(fresh.body.challenge);
  const passkeySignIn = await call('POST', `${AUTH}/v2/webauthn/postlogin`, good);
  assert.equal(passkeySignIn.status, 200, JSON.stringify(passkeySignIn.body));
  assert.ok(passkeySignIn.body.accessToken);
  assert.equal(passkeySignIn.body.mfaRequired, false);
  assert.equal((await call('POST', `${AUTH}/v2/webauthn/postlogin`, good)).status, 400);

  // As on the server: no passkey sign-in into an account that has passkeys off.
  const STRATEGIES = '/identity/resources/configurations/v1/auth/strategies';
  const passkeysOff = {
    mainAuthStrategies: [{ strategy: 'EmailAndPassword' }],
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: false }],
  };
  assert.equal((await call('PUT', STRATEGIES, passkeysOff, passkeySignIn.body.accessToken)).status, 200);
  const off = await call('POST', `${AUTH}/v1/webauthn/prelogin`, {});
  const refused = await call('POST', `${AUTH}/v2/webauthn/postlogin`, key.assert(off.body.challenge));
  assert.deepEqual(refused.body.errorCodes, ['SIGN_IN_METHOD_OFF_FOR_ACCOUNT']);
  assert.equal((await call('DELETE', STRATEGIES, {}, passkeySignIn.body.accessToken)).status, 200);

  // Deleted, it signs in no more.
  assert.equal(
    (await call('DELETE', `${PASSKEYS}/${registered.body.id}`, {}, passkeySignIn.body.accessToken)).status,
    200,
  );
  const after = await call('POST', `${AUTH}/v1/webauthn/prelogin`, {});
  assert.equal(
    (await call('POST', `${AUTH}/v2/webauthn/postlogin`, key.assert(after.body.challenge))).status,
    400,
  );
});

test('WebAuthn second factor in the demo: the webauthnToken must be the challenge answered; enrolment then sign-in', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown> = {},
    token: string | null = null,
  ) => backend.handle(method, path, body, token) as Promise<Answer>;
  const token = (await call('POST', `${AUTH}/v1/user`, { ...DEMO_ADMIN })).body.accessToken as string;
  const first = await call(
    'POST',
    '/identity/resources/users/v1/mfa/webauthn/enroll',
    { deviceType: 'cross-platform' },
    token,
  );
  const second = await call(
    'POST',
    '/identity/resources/users/v1/mfa/webauthn/enroll',
    { deviceType: 'cross-platform' },
    token,
  );
  const userId = Buffer.from(first.body.options.user.id, 'base64url').toString('utf8');
  const key = await authenticator(userId);
  const swapped = await call(
    'POST',
    '/identity/resources/users/v1/mfa/webauthn/enroll/verify',
    {
      webauthnToken: second.body.webauthnToken,
      deviceType: 'cross-platform',
      options: key.register(first.body.options.challenge),
    },
    token,
  );
  assert.equal(swapped.status, 400);
  assert.deepEqual(
    (await call('GET', '/identity/resources/users/v1/mfa/devices', {}, token)).body.webauthn,
    [],
  );
  const enrolled = await call(
    'POST',
    '/identity/resources/users/v1/mfa/webauthn/enroll/verify',
    {
      webauthnToken: second.body.webauthnToken,
      deviceType: 'cross-platform',
      options: key.register(second.body.options.challenge),
    },
    token,
  );
  assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
  assert.match(enrolled.body.recoveryCode, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

  const login = await call('POST', `${AUTH}/v1/user`, { ...DEMO_ADMIN });
  assert.equal(login.body.mfaRequired, true);
  const device = login.body.mfaDevices.webauthn[0];
  assert.equal(device.deviceType, 'CrossPlatform', "the client SDK's WebAuthnDeviceType");
  const mfaToken = login.body.mfaToken;
  const pre = await call('POST', `${AUTH}/v1/user/mfa/webauthn/${device.id}`, { mfaToken });
  assert.deepEqual(
    pre.body.options.allowCredentials.map((c: { id: string }) => c.id),
    [key.register('x').id],
  );
  const done = await call('POST', `${AUTH}/v1/user/mfa/webauthn/${device.id}/verify`, {
    mfaToken,
    webauthnToken: pre.body.webauthnToken,
    options: key.assert(pre.body.webauthnToken),
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.ok(done.body.accessToken);
});
