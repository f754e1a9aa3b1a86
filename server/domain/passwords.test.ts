import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PasswordHasher } from './passwords';

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
    for (const bad of ['', 'plain', 'scrypt$1$8$1$aaa$bbb', 'scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'scrypt$4194304$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'bcrypt$2$x$y$z$w']) {
      assert.equal(await hasher.verify('x', bad), false, bad);
    }
  });

  it('flags hashes made with other parameters for rehashing', async () => {
    const old = await new PasswordHasher({ N: 512, r: 8, p: 1 }).hash('pw');
    assert.equal(hasher.needsRehash(old), true);
    assert.equal(hasher.needsRehash(await hasher.hash('pw')), false);
    assert.equal(await hasher.verify('pw', old), true, 'old parameters still verify');
  });

  it('spends about as long on an unknown user as on a real one (no email enumeration by timing)', async () => {
    const slow = new PasswordHasher({ N: 2 ** 14, r: 8, p: 1 });
    const stored = await slow.hash('secret');
    await slow.warmUp();
    const time = async (fn: () => Promise<unknown>) => {
      const start = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known = Math.min(await time(() => slow.verify('wrong', stored)), await time(() => slow.verify('wrong', stored)));
    const unknown = Math.min(await time(() => slow.verify('wrong', null)), await time(() => slow.verify('wrong', null)));
    assert.ok(unknown > known * 0.5, `unknown ${unknown} ms vs known ${known} ms`);
  });
});
