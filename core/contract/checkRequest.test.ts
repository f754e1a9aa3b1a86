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
});
