import assert from 'node:assert/strict';
import {
  createHash,
  generateKeyPairSync,
  sign as nodeSign,
  verify as nodeVerify,
  webcrypto,
} from 'node:crypto';
import { describe, test } from 'node:test';
import {
  COSE_ES256,
  COSE_RS256,
  checkRegistration,
  derToRaw,
  keyAlgorithm,
  newChallenge,
  verifyAssertion,
  type AuthenticationJson,
} from './webauthn-crypto';
import { fromBase64Url, toBase64Url } from './base64url';

const RP_ID = 'demo.example';
const ORIGIN = 'https://demo.example';
const b64 = (bytes: Uint8Array) => toBase64Url(bytes);
const utf8 = (text: string) => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

function authenticatorData(counter: number, flags = 0x05, extra = new Uint8Array()) {
  const data = new Uint8Array(37 + extra.length);
  data.set(sha(utf8(RP_ID)), 0);
  data[32] = flags;
  new DataView(data.buffer).setUint32(33, counter);
  data.set(extra, 37);
  return data;
}

/** An authenticator in the test: a WebCrypto key pair, signing assertions as a real one does (DER for ES256). */
async function authenticator(algorithm: number) {
  const params =
    algorithm === COSE_ES256
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        };
  const pair = (await webcrypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', pair.publicKey));
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
  const credentialId = webcrypto.getRandomValues(new Uint8Array(16));
  return {
    credentialId,
    credential: { publicKey: b64(spki), algorithm, signCount: 0 },
    spki,
    assert(input: {
      challenge: string;
      origin?: string;
      type?: string;
      counter?: number;
      flags?: number;
    }): AuthenticationJson {
      const client = utf8(
        JSON.stringify({
          type: input.type ?? 'webauthn.get',
          challenge: input.challenge,
          origin: input.origin ?? ORIGIN,
          crossOrigin: false,
        }),
      );
      const data = authenticatorData(input.counter ?? 1, input.flags);
      const signed = Buffer.concat([data, sha(client)]);
      // node:crypto signs ECDSA in DER, as authenticators do.
      const signature = nodeSign('sha256', signed, {
        key: pkcs8,
        format: 'der',
        type: 'pkcs8',
        ...(algorithm === COSE_ES256 ? { dsaEncoding: 'der' as const } : {}),
      });
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: null,
        },
      };
    },
  };
}

const expected = (challenge: string) => ({
  rpId: RP_ID,
  origin: ORIGIN,
  userVerification: false,
  challenge: (c: string) => c === challenge,
});

describe('derToRaw', () => {
  test("turns node:crypto's DER ECDSA signatures into the IEEE P1363 (raw r||s) form that verifies", () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (let i = 0; i < 40; i += 1) {
      const message = utf8(`message ${i}`);
      const der = nodeSign('sha256', message, { key: privateKey, dsaEncoding: 'der' });
      const raw = derToRaw(der);
      assert.equal(raw.length, 64);
      assert.equal(nodeVerify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw), true);
      raw[63] = raw[63]! ^ 1;
      assert.equal(nodeVerify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw), false);
    }
  });

  test('pads short integers, strips the sign byte, and refuses malformed DER', () => {
    // r = 0x01 (short), s = 0x00 0x80.. (33 bytes with sign byte)
    const s = new Uint8Array(33);
    s[1] = 0x80;
    s[32] = 0x07;
    const der = new Uint8Array([0x30, 3 + 2 + 33, 0x02, 1, 0x01, 0x02, 33, ...s]);
    const raw = derToRaw(der);
    assert.equal(raw[31], 0x01);
    assert.deepEqual([...raw.subarray(0, 31)], new Array(31).fill(0));
    assert.equal(raw[32], 0x80);
    assert.equal(raw[63], 0x07);
    assert.throws(() => derToRaw(new Uint8Array([0x31, 0])));
    assert.throws(() => derToRaw(der.subarray(0, der.length - 1)));
    assert.throws(() => derToRaw(new Uint8Array([...der, 0])));
    assert.throws(() => derToRaw(new Uint8Array([0x30, 36, 0x02, 34, ...new Uint8Array(34).fill(1)])));
  });

  test('a DER signature converted to raw verifies with WebCrypto', async () => {
    const pair = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
    for (let i = 0; i < 20; i += 1) {
      const message = utf8(`message ${i}`);
      const der = nodeSign('sha256', message, {
        key: pkcs8,
        format: 'der',
        type: 'pkcs8',
        dsaEncoding: 'der',
      });
      assert.equal(
        await webcrypto.subtle.verify(
          { name: 'ECDSA', hash: 'SHA-256' },
          pair.publicKey,
          derToRaw(der),
          message,
        ),
        true,
      );
    }
  });
});

describe('verifyAssertion', () => {
  for (const algorithm of [COSE_ES256, COSE_RS256]) {
    test(`alg ${algorithm}: a good assertion is accepted and returns the new counter`, async () => {
      const key = await authenticator(algorithm);
      const challenge = newChallenge();
      assert.deepEqual(
        await verifyAssertion(key.assert({ challenge, counter: 3 }), key.credential, expected(challenge)),
        { signCount: 3 },
      );
    });

    test(`alg ${algorithm}: a stored key names its algorithm (a device keeps no algorithm beside it)`, async () => {
      const key = await authenticator(algorithm);
      assert.equal(keyAlgorithm(key.credential.publicKey), algorithm);
    });

    test(`alg ${algorithm}: a tampered signature, authenticator data or client data is refused`, async () => {
      const key = await authenticator(algorithm);
      const challenge = newChallenge();
      const good = key.assert({ challenge });
      const signature = fromBase64Url(good.response.signature);
      signature[signature.length - 3] = signature[signature.length - 3]! ^ 0x01;
      assert.equal(
        await verifyAssertion(
          { ...good, response: { ...good.response, signature: b64(signature) } },
          key.credential,
          expected(challenge),
        ),
        null,
      );
      const data = fromBase64Url(good.response.authenticatorData);
      data[36] = data[36]! ^ 0x01;
      assert.equal(
        await verifyAssertion(
          { ...good, response: { ...good.response, authenticatorData: b64(data) } },
          key.credential,
          expected(challenge),
        ),
        null,
      );
      const client = JSON.parse(new TextDecoder().decode(fromBase64Url(good.response.clientDataJSON)));
      const retyped = b64(utf8(JSON.stringify({ ...client, extra: 1 })));
      assert.equal(
        await verifyAssertion(
          { ...good, response: { ...good.response, clientDataJSON: retyped } },
          key.credential,
          expected(challenge),
        ),
        null,
      );
    });
  }

  test('another challenge, another origin, another type, another rp id or another key is refused', async () => {
    const key = await authenticator(COSE_ES256);
    const other = await authenticator(COSE_ES256);
    const challenge = newChallenge();
    assert.equal(
      await verifyAssertion(key.assert({ challenge: newChallenge() }), key.credential, expected(challenge)),
      null,
    );
    assert.equal(
      await verifyAssertion(
        key.assert({ challenge, origin: 'https://evil.example' }),
        key.credential,
        expected(challenge),
      ),
      null,
    );
    assert.equal(
      await verifyAssertion(
        key.assert({ challenge, type: 'webauthn.create' }),
        key.credential,
        expected(challenge),
      ),
      null,
    );
    assert.equal(
      await verifyAssertion(key.assert({ challenge }), key.credential, {
        ...expected(challenge),
        rpId: 'other.example',
      }),
      null,
    );
    assert.equal(
      await verifyAssertion(key.assert({ challenge }), other.credential, expected(challenge)),
      null,
    );
  });

  test('a counter that did not move forward, no user presence, or no verification when required is refused', async () => {
    const key = await authenticator(COSE_ES256);
    const challenge = newChallenge();
    assert.equal(
      await verifyAssertion(
        key.assert({ challenge, counter: 5 }),
        { ...key.credential, signCount: 5 },
        expected(challenge),
      ),
      null,
    );
    assert.equal(
      await verifyAssertion(key.assert({ challenge, flags: 0x04 }), key.credential, expected(challenge)),
      null,
    );
    assert.equal(
      await verifyAssertion(key.assert({ challenge, flags: 0x01 }), key.credential, {
        ...expected(challenge),
        userVerification: true,
      }),
      null,
    );
    assert.deepEqual(
      await verifyAssertion(key.assert({ challenge, flags: 0x05 }), key.credential, {
        ...expected(challenge),
        userVerification: true,
      }),
      { signCount: 1 },
    );
  });

  test('garbage never throws', async () => {
    const key = await authenticator(COSE_ES256);
    const bad = {
      id: 'x',
      rawId: 'x',
      type: 'public-key',
      response: { clientDataJSON: '!!', authenticatorData: '', signature: '' },
    };
    assert.equal(await verifyAssertion(bad, key.credential, expected('c')), null);
  });
});

describe('checkRegistration', () => {
  async function registration(challenge: string, origin = ORIGIN) {
    const key = await authenticator(COSE_ES256);
    const attested = new Uint8Array(16 + 2 + key.credentialId.length);
    attested[17] = key.credentialId.length;
    attested.set(key.credentialId, 18);
    const data = authenticatorData(0, 0x45, attested);
    const client = utf8(JSON.stringify({ type: 'webauthn.create', challenge, origin }));
    const id = b64(key.credentialId);
    return {
      key,
      json: {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          publicKey: b64(key.spki),
          publicKeyAlgorithm: COSE_ES256,
        },
      },
    };
  }

  test('a registration for the live challenge gives the credential; then its assertions verify', async () => {
    const challenge = newChallenge();
    const { key, json } = await registration(challenge);
    const stored = await checkRegistration(json, expected(challenge));
    assert.ok(stored);
    assert.equal(stored.credentialId, json.id);
    const next = newChallenge();
    assert.deepEqual(await verifyAssertion(key.assert({ challenge: next }), stored, expected(next)), {
      signCount: 1,
    });
  });

  test('another challenge or origin, a credential id that is not in the authenticator data, or an unknown algorithm is refused', async () => {
    const challenge = newChallenge();
    assert.equal(
      await checkRegistration((await registration(newChallenge())).json, expected(challenge)),
      null,
    );
    assert.equal(
      await checkRegistration(
        (await registration(challenge, 'https://evil.example')).json,
        expected(challenge),
      ),
      null,
    );
    const { json } = await registration(challenge);
    const otherId = b64(new Uint8Array(16).fill(9));
    assert.equal(
      await checkRegistration({ ...json, id: otherId, rawId: otherId }, expected(challenge)),
      null,
    );
    assert.equal(
      await checkRegistration(
        { ...json, response: { ...json.response, publicKeyAlgorithm: -8 } },
        expected(challenge),
      ),
      null,
    );
    assert.equal(
      await checkRegistration(
        { ...json, response: { ...json.response, publicKey: undefined } },
        expected(challenge),
      ),
      null,
    );
  });
});
