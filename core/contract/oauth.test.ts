// The token endpoint's refusal of an unknown grant, written once for the server and the demo.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorBody } from './errors';
import { OAUTH_GRANT_TYPES, unsupportedGrantType } from './oauth';

describe('hosted login: the grants of the token endpoint', () => {
  it('names both grants in the refusal of any other, with the FIELD_TYPE code and status 400', () => {
    assert.deepEqual([...OAUTH_GRANT_TYPES], ['authorization_code', 'refresh_token']);
    const refusal = unsupportedGrantType();
    assert.equal(refusal.statusCode, 400);
    assert.deepEqual(errorBody(refusal), {
      errors: ['grant_type must be authorization_code or refresh_token'],
      errorCodes: ['FIELD_TYPE'],
    });
  });
});
