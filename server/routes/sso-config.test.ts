/**
 * SSO connections configured by tenant administrators (issue 16): the client SDK's multi-SSO
 * calls, domains validated by a real TXT lookup (a local DNS server, test/support/dns-server.ts),
 * pre-login routing only validated domains of enabled connections, default roles and IdP groups
 * mapped to roles at every sign-in, through the test SAML IdP (samlify).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startSamlIdp, type RunningSamlIdp } from '../../test/idp/saml';
import { startDnsServer, type TestDnsServer } from '../../test/support/dns-server';
import type { BuiltServer } from '../app';
import { SEED_TENANT_ID } from '../seed';
import {
  ALLOWED_ORIGIN,
  bearerCalls,
  login,
  sharedRoleId,
  signedInMember,
  startTestServer,
  type Method,
} from '../../test/support/server';

const ISSUER = 'http://auth.test';
const BASE = '/frontegg/team/resources/sso/v1/configurations';
const PRELOGIN = '/frontegg/identity/resources/auth/v2/user/sso/prelogin';
const POSTLOGIN = '/frontegg/identity/resources/auth/v1/user/saml/postlogin';
const PASSWORD = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let dns: TestDnsServer;
let idp: RunningSamlIdp;
let metadataHost: Server;
let metadataUrl: string;
let admin: string;

const { call, ok } = bearerCalls(
  () => server,
  () => admin,
);
const roleId = (key: string) => sharedRoleId(server, key);
const rolesOf = async (email: string) =>
  (
    await server.db.query<{ key: string }>(
      `SELECT r.key FROM users u JOIN memberships m ON m.user_id = u.id AND m.tenant_id = $2
         JOIN membership_roles mr ON mr.membership_id = m.id JOIN roles r ON r.id = mr.role_id
        WHERE u.email = $1 ORDER BY r.key`,
      [email, SEED_TENANT_ID],
    )
  ).rows.map((r) => r.key);

interface Connection {
  id: string;
  enabled: boolean;
  type: string;
  acsUrl: string;
  spEntityId: string;
  idpEntityId: string;
  ssoEndpoint: string;
  publicCertificate: string;
  generatedVerification: string;
  oidcSecret: string;
  hasOidcSecret: boolean;
  domains: Array<{ id: string; domain: string; validated: boolean }>;
  roleIds: string[];
  groups: Array<{ id: string; group: string; roleIds: string[] }>;
}

before(async () => {
  dns = await startDnsServer();
  idp = await startSamlIdp({
    port: 0,
    sp: { entityId: 'urn:unset', acsUrl: 'http://unset.test/acs' },
    accounts: {
      ada: { email: 'ada@configured.example', name: 'Ada Admin', groups: ['engineering', 'admins'] },
      bob: { email: 'bob@configured.example', name: 'Bob', groups: ['engineering'] },
      carl: { email: 'carl@configured.example', name: 'Carl' },
    },
  });
  metadataHost = createServer((req, res) => {
    if (req.url === '/metadata.xml') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(idp.metadata);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => metadataHost.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadataHost.address() as { port: number }).port}/metadata.xml`;
  server = await startTestServer({
    issuer: ISSUER,
    appUrl: ALLOWED_ORIGIN,
    sso: { dnsServers: [dns.address] },
    connectivity: { allowPrivateAddresses: true },
  });
  admin = (await login(server.app)).accessToken;
});
after(async () => {
  await server.close();
  await idp.close();
  await dns.close();
  await new Promise((resolve) => metadataHost.close(resolve));
});

describe('SSO configurations (tenant administrators)', () => {
  it('a connection created by hand starts disabled and answers our ACS URL, entity ID and TXT value', async () => {
    const created = await ok<Connection>('POST', BASE, {
      type: 'okta',
      ssoEndpoint: idp.ssoUrl,
      publicCertificate: idp.certificate,
      idpEntityId: idp.entityId,
    });
    assert.equal(created.enabled, false);
    assert.equal(created.type, 'okta');
    assert.match(
      created.acsUrl,
      new RegExp(`^${ISSUER}/frontegg/identity/resources/auth/v1/sso/saml/t-${created.id}/acs$`),
    );
    assert.equal(created.spEntityId, created.acsUrl.replace(/acs$/, 'metadata'));
    assert.match(created.generatedVerification, /^auth-elements-sso=[\w-]{20,}$/);
    assert.match(created.publicCertificate, /^-----BEGIN CERTIFICATE-----\n/);
    const list = await ok<Connection[]>('GET', BASE);
    assert.ok(list.some((c) => c.id === created.id));
    // The service provider's metadata is served at the entity ID.
    const meta = await server.app.inject({ url: new URL(created.spEntityId).pathname });
    assert.equal(meta.statusCode, 200);
    assert.match(meta.body, /AssertionConsumerService/);
    assert.equal((await call('DELETE', `${BASE}/${created.id}`)).statusCode, 200);
    assert.equal((await call('GET', `${BASE}/${created.id}/roles`)).statusCode, 404);
  });

  it('bad input: 400 with the catalogue message, never 500; unknown ids 404', async () => {
    const bad = async (
      method: Method,
      url: string,
      payload: object | undefined,
      message: string | RegExp,
    ) => {
      const res = await call(method, url, payload);
      assert.equal(
        res.statusCode >= 400 && res.statusCode < 500,
        true,
        `${url}: ${res.statusCode} ${res.body}`,
      );
      const { errors } = res.json() as { errors: string[] };
      if (typeof message === 'string') assert.deepEqual(errors, [message]);
      else assert.match(errors.join(), message);
    };
    const countBefore = (await ok<Connection[]>('GET', BASE)).length;
    await bad(
      'POST',
      BASE,
      { ssoEndpoint: 'javascript:alert(1)' },
      'The SSO endpoint must be an http(s) address',
    );
    await bad(
      'POST',
      BASE,
      { publicCertificate: 'not a cert' },
      'The certificate is not a PEM or base64 X.509 certificate',
    );
    await bad('POST', BASE, { type: 'ldap' }, /type/i);
    await bad('POST', BASE, { roleIds: ['nope'] }, 'Some roles do not exist in this account');
    await bad(
      'POST',
      `${BASE}/metadata`,
      { metadata: '<nope' },
      "The identity provider's metadata could not be read",
    );
    await bad(
      'POST',
      `${BASE}/metadata`,
      { metadata: '<!DOCTYPE x [<!ENTITY a "b">]><x/>' },
      "The identity provider's metadata could not be read",
    );
    await bad(
      'POST',
      `${BASE}/metadata-url`,
      { url: 'http://127.0.0.1:9/none' },
      'The metadata could not be fetched from this address',
    );
    await bad(
      'POST',
      BASE,
      { signRequest: true },
      "Signed requests need the server's SAML key (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE)",
    );
    assert.equal(
      (await ok<Connection[]>('GET', BASE)).length,
      countBefore,
      'a refused create writes nothing',
    );
    await bad('PATCH', `${BASE}/not-a-uuid`, { enabled: true }, 'SSO configuration not found');
    await bad(
      'PATCH',
      `${BASE}/00000000-0000-4000-8000-000000000000`,
      { enabled: true },
      'SSO configuration not found',
    );
    const oidc = await ok<Connection>('POST', BASE, { type: 'oidc' });
    await bad(
      'PATCH',
      `${BASE}/${oidc.id}`,
      { type: 'saml' },
      'A connection cannot change between SAML and OIDC: create another one',
    );
    await bad(
      'POST',
      `${BASE}/${oidc.id}/domains`,
      { domain: 'not a domain' },
      '"not a domain" is not a domain name',
    );
    await bad(
      'PUT',
      `${BASE}/${oidc.id}/domains/00000000-0000-4000-8000-000000000000/validate`,
      undefined,
      'SSO domain not found',
    );
    await bad(
      'DELETE',
      `${BASE}/${oidc.id}/groups/00000000-0000-4000-8000-000000000000`,
      undefined,
      'SSO group not found',
    );
    await ok('DELETE', `${BASE}/${oidc.id}`);
  });

  it('details saved before the connection has a domain are kept: answered by the list and after a domain is added (issue 24)', async () => {
    const created = await ok<Connection>('POST', BASE, { type: 'okta' });
    await ok('PATCH', `${BASE}/${created.id}`, {
      ssoEndpoint: idp.ssoUrl,
      publicCertificate: idp.certificate,
      idpEntityId: idp.entityId,
    });
    await ok('POST', `${BASE}/${created.id}/domains`, { domain: 'later.example' });
    const listed = (await ok<Connection[]>('GET', BASE)).find((c) => c.id === created.id)!;
    assert.deepEqual(
      [listed.ssoEndpoint, listed.idpEntityId, listed.publicCertificate.trim()],
      [idp.ssoUrl, idp.entityId, idp.certificate.trim()],
    );
    assert.deepEqual(
      listed.domains.map((d) => [d.domain, d.validated]),
      [['later.example', false]],
    );
    await ok('DELETE', `${BASE}/${created.id}`);
  });

  it('OIDC: issuer, client id and a secret stored sealed, never answered', async () => {
    const created = await ok<Connection>('POST', BASE, {
      type: 'oidc',
      ssoEndpoint: 'https://idp.example.com',
      oidcClientId: 'client-1',
      oidcSecret: 'top-secret-value',
    });
    assert.equal(created.oidcSecret, '');
    assert.equal(created.hasOidcSecret, true);
    assert.equal(created.acsUrl, `${ALLOWED_ORIGIN}/account/oidc/callback`);
    const { rows } = await server.db.query<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM sso_configurations WHERE id = $1',
      [created.id],
    );
    assert.match(rows[0]!.client_secret_encrypted, /^v1\./);
    assert.ok(!rows[0]!.client_secret_encrypted.includes('top-secret'));
    // An empty secret in an update keeps the stored one.
    const updated = await ok<Connection>('PATCH', `${BASE}/${created.id}`, { oidcSecret: '', enabled: true });
    assert.equal(updated.hasOidcSecret, true);
    assert.equal(updated.enabled, true);
    await ok('DELETE', `${BASE}/${created.id}`);
  });

  it('by metadata XML and by metadata URL: endpoint, entity ID and certificate read from it', async () => {
    const byXml = await ok<Connection>('POST', `${BASE}/metadata`, { metadata: idp.metadata });
    assert.equal(byXml.ssoEndpoint, idp.ssoUrl);
    assert.equal(byXml.enabled, false);
    const byUrl = await ok<Connection & { metadataUrl: string; idpEntityId: string }>(
      'POST',
      `${BASE}/metadata-url`,
      {
        url: metadataUrl,
      },
    );
    assert.equal(byUrl.ssoEndpoint, idp.ssoUrl);
    assert.equal(byUrl.idpEntityId, idp.entityId);
    assert.equal(byUrl.metadataUrl, metadataUrl);
    const again = await ok<Connection>('PUT', `${BASE}/${byXml.id}/metadata-url`, { url: metadataUrl });
    assert.equal(again.publicCertificate, byUrl.publicCertificate);
    await ok('PUT', `${BASE}/${byXml.id}/metadata`, { metadata: idp.metadata });
    await ok('DELETE', `${BASE}/${byXml.id}`);
    await ok('DELETE', `${BASE}/${byUrl.id}`);
  });

  it('a domain routes sign-ins only once validated by its TXT record and while the connection is enabled; a user signs in with default and group-mapped roles, re-applied at every sign-in', async () => {
    const viewer = await roleId('Viewer');
    const adminRole = await roleId('Admin');
    const conn = await ok<Connection>('POST', `${BASE}/metadata`, { metadata: idp.metadata });
    idp.setServiceProvider({ entityId: conn.spEntityId, acsUrl: conn.acsUrl });
    const domain = await ok<{ id: string; domain: string; validated: boolean }>(
      'POST',
      `${BASE}/${conn.id}/domains`,
      {
        domain: 'Configured.Example',
      },
    );
    assert.deepEqual(
      { ...domain, id: undefined },
      { id: undefined, domain: 'configured.example', validated: false },
    );
    assert.equal(
      (await call('POST', `${BASE}/${conn.id}/domains`, { domain: 'configured.example' })).statusCode,
      409,
    );
    const prelogin = () =>
      server.app.inject({ method: 'POST', url: PRELOGIN, payload: { email: 'ada@configured.example' } });
    await ok('PATCH', `${BASE}/${conn.id}`, { enabled: true });
    assert.equal((await prelogin()).statusCode, 404, 'not validated: no route');

    // No TXT record yet, then a wrong one, then the right one.
    const validate = () => call('PUT', `${BASE}/${conn.id}/domains/${domain.id}/validate`);
    let res = await validate();
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [
      'The TXT record was not found on the domain: publish it and try again',
    ]);
    dns.txt.set('configured.example', ['v=spf1 -all', 'auth-elements-sso=wrong']);
    assert.equal((await validate()).statusCode, 400);
    dns.txt.set('configured.example', ['v=spf1 -all', conn.generatedVerification]);
    res = await validate();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().validated, true);
    assert.ok(dns.asked.includes('configured.example'));

    const routed = await prelogin();
    assert.equal(routed.statusCode, 200, routed.body);
    assert.deepEqual(routed.json(), {
      address: `${ISSUER}/frontegg/identity/resources/auth/v1/sso/saml/t-${conn.id}/start`,
      idpType: 'saml',
    });
    await ok('PATCH', `${BASE}/${conn.id}`, { enabled: false });
    assert.equal((await prelogin()).statusCode, 404, 'disabled: no route');
    await ok('PATCH', `${BASE}/${conn.id}`, { enabled: true });

    // Default roles and group mappings.
    assert.deepEqual(await ok('PUT', `${BASE}/${conn.id}/roles`, { roleIds: [viewer] }), {
      roleIds: [viewer],
    });
    assert.deepEqual(await ok('GET', `${BASE}/${conn.id}/roles`), { roleIds: [viewer] });
    const mapping = await ok<{ id: string; group: string; roleIds: string[] }>(
      'POST',
      `${BASE}/${conn.id}/groups`,
      {
        group: 'admins',
        roleIds: [adminRole],
      },
    );
    assert.deepEqual(await ok('GET', `${BASE}/${conn.id}/groups`), [mapping]);

    const signIn = async (login: string) => {
      const started = await server.app.inject({ url: new URL(routed.json().address).pathname });
      assert.equal(started.statusCode, 302, started.body);
      const cookie = (started.headers['set-cookie'] as string).split(';')[0]!;
      const response = await idp.respond(started.headers.location as string, login);
      const acs = await server.app.inject({
        method: 'POST',
        url: new URL(conn.acsUrl).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1' },
        payload: new URLSearchParams({
          SAMLResponse: response.SAMLResponse,
          RelayState: response.RelayState,
        }).toString(),
      });
      assert.equal(acs.statusCode, 303, acs.body);
      const back = new URL(acs.headers.location as string);
      assert.equal(back.origin + back.pathname, `${ALLOWED_ORIGIN}/account/saml/callback`);
      const done = await server.app.inject({
        method: 'POST',
        url: POSTLOGIN,
        headers: { origin: ALLOWED_ORIGIN, cookie },
        payload: { code: back.searchParams.get('code') },
      });
      assert.equal(done.statusCode, 200, done.body);
    };
    await signIn('ada');
    assert.deepEqual(await rolesOf('ada@configured.example'), ['Admin', 'Viewer']);
    await signIn('bob');
    assert.deepEqual(await rolesOf('bob@configured.example'), ['Viewer']);
    // The mapping changes: at the next sign-in, Ada loses Admin (no longer mapped to her groups).
    await ok('PATCH', `${BASE}/${conn.id}/groups/${mapping.id}`, { group: 'nobody' });
    await signIn('ada');
    assert.deepEqual(await rolesOf('ada@configured.example'), ['Viewer']);
    await ok('DELETE', `${BASE}/${conn.id}/groups/${mapping.id}`);
    assert.deepEqual(await ok('GET', `${BASE}/${conn.id}/groups`), []);

    // The account's email-domain restrictions apply to just-in-time membership: Carl is refused.
    const RESTRICTIONS = '/frontegg/identity/resources/configurations/restrictions/v1/email-domain';
    await ok('POST', RESTRICTIONS, { domain: 'configured.example', type: 'BLOCK' });
    await ok('POST', `${RESTRICTIONS}/config`, { active: true, type: 'BLOCK' });
    try {
      await assert.rejects(signIn('carl'), /Email addresses of this domain cannot join this account./);
      const carl = await server.db.query('SELECT 1 FROM users WHERE email = $1', ['carl@configured.example']);
      assert.equal(carl.rows.length, 0, 'no account is created');
    } finally {
      await ok('POST', `${RESTRICTIONS}/config`, { active: false, type: 'ALLOW' });
    }

    // Deleting the domain stops the routing.
    await ok('DELETE', `${BASE}/${conn.id}/domains/${domain.id}`);
    assert.equal((await prelogin()).statusCode, 404);
    await ok('DELETE', `${BASE}/${conn.id}`);
  });

  it('a domain validated for one connection cannot be validated for another; the audit log records changes', async () => {
    const one = await ok<Connection>('POST', BASE, { type: 'saml' });
    const two = await ok<Connection>('POST', BASE, { type: 'azure' });
    const d1 = await ok<{ id: string }>('POST', `${BASE}/${one.id}/domains`, { domain: 'shared.example' });
    const d2 = await ok<{ id: string }>('POST', `${BASE}/${two.id}/domains`, { domain: 'shared.example' });
    dns.txt.set('shared.example', [one.generatedVerification, two.generatedVerification]);
    await ok('PUT', `${BASE}/${one.id}/domains/${d1.id}/validate`);
    const res = await call('PUT', `${BASE}/${two.id}/domains/${d2.id}/validate`);
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json().errors, ['This domain already routes sign-ins to another SSO connection']);
    const { rows } = await server.db.query<{ action: string }>(
      `SELECT action FROM audits WHERE action LIKE 'SSO%' ORDER BY created_at`,
    );
    assert.ok(
      rows.some((r) => r.action === 'SSO domain validated'),
      JSON.stringify(rows),
    );
    await ok('DELETE', `${BASE}/${one.id}`);
    await ok('DELETE', `${BASE}/${two.id}`);
  });

  it('a member without fe.secure.write.samlConfiguration cannot change SSO; roles are given only by who holds them', async () => {
    const email = `sso-viewer-${Date.now()}@policies.example.com`;
    const token = await signedInMember(server, email, PASSWORD, ['Viewer']);
    assert.equal((await call('POST', BASE, { type: 'saml' }, token)).statusCode, 403);
    assert.equal((await call('GET', BASE, undefined, token)).statusCode, 403);
  });
});
