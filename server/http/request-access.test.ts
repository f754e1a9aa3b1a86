// The two routes whose access depends on the request, checked by the route table from their
// descriptors (core/contract/routes): the invitation resend is public without a bearer and with
// { email } (`publicWith`), gated otherwise; GET /metadata is for any signed-in caller, its SAML
// entity for SSO readers (`byQuery`). Each answer is the one the routes gave when they checked
// their callers themselves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, FAST_HASHING, bearer, login, startTestServer } from '../../test/support/server';

const RESEND = `${API}/users/v1/invitation/reset`;
const METADATA = '/frontegg/metadata';
const PASSWORD = 'Request-access-2026';
const refusal = (permission: string) => ({
  errors: [`You need the ${permission} permission to do this`],
  errorCodes: ['PERMISSION_REQUIRED'],
});
const MISSING = { errors: ['Missing bearer token'], errorCodes: ['BEARER_MISSING'] };

let server: BuiltServer;
let admin: string;
let viewer: string;
let invitedId: string;

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await server.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

before(async () => {
  server = await startTestServer({ devOutbox: true });
  admin = (await login(server.app)).accessToken;
  const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const passwordHash = await new PasswordHasher(FAST_HASHING).hash(PASSWORD);
  const email = 'request-access-viewer@example.com';
  const user = await insertUser(server.db, { vendorId, email, name: 'Viewer', passwordHash, verified: true });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys: [] });
  viewer = (await login(server.app, email, PASSWORD)).accessToken;
  const invited = await call('POST', `${API}/users/v2`, admin, {
    email: 'request-access-invited@example.com',
    skipInviteEmail: true,
  });
  invitedId = invited.body.id as string;
});
after(async () => {
  await server?.close();
});

describe('access that depends on the request', () => {
  it('POST …/invitation/reset: public with { email } and no bearer; otherwise fe.secure.write.users', async () => {
    assert.deepEqual(await call('POST', RESEND, undefined, { email: 'nobody@example.com' }), {
      status: 200,
      body: {},
    });
    assert.deepEqual(await call('POST', RESEND, undefined, { userId: invitedId }), {
      status: 401,
      body: MISSING,
    });
    assert.deepEqual(await call('POST', RESEND, viewer, { userId: invitedId }), {
      status: 403,
      body: refusal('fe.secure.write.users'),
    });
    // With a bearer, { email } is the admin's resend, gated too.
    assert.deepEqual(await call('POST', RESEND, viewer, { email: 'request-access-invited@example.com' }), {
      status: 403,
      body: refusal('fe.secure.write.users'),
    });
    assert.deepEqual(await call('POST', RESEND, admin, { userId: invitedId }), { status: 200, body: {} });
  });

  it('GET /metadata: any signed-in caller; its SAML entity needs fe.secure.read.samlConfiguration', async () => {
    assert.deepEqual(await call('GET', `${METADATA}?entityName=saml`), { status: 401, body: MISSING });
    assert.deepEqual(await call('GET', `${METADATA}?entityName=saml`, viewer), {
      status: 403,
      body: refusal('fe.secure.read.samlConfiguration'),
    });
    assert.equal((await call('GET', `${METADATA}?entityName=saml`, admin)).status, 200);
    assert.equal((await call('GET', `${METADATA}?entityName=adminBox`, viewer)).status, 200);
    assert.equal((await call('GET', `${METADATA}?entityName=audits`, viewer)).status, 200);
  });
});
