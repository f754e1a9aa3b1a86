import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { ContractError, errorText } from '../../core/contract/errors';
import { issueEntry } from '../../core/contract/validate';
import { installErrorHandlers } from './errors';

describe('error handler', () => {
  it('turns an unexpected error into a generic 500 without internal details', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    installErrorHandlers(app);
    app.get('/boom', async () => {
      throw Object.assign(
        new Error('duplicate key value violates unique constraint "users_email_lower_key"'),
        { code: '23505' },
      );
    });
    app.get('/teapot', async () => {
      throw new ContractError(418, [
        { code: 'USER_EXISTS' },
        { code: 'FIELD_REQUIRED', params: { field: 'Name' } },
      ]);
    });
    const res = await app.inject({
      method: 'GET',
      url: '/boom',
      headers: { authorization: 'Bearer secret-token' },
    });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { errors: ['Internal server error'], errorCodes: ['INTERNAL_ERROR'] });
    assert.equal(logged.length, 1, 'logged once');
    assert.match(logged[0]!, /unhandled error/);
    assert.doesNotMatch(logged[0]!, /secret-token/);

    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    assert.equal(teapot.statusCode, 418);
    assert.deepEqual(teapot.json(), {
      errors: ['User already exists', 'Name is required'],
      errorCodes: ['USER_EXISTS', 'FIELD_REQUIRED'],
    });
    await app.close();
  });

  it('maps a PostgreSQL data exception (input that slipped past a schema) to 400', async () => {
    const app = Fastify();
    installErrorHandlers(app);
    app.get('/nul', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    const res = await app.inject({ method: 'GET', url: '/nul' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { errors: ['Invalid input'], errorCodes: ['INVALID_INPUT'] });
    await app.close();
  });
});

describe('validation messages', () => {
  const issue = (keyword: string, instancePath: string, params: Record<string, unknown>) => {
    const entry = issueEntry({ keyword, instancePath, params }, 'body');
    return errorText(entry.code, entry.params);
  };
  it('reads like sentences and names the field', () => {
    assert.equal(issue('required', '', { missingProperty: 'companyName' }), 'Company name is required');
    assert.equal(issue('format', '/email', { format: 'email' }), 'Email must be a valid email address');
    assert.equal(issue('minLength', '/password', { limit: 1 }), 'Password must not be empty');
    assert.equal(issue('maxLength', '/name', { limit: 100 }), 'Name must be at most 100 characters');
    assert.equal(issue('type', '/password', { type: 'string' }), 'Password must be a string');
    assert.equal(issue('type', '/metadata', { type: 'object' }), 'Metadata must be an object');
    assert.equal(issue('type', '', { type: 'object' }), 'Request body must be a JSON object');
    assert.equal(
      issue('additionalProperties', '', { additionalProperty: 'x'.repeat(500) }),
      `Unknown field "${'x'.repeat(50)}"`,
    );
  });
});
