// The SSO connections list (GET team/resources/sso/v1/configurations) reads every connection with its
// domains, group mappings and default roles in the same few statements (each table once: SAML and
// OIDC connections, domains, group mappings, the default roles), whatever the number of
// connections, and answers each as reading it alone does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer } from '../../test/support/server';
import type { BuiltServer } from '../app';
import type { Database } from '../storage/database';
import { SecretBox } from './secrets';
import type { SsoConnections } from '../../core/domain/sso-connections';
import { ssoConnections } from '../../core/domain/sso-repository';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { serverSsoBackend } from './sso-config';
import { createTenant } from '../storage/tenants';
import { getVendorSettings } from './vendor';

let server: BuiltServer;
let queries = 0;
let configs: SsoConnections;
let tenantId: string;

before(async () => {
  server = await startTestServer();
  const counted: Database = {
    query: (sql, params) => ((queries += 1), server.db.query(sql, params)),
    transaction: (fn) => server.db.transaction(fn),
    close: () => server.db.close(),
  };
  configs = ssoConnections(
    sqlTables(counted),
    SERVER_ROW_CLOCK,
    serverSsoBackend({
      secrets: new SecretBox(Buffer.alloc(32, 7).toString('base64')),
      addresses: {
        samlBase: (key) => `http://auth.test/frontegg/identity/resources/auth/v1/sso/saml/${key}`,
        samlCallbacks: ['http://app.test/account/saml/callback'],
        oidcRedirects: ['http://app.test/account/oidc/callback'],
      },
      dnsServers: [],
      canSignRequests: false,
      fetchText: async () => '',
    }),
  );
  const vendorId = (await getVendorSettings(server.db)).id;
  tenantId = (await createTenant(server.db, { vendorId, name: 'SSO list' })).id;
});
after(() => server.close());

test('five statements for a list of connections with domains, groups and default roles', async () => {
  const roles = (
    await server.db.query<{ id: string }>(
      `SELECT r.id FROM roles r JOIN tenants t ON t.vendor_id = r.vendor_id WHERE t.id = $1 AND r.tenant_id IS NULL
        ORDER BY r.name, r.id LIMIT 2`,
      [tenantId],
    )
  ).rows.map((r) => r.id);
  assert.equal(roles.length, 2, 'the seed has roles to map');
  const statementsOfList = async () => {
    queries = 0;
    const listed = await configs.list(tenantId);
    return { listed, statements: queries };
  };
  for (const [n, type] of (['saml', 'oidc', 'okta', 'azure'] as const).entries()) {
    const { id } = await configs.create(tenantId, { type, roleIds: roles });
    await configs.addDomain(tenantId, id, `sso-list-${n}.example.com`);
    await configs.addGroup(tenantId, id, `group-${n}`, [roles[n % 2]!]);
    if (n === 1) assert.equal((await statementsOfList()).statements, 5, 'each table read once');
  }
  const { listed, statements } = await statementsOfList();
  assert.equal(statements, 5, 'not one per connection and detail');
  assert.equal(listed.length, 4);
  for (const connection of listed) {
    assert.equal(connection.domains.length, 1);
    assert.equal(connection.groups.length, 1);
    assert.deepEqual(connection, await configs.get(tenantId, connection.id), 'the list answers as a read');
  }
});
