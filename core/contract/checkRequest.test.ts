import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestErrors, requestSchemaOf } from './checkRequest';

describe('checking a request against the contract', () => {
  it('finds the schema of a path with parameters', () => {
    assert.ok(requestSchemaOf('post', '/identity/resources/auth/v1/passwordless/code/prelogin')?.body);
    assert.equal(requestSchemaOf('GET', '/identity/resources/auth/v1/passwordless/code/prelogin'), undefined);
    assert.equal(
      requestSchemaOf('POST', '/identity/resources/auth/v1/passwordless/code/x/prelogin'),
      undefined,
    );
  });

  it('answers the server messages for the body, then the query', () => {
    assert.deepEqual(requestErrors('POST', '/identity/resources/auth/v1/user', { body: {}, query: {} }), [
      'Email is required',
    ]);
    assert.deepEqual(
      requestErrors('POST', '/identity/resources/auth/v1/user', {
        body: { email: 'a@b.co', password: 'x', remember: true },
        query: {},
      }),
      ['Unknown field "remember"'],
    );
    assert.deepEqual(
      requestErrors('GET', '/identity/resources/users/v2', { body: {}, query: { _limit: 'many' } }),
      ['_limit has an invalid format'],
    );
    assert.deepEqual(
      requestErrors('GET', '/identity/resources/users/v2', { body: {}, query: { nope: '1' } }),
      ['Unknown field "nope"'],
    );
  });

  it('lets through what passes, and what has no schema', () => {
    assert.equal(
      requestErrors('GET', '/identity/resources/users/v2', { body: {}, query: { _limit: '5' } }),
      null,
    );
    assert.equal(requestErrors('GET', '/flags', { body: {}, query: { anything: 'x' } }), null);
  });

  it('takes a fixed segment over a parameter, as the server routes', () => {
    // `.../authenticator/enroll/verify` { mfaToken, token }, not `.../authenticator/:deviceId/verify` { mfaToken, value }.
    const body = { mfaToken: 't', token: '123456' };
    const path = '/identity/resources/auth/v1/user/mfa/authenticator/enroll/verify';
    assert.equal(requestErrors('POST', path, { body, query: {} }), null);
    assert.deepEqual(
      requestErrors('POST', '/identity/resources/auth/v1/user/mfa/authenticator/d1/verify', {
        body,
        query: {},
      }),
      ['Value is required'],
    );
  });

  it('leaves a route listed without a schema to the route, though a parameter route would match', () => {
    // `.../mfa/webauthn/enroll` validates its own body, not as `.../mfa/webauthn/:deviceId` { mfaToken }.
    const path = '/identity/resources/auth/v1/user/mfa/webauthn/enroll';
    assert.equal(
      requestErrors('POST', path, { body: { mfaToken: 't', deviceType: 'platform' }, query: {} }),
      null,
    );
  });
});
