// The pure rules of passwordless sign-in (core/domain/passwordless.ts); the use cases run on both
// backends in test/contract/passwordless.contract.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertBodyTypeMatches,
  codeVerdict,
  MAX_CODE_ATTEMPTS,
  magicLinkUrl,
  passwordlessTypeOf,
} from './passwordless';

test('path types are the client SDK lower-case ones; anything else is no type', () => {
  assert.equal(passwordlessTypeOf('magiclink'), 'MagicLink');
  assert.equal(passwordlessTypeOf('smscode'), 'SmsCode');
  for (const other of ['Code', 'constructor', 'toString', '']) assert.equal(passwordlessTypeOf(other), null);
});

test("a body's type must name the path's type, in any case", () => {
  assertBodyTypeMatches('MagicLink', 'magiclink');
  assertBodyTypeMatches('MagicLink', undefined);
  assert.throws(() => assertBodyTypeMatches('Code', 'SmsCode'), { codes: ['PASSWORDLESS_TYPE_MISMATCH'] });
});

test('the magic link points at the application, with its token', () => {
  assert.equal(
    magicLinkUrl('https://app.example.com', 'a b'),
    'https://app.example.com/account/login/magic-link?token=a+b',
  );
  assert.equal(
    magicLinkUrl('https://app.example.com/base', 't'),
    'https://app.example.com/account/login/magic-link?token=t',
  );
});

test('a code: a match uses it; wrong guesses count and the last allowed one burns it', () => {
  assert.deepEqual(codeVerdict(true, 3), { result: 'ok', failures: 3, burn: true });
  assert.deepEqual(codeVerdict(false, 0), { result: 'wrong', failures: 1, burn: false });
  assert.deepEqual(codeVerdict(false, MAX_CODE_ATTEMPTS - 1), {
    result: 'expired',
    failures: MAX_CODE_ATTEMPTS,
    burn: true,
  });
});
