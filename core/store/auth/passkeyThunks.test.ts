import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WebAuthnError } from '@simplewebauthn/browser';
import { ceremonyMessage } from './passkeyThunks';

const texts = { cancelled: 'cancelled', unsupported: 'unsupported', wrongAddress: 'wrong address' };
const securityError = () => Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError' });

test('a relying party that does not fit the page is a setup mistake, not the device: the user is told so, the integrator why, once', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const wrongRpId = new WebAuthnError({
    message: 'The RP ID "127.0.0.1" is invalid for this domain',
    code: 'ERROR_INVALID_RP_ID',
    cause: securityError(),
  });
  const ipPage = new WebAuthnError({
    message: '127.0.0.1 is an invalid domain',
    code: 'ERROR_INVALID_DOMAIN',
    cause: securityError(),
  });
  assert.equal(ceremonyMessage(wrongRpId, texts), 'wrong address');
  assert.equal(ceremonyMessage(ipPage, texts), 'wrong address');
  assert.equal(warn.mock.callCount(), 1);
  const said = String(warn.mock.calls[0]!.arguments[0]);
  assert.match(said, /The RP ID "127\.0\.0\.1" is invalid for this domain/);
  assert.match(said, /WEBAUTHN_RP_ID/);
  // Another SecurityError (no relying-party code) is still "not possible here"; a cancel is a cancel.
  assert.equal(ceremonyMessage(securityError(), texts), 'unsupported');
  assert.equal(
    ceremonyMessage(Object.assign(new Error('x'), { name: 'NotAllowedError' }), texts),
    'cancelled',
  );
});
