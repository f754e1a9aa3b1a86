import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verify as referenceVerify } from '@node-rs/argon2';
import { keyDerivation, PasswordHasher, type HashParams } from './passwords';

const FAST: HashParams = { algorithm: 'argon2id', m: 256, t: 1, p: 1 };
const hasher = new PasswordHasher(FAST);
const scryptHasher = new PasswordHasher({ N: 1024, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('stores an argon2id PHC string and verifies the right password only', async () => {
    const stored = await hasher.hash('correct horse');
    assert.match(stored, /^\$argon2id\$v=19\$m=256,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    assert.equal(await hasher.verify('correct horse', stored), true);
    assert.equal(await hasher.verify('correct horsE', stored), false);
    assert.equal(await hasher.verify('', stored), false);
    // The standard format: another argon2 implementation reads it.
    assert.equal(await referenceVerify(stored, 'correct horse'), true);
    assert.equal(await referenceVerify(stored, 'wrong'), false);
  });

  it('hashes with argon2id at OWASP minimum or stronger by default', async () => {
    const params = new PasswordHasher().params;
    assert.ok('algorithm' in params && params.algorithm === 'argon2id');
    if ('algorithm' in params) assert.ok(params.m >= 19456 && params.t >= 2 && params.p >= 1);
  });

  it('salts every hash', async () => {
    assert.notEqual(await hasher.hash('same'), await hasher.hash('same'));
  });

  it('treats a missing or corrupt stored hash as a mismatch, never an exception', async () => {
    assert.equal(await hasher.verify('x', null), false);
    for (const bad of [
      '',
      'plain',
      'scrypt$1$8$1$aaa$bbb',
      'scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$4194304$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'bcrypt$2$x$y$z$w',
      '$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=19$m=4,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=16$m=256,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2i$v=19$m=256,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=19$m=256,t=1,p=1$c2Fs$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHRzYWx0$!!',
    ]) {
      assert.equal(await hasher.verify('x', bad), false, bad);
    }
  });

  it('keeps scrypt hashes of earlier versions verifying, and flags them for rehashing', async () => {
    const old = await scryptHasher.hash('pw');
    assert.match(old, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await hasher.verify('pw', old), true, 'an scrypt hash still verifies');
    assert.equal(await hasher.verify('pX', old), false);
    assert.equal(hasher.needsRehash(old), true);
    assert.equal(hasher.needsRehash(await hasher.hash('pw')), false);
    const weaker = await new PasswordHasher({ algorithm: 'argon2id', m: 128, t: 1, p: 1 }).hash('pw');
    assert.equal(hasher.needsRehash(weaker), true, 'other argon2id parameters');
    assert.equal(await hasher.verify('pw', weaker), true, 'old parameters still verify');
  });

  // The same work, counted rather than timed: a timing assertion would flake on a busy machine.
  // `npm run bench` prints the medians of both answers over HTTP.
  it('does the same work for an unknown user as for a real one (no email enumeration by timing)', async () => {
    const calls: Array<{ params: HashParams; keyLength: number; saltLength: number }> = [];
    const counting = new PasswordHasher(FAST, async (password, salt, params, keyLength) => {
      calls.push({ params, keyLength, saltLength: salt.length });
      return keyDerivation(password, salt, params, keyLength);
    });
    const stored = await counting.hash('secret');
    await counting.warmUp();
    calls.length = 0;
    assert.equal(await counting.verify('wrong', stored), false);
    const known = calls.splice(0);
    for (const missing of [null, '', 'not-a-hash']) {
      assert.equal(await counting.verify('wrong', missing), false);
      assert.deepEqual(calls.splice(0), known, `stored ${JSON.stringify(missing)}`);
    }
    assert.equal(known.length, 1);
  });
});
