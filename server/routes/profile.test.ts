import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ME, bearer, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const put = (token: string | undefined, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: ME,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe('PUT /users/v2/me', () => {
  it('updates name, phone and metadata, keeps email, roles and createdAt, and GET /me shows it', async () => {
    const { accessToken } = await login(server.app);
    const before = (await server.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).json();
    const res = await put(accessToken, {
      name: 'Ada Lovelace',
      phoneNumber: '+44 20 7946 0000',
      metadata: '{"address":"1 Main St","jobTitle":"CTO"}',
    });
    assert.equal(res.statusCode, 200);
    const after = (await server.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).json();
    assert.equal(after.name, 'Ada Lovelace');
    assert.equal(after.phoneNumber, '+44 20 7946 0000');
    assert.deepEqual(JSON.parse(after.metadata), { address: '1 Main St', jobTitle: 'CTO' });
    assert.equal(after.email, before.email);
    assert.equal(after.createdAt, before.createdAt);
    assert.deepEqual(after.roles, before.roles);
    assert.deepEqual(res.json(), after);
  });

  it('leaves unsent fields alone and clears the phone with null', async () => {
    const { accessToken } = await login(server.app);
    await put(accessToken, { phoneNumber: '+1 555 0100', name: 'Keep Me' });
    const res = await put(accessToken, { phoneNumber: null });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().phoneNumber, null);
    assert.equal(res.json().name, 'Keep Me');
  });

  it('needs a token', async () => {
    assert.equal((await put(undefined, { name: 'X' })).statusCode, 401);
  });

  const bad: Array<[string, unknown]> = [
    ['an empty body', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['an overlong name', { name: 'n'.repeat(101) }],
    ['letters in the phone', { phoneNumber: 'call me' }],
    ['metadata that is not an object', { metadata: '[1,2]' }],
    ['metadata that is not JSON', { metadata: '{oops' }],
    ['an email change', { email: 'other@example.com' }],
    ['a role change', { roleIds: ['x'] }],
  ];
  for (const [name, payload] of bad) {
    it(`refuses ${name} with 400 and an errors list`, async () => {
      const { accessToken } = await login(server.app);
      const res = await put(accessToken, payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(Array.isArray(res.json().errors) && res.json().errors.length > 0);
    });
  }
});
