import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestErrors } from './checkRequest';
import { oidcSignInState } from './requests-sso-signin';

describe('OIDC and SAML sign-in requests', () => {
  it('the OIDC sign-in state is sent once, as RelayState (v2, the kit) or state (the client SDK v1)', () => {
    assert.equal(oidcSignInState({ RelayState: 'r' }), 'r');
    assert.equal(oidcSignInState({ state: 's' }), 's');
    assert.equal(oidcSignInState({}), null);
    assert.equal(oidcSignInState({ RelayState: 'r', state: 's' }), null);
  });

  it("SAML's post-login takes { code } or { SAMLResponse, RelayState }", () => {
    const path = '/identity/resources/auth/v1/user/saml/postlogin';
    assert.equal(requestErrors('POST', path, { body: { code: 'c' }, query: {} }), null);
    assert.equal(
      requestErrors('POST', path, { body: { SAMLResponse: 'x', RelayState: 'r' }, query: {} }),
      null,
    );
    assert.ok(requestErrors('POST', path, { body: { SAMLResponse: 'x' }, query: {} }));
  });
});
