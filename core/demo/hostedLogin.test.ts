// Hosted login's token endpoint in demo mode answers an unknown grant as the server does
// (server/routes/oauth.test.ts "an unknown grant_type").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend } from './backend';
import { createMemoryStorage } from '../test-support/memoryStorage';

test('demo mode: an unknown grant_type is unsupported_grant_type naming both grants', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const answer = await backend.handle(
    'POST',
    '/oauth/token',
    { grant_type: 'password', client_id: 'rp' },
    null,
  );
  assert.deepEqual(answer, {
    status: 400,
    body: {
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be authorization_code or refresh_token',
      errors: ['grant_type must be authorization_code or refresh_token'],
      errorCodes: ['FIELD_TYPE'],
    },
  });
});
