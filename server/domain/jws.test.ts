import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, it } from 'node:test';
import { SignJWT, jwtVerify } from 'jose';
import { signEs256, verifyEs256 } from './jws';

const ours = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const theirs = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const checks = { audience: 'auth-elements', clockTolerance: 5, requiredClaims: ['sub', 'exp', 'iat', 'sid'] };
const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'u1',
  sid: 's1',
  aud: 'auth-elements',
  iat: now(),
  exp: now() + 300,
  ...extra,
});
const keyFor =
  (key: KeyObject = ours.publicKey) =>
  async (kid: string | undefined) => {
    if (kid !== 'k1') throw new Error('unknown kid');
    return key;
  };
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const verified = (token: string) => verifyEs256(token, keyFor(), checks);

describe('ES256 compact JWTs (jws.ts)', () => {
  it('signs tokens that jose verifies, and verifies tokens that jose signs', async () => {
    const token = await signEs256({ kid: 'k1', typ: 'JWT' }, claims({ email: 'a@b.c' }), ours.privateKey);
    const { payload, protectedHeader } = await jwtVerify(token, ours.publicKey, {
      algorithms: ['ES256'],
      audience: 'auth-elements',
    });
    assert.equal(protectedHeader.alg, 'ES256');
    assert.equal(protectedHeader.kid, 'k1');
    assert.equal(payload.email, 'a@b.c');
    const byJose = await new SignJWT(claims({ name: 'Ada' }))
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(ours.privateKey);
    assert.equal((await verified(byJose))?.claims.name, 'Ada');
  });

  it('refuses another key, another algorithm, crit and b64 headers, and tampered parts', async () => {
    const good = await signEs256({ kid: 'k1' }, claims(), ours.privateKey);
    const [header, body, signature] = good.split('.') as [string, string, string];
    const cases: Record<string, string> = {
      'signed by another key': await signEs256({ kid: 'k1' }, claims(), theirs.privateKey),
      'alg none': `${b64({ alg: 'none', kid: 'k1' })}.${body}.`,
      'alg none with a signature': `${b64({ alg: 'none', kid: 'k1' })}.${body}.${signature}`,
      'alg HS256': `${b64({ alg: 'HS256', kid: 'k1' })}.${body}.${signature}`,
      crit: await signEs256({ kid: 'k1', crit: ['exp'] }, claims(), ours.privateKey),
      b64: await signEs256({ kid: 'k1', b64: false }, claims(), ours.privateKey),
      'claims changed': `${header}.${b64(claims({ sub: 'someone-else' }))}.${signature}`,
      'signature cut short': `${header}.${body}.${signature.slice(0, 40)}`,
      'padding added': `${header}.${body}.${signature}==`,
      'four parts': `${good}.${signature}`,
      // Signed, but its claims are a JSON array, not an object.
      'not JSON claims': await signEs256({ kid: 'k1' }, [1], ours.privateKey),
    };
    for (const [name, token] of Object.entries(cases)) assert.equal(await verified(token), null, name);
    assert.ok(await verified(good));
    const unknownKid = await signEs256({ kid: 'k2' }, claims(), ours.privateKey);
    await assert.rejects(() => verified(unknownKid), /unknown kid/);
  });

  it('checks audience, expiry, not-before, numeric dates and the required claims', async () => {
    const token = async (extra: Record<string, unknown>, drop?: string) => {
      const all: Record<string, unknown> = claims(extra);
      if (drop) delete all[drop];
      return await signEs256({ kid: 'k1' }, all, ours.privateKey);
    };
    const refused: Record<string, string> = {
      'other audience': await token({ aud: 'someone-else' }),
      'audience list without ours': await token({ aud: ['a', 'b'] }),
      'expired beyond the tolerance': await token({ exp: now() - 6 }),
      'not valid before 10 s from now': await token({ nbf: now() + 10 }),
      'iat a string': await token({ iat: String(now()) }),
      'exp a string': await token({ exp: String(now() + 300) }),
      'nbf a string': await token({ nbf: 'soon' }),
      'no sid': await token({}, 'sid'),
      'no sub': await token({}, 'sub'),
      'no iat': await token({}, 'iat'),
      'no exp': await token({}, 'exp'),
      'no aud': await token({}, 'aud'),
    };
    for (const [name, value] of Object.entries(refused)) assert.equal(await verified(value), null, name);
    const accepted: Record<string, string> = {
      'audience list with ours': await token({ aud: ['a', 'auth-elements'] }),
      'expired within the tolerance': await token({ exp: now() - 3 }),
      'valid from 3 s from now': await token({ nbf: now() + 3 }),
    };
    for (const [name, value] of Object.entries(accepted)) assert.ok(await verified(value), name);
  });
});
