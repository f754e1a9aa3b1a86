import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeAccessToken } from './jwt';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('decodes the claims of a JWT', () => {
  const token = `${b64url({ alg: 'ES256' })}.${b64url({ sub: 'u1', tenantId: 't1', exp: 10 })}.sig`;
  assert.deepEqual(decodeAccessToken(token), { sub: 'u1', tenantId: 't1', exp: 10 });
});

for (const malformed of [
  '',
  'abc',
  'a.b.c',
  `${b64url({})}.not-json.sig`,
  `${b64url({})}.${Buffer.from('"text"').toString('base64url')}.sig`,
]) {
  test(`a malformed token (${JSON.stringify(malformed)}) gives "Invalid token specified"`, () => {
    assert.throws(() => decodeAccessToken(malformed), { message: 'Invalid token specified' });
  });
}
