import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PasswordHasher, scryptDerivation, type ScryptParams } from './passwords';

const hasher = new PasswordHasher({ N: 1024, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies the right password only', async () => {
    const stored = await hasher.hash('correct horse');
    assert.match(stored, /^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    assert.equal(await hasher.verify('correct horse', stored), true);
    assert.equal(await hasher.verify('correct horsE', stored), false);
    assert.equal(await hasher.verify('', stored), false);
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
    ]) {
      assert.equal(await hasher.verify('x', bad), false, bad);
    }
  });

  it('flags hashes made with other parameters for rehashing', async () => {
    const old = await new PasswordHasher({ N: 512, r: 8, p: 1 }).hash('pw');
    assert.equal(hasher.needsRehash(old), true);
    assert.equal(hasher.needsRehash(await hasher.hash('pw')), false);
    assert.equal(await hasher.verify('pw', old), true, 'old parameters still verify');
  });

  // The same work, counted rather than timed: a timing assertion would flake on a busy machine.
  // `npm run bench` prints the medians of both answers over HTTP.
  it('does the same scrypt work for an unknown user as for a real one (no email enumeration by timing)', async () => {
    const calls: Array<{ params: ScryptParams; keyLength: number; saltLength: number }> = [];
    const counting = new PasswordHasher(
      { N: 1024, r: 8, p: 1 },
      async (password, salt, params, keyLength) => {
        calls.push({ params, keyLength, saltLength: salt.length });
        return scryptDerivation(password, salt, params, keyLength);
      },
    );
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
