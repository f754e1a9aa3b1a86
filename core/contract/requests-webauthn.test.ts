import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientRequestBody, requestErrors } from './checkRequest';
import { clientWebAuthnBody } from './requests-webauthn';

const response = { clientDataJSON: 'YQ', authenticatorData: 'Yg', signature: 'Yw' };

describe("clientWebAuthnBody: the client SDK's WebAuthn bodies in the contract's spelling", () => {
  it('no body is {}; the device types Platform / CrossPlatform are platform / cross-platform', () => {
    assert.deepEqual(clientWebAuthnBody(undefined, '/x'), {});
    assert.deepEqual(clientWebAuthnBody(null, '/x'), {});
    assert.deepEqual(clientWebAuthnBody({ deviceType: 'Platform' }, '/x'), { deviceType: 'platform' });
    assert.deepEqual(clientWebAuthnBody({ deviceType: 'CrossPlatform' }, '/x'), {
      deviceType: 'cross-platform',
    });
    assert.deepEqual(clientWebAuthnBody({ deviceType: 'Roaming' }, '/x'), { deviceType: 'Roaming' });
  });

  it('completes a credential sent as { id, response } (in options, or a passkey sign-in body), without changing what was sent', () => {
    const sent = { webauthnToken: 't', options: { id: 'abc', response } };
    assert.deepEqual(clientWebAuthnBody(sent, '/mfa/webauthn/enroll/verify'), {
      webauthnToken: 't',
      options: { id: 'abc', response, rawId: 'abc', type: 'public-key', clientExtensionResults: {} },
    });
    assert.deepEqual(sent, { webauthnToken: 't', options: { id: 'abc', response } });
    assert.deepEqual(clientWebAuthnBody({ id: 'abc', response }, '/auth/v1/webauthn/postlogin'), {
      id: 'abc',
      response,
      rawId: 'abc',
      type: 'public-key',
      clientExtensionResults: {},
    });
  });

  it('keeps the passkey device verification { id, response } as it is', () => {
    const body = { id: 'abc', response: { clientDataJSON: 'YQ', attestationObject: 'Yg' } };
    assert.deepEqual(clientWebAuthnBody(body, '/users/webauthn/v1/devices/verify'), body);
  });

  it('is the step the demo backend takes before it validates, as the server does', () => {
    const path = '/identity/resources/users/webauthn/v1/devices';
    assert.deepEqual(clientRequestBody('POST', path, { deviceType: 'Platform' }), { deviceType: 'platform' });
    assert.equal(requestErrors('POST', path, { body: { deviceType: 'platform' }, query: {} }), null);
    assert.deepEqual(requestErrors('POST', path, { body: { deviceType: 'Roaming' }, query: {} }), [
      'Device type is invalid',
    ]);
    // Other routes have no such step.
    const other = { email: 'a@b.co' };
    assert.equal(clientRequestBody('POST', '/identity/resources/auth/v1/user', other), other);
  });
});
