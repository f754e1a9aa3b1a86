/**
 * The client SDK's legacy single-connection SSO calls (core/domain/sso-handlers.ts): a view of the
 * account's oldest SAML connection, the same one the multi-SSO calls list; the domain-change reset
 * rule (spec 001 §5); domains validated by a real TXT lookup (a local DNS server); the permissions,
 * checks and audit records of the multi-SSO calls.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { startDnsServer, type TestDnsServer } from '../../test/support/dns-server';
import { idpMetadataXml } from '../../test/support/idp-metadata';
import type { BuiltServer } from '../app';
import {
  ALLOWED_ORIGIN,
  bearerCalls,
  login,
  sharedRoleId,
  signedInMember,
  startTestServer,
  type Method,
} from '../../test/support/server';

const F = '/frontegg';
const MULTI = `${F}/team/resources/sso/v1/configurations`;
const SAML = `${F}/team/resources/sso/v1/saml/configurations`;
const VALIDATE = `${F}/team/resources/sso/v1/saml/validations/domain`;
const ROLES = `${SAML}/roles/default`;
const GROUPS = `${F}/team/resources/sso/v2/saml/configurations/groups`;
const OIDC = `${F}/team/resources/sso/v1/oidc/configurations`;
const METADATA = `${F}/metadata?entityName=saml`;
const PASSWORD = 'Str0ng-enough-passw0rd!';
const CERTIFICATE = readFileSync(new URL('../../test/idp/saml-keys/idp.crt', import.meta.url), 'utf8');

let server: BuiltServer;
let dns: TestDnsServer;
let admin: string;

const { call, ok } = bearerCalls(
  () => server,
  () => admin,
);
const roleId = (key: string) => sharedRoleId(server, key);

interface Legacy {
  enabled: boolean;
  type?: string;
  domain?: string;
  validated?: boolean;
  generatedVerification?: string;
  ssoEndpoint?: string;
  publicCertificate?: string;
  signRequest?: boolean;
  acsUrl?: string;
  spEntityId?: string;
  isSamlActive?: boolean;
  oidcSecret?: string;
}
interface Connection {
  id: string;
  enabled: boolean;
  type: string;
  acsUrl: string;
  ssoEndpoint: string;
  domains: Array<{ id: string; domain: string; validated: boolean }>;
  roleIds: string[];
  groups: Array<{ id: string; group: string; roleIds: string[] }>;
}
const connections = () => ok<Connection[]>('GET', MULTI);

before(async () => {
  dns = await startDnsServer();
  server = await startTestServer({
    appUrl: ALLOWED_ORIGIN,
    sso: { dnsServers: [dns.address] },
    connectivity: { allowPrivateAddresses: true },
  });
  admin = (await login(server.app)).accessToken;
});
after(async () => {
  await server.close();
  await dns.close();
});

describe('the legacy single-connection SSO calls', () => {
  it('before any SAML connection: reads answer empty, writes of a refused request create nothing', async () => {
    assert.deepEqual(await ok('GET', SAML), { enabled: false });
    assert.deepEqual(await ok('GET', ROLES), []);
    assert.deepEqual(await ok('GET', GROUPS), []);
    const vendor = await call('GET', `${SAML}/vendor-config`);
    assert.equal(vendor.statusCode, 404);
    assert.deepEqual(vendor.json().errors, ['ACS url information not found']);
    assert.deepEqual(await ok('GET', METADATA), { rows: [] });
    assert.deepEqual(await ok('GET', OIDC), {
      active: false,
      redirectUri: `${ALLOWED_ORIGIN}/account/oidc/callback`,
    });
    const validate = await call('PUT', VALIDATE);
    assert.equal(validate.statusCode, 404);
    assert.deepEqual(validate.json().errors, ['SSO configuration not found']);
    // Bad input: 4xx with errors, never 500, and no connection left behind.
    const bad = async (method: Method, url: string, payload: object, message: string | RegExp) => {
      const res = await call(method, url, payload);
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${url}: ${res.statusCode} ${res.body}`);
      const { errors } = res.json() as { errors: string[] };
      if (typeof message === 'string') assert.deepEqual(errors, [message]);
      else assert.match(errors.join(), message);
    };
    await bad('POST', SAML, { domain: 'not a domain' }, '"not a domain" is not a domain name');
    await bad(
      'POST',
      SAML,
      { ssoEndpoint: 'javascript:alert(1)' },
      'The SSO endpoint must be an http(s) address',
    );
    await bad(
      'POST',
      SAML,
      { publicCertificate: 'nope' },
      'The certificate is not a PEM or base64 X.509 certificate',
    );
    await bad('POST', SAML, { type: 'oidc' }, /type/i);
    await bad('POST', SAML, { validated: true }, /validated/);
    await bad(
      'PUT',
      `${SAML}/metadata`,
      { metadata: '<nope' },
      "The identity provider's metadata could not be read",
    );
    await bad('POST', ROLES, { roleIds: ['nope'] }, 'Some roles do not exist in this account');
    await bad(
      'PATCH',
      `${GROUPS}/00000000-0000-4000-8000-000000000000`,
      { group: 'x' },
      'SSO group not found',
    );
    for (const [method, url] of [
      ['POST', SAML],
      ['PUT', `${SAML}/metadata`],
      ['POST', ROLES],
      ['POST', GROUPS],
    ] as Array<[Method, string]>) {
      const res = await call(method, url);
      assert.equal(res.statusCode, 400, `${method} ${url} without a body: ${res.body}`);
      assert.ok(res.json().errors.length);
    }
    assert.deepEqual(await connections(), [], 'refused requests write nothing');
  });

  it('the first update creates a disabled SAML connection that the multi-SSO calls see and change', async () => {
    const saved = await ok<Legacy>('POST', SAML, {
      domain: 'Legacy.Example',
      ssoEndpoint: 'https://idp.legacy.example/sso',
      publicCertificate: CERTIFICATE,
      oidcSecret: 'ignored',
    });
    assert.equal(saved.enabled, false, 'a new configuration starts disabled (spec 001 §5)');
    assert.equal(saved.type, 'saml');
    assert.equal(saved.domain, 'legacy.example');
    assert.equal(saved.validated, false);
    assert.equal(saved.ssoEndpoint, 'https://idp.legacy.example/sso');
    assert.match(saved.publicCertificate!, /^-----BEGIN CERTIFICATE-----\n/);
    assert.equal(saved.oidcSecret, '');
    assert.equal(saved.isSamlActive, false);
    const [one] = await connections();
    assert.ok(one);
    assert.equal(one.acsUrl, saved.acsUrl);
    assert.deepEqual(
      one.domains.map((d) => d.domain),
      ['legacy.example'],
    );
    assert.deepEqual(await ok('GET', `${SAML}/vendor-config`), {
      acsUrl: saved.acsUrl,
      spEntityId: saved.spEntityId,
    });
    // Changed through the multi-SSO calls, seen through the legacy ones.
    await ok('PATCH', `${MULTI}/${one.id}`, { enabled: true, type: 'okta' });
    const seen = await ok<Legacy>('GET', SAML);
    assert.deepEqual([seen.enabled, seen.type], [true, 'okta']);
    // Resending the same domain keeps the identity provider's details.
    const same = await ok<Legacy>('POST', SAML, { domain: 'legacy.example', enabled: true });
    assert.equal(same.ssoEndpoint, 'https://idp.legacy.example/sso');
    assert.equal((await connections()).length, 1, 'the legacy calls keep to one connection');
  });

  it('validateSamlDomain looks the TXT record up; then the connection routes sign-ins', async () => {
    const before = await ok<Legacy>('GET', SAML);
    const refused = await call('PUT', VALIDATE);
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json().errors, [
      'The TXT record was not found on the domain: publish it and try again',
    ]);
    dns.txt.set('legacy.example', [before.generatedVerification!]);
    const validated = await ok<Legacy>('PUT', VALIDATE);
    assert.equal(validated.validated, true);
    assert.equal(validated.isSamlActive, true, 'enabled, validated domain, endpoint and certificate');
    assert.equal((await connections())[0]!.domains[0]!.validated, true);
    const [row] = (await ok<{ rows: Array<Record<string, unknown>> }>('GET', METADATA)).rows;
    assert.equal(row!.entityName, 'saml');
    assert.equal(row!.isActive, true);
    assert.deepEqual(row!.configuration, { acsUrl: validated.acsUrl, spEntityId: validated.spEntityId });
    assert.equal(typeof row!.vendorId, 'string');
    assert.deepEqual(row!.properties, []);
  });

  it('changing the domain resets ssoEndpoint, publicCertificate and signRequest (spec 001 §5)', async () => {
    const changed = await ok<Legacy>('POST', SAML, {
      domain: 'other-legacy.example',
      ssoEndpoint: 'https://idp.legacy.example/kept?',
      publicCertificate: CERTIFICATE,
    });
    assert.equal(changed.domain, 'other-legacy.example');
    assert.equal(changed.validated, false, 'the new domain must be validated again');
    assert.equal(changed.ssoEndpoint, '');
    assert.equal(changed.publicCertificate, '');
    assert.equal(changed.signRequest, false);
    assert.equal(changed.isSamlActive, false);
    assert.deepEqual(
      (await connections())[0]!.domains.map((d) => d.domain),
      ['other-legacy.example'],
    );
    // The IdP's metadata fills them again.
    const filled = await ok<Legacy>('PUT', `${SAML}/metadata`, { metadata: idpMetadataXml() });
    assert.equal(filled.ssoEndpoint, 'https://idp.example.com/sso');
    assert.match(filled.publicCertificate!, /BEGIN CERTIFICATE/);
    assert.equal(filled.domain, 'other-legacy.example');
  });

  it('default roles and group mappings are the connection’s', async () => {
    const viewer = await roleId('Viewer');
    assert.deepEqual(await ok('POST', ROLES, { roleIds: [viewer] }), [viewer]);
    assert.deepEqual(await ok('GET', ROLES), [viewer]);
    const [c] = await connections();
    assert.deepEqual(c!.roleIds, [viewer]);
    const group = await ok<{ id: string; group: string; roleIds: string[] }>('POST', GROUPS, {
      group: 'engineering',
      roleIds: [viewer],
    });
    assert.deepEqual([group.group, group.roleIds], ['engineering', [viewer]]);
    await ok('PATCH', `${GROUPS}/${group.id}`, { group: 'platform', roleIds: [] });
    assert.deepEqual(await ok('GET', `${MULTI}/${c!.id}/groups`), [
      { id: group.id, group: 'platform', roleIds: [] },
    ]);
    await ok('DELETE', `${GROUPS}/${group.id}`);
    assert.deepEqual(await ok('GET', GROUPS), []);
    assert.equal((await call('DELETE', `${GROUPS}/${group.id}`)).statusCode, 404);
  });

  it('with several SAML connections, the legacy calls keep to the oldest', async () => {
    const legacy = await ok<Legacy>('GET', SAML);
    const newer = await ok<Connection>('POST', MULTI, {
      type: 'google',
      ssoEndpoint: 'https://newer.example/sso',
    });
    const seen = await ok<Legacy>('GET', SAML);
    assert.equal(seen.acsUrl, legacy.acsUrl);
    assert.notEqual(seen.acsUrl, newer.acsUrl);
    await ok('DELETE', `${MULTI}/${newer.id}`);
  });

  it('getOidcConfiguration reads the oldest OIDC connection', async () => {
    const created = await ok<Connection>('POST', MULTI, { type: 'oidc', enabled: true });
    assert.deepEqual(await ok('GET', OIDC), { active: true, redirectUri: created.acsUrl });
    await ok('DELETE', `${MULTI}/${created.id}`);
  });

  it('records the changes in the audit log', async () => {
    const { rows } = await server.db.query<{ action: string }>(
      `SELECT action FROM audits WHERE resource = 'sso' ORDER BY created_at`,
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'SSO connection changed',
      'SSO connection metadata changed',
      'SSO domain validated',
      'SSO default roles changed',
      'SSO group mapping added',
      'SSO group mapping changed',
      'SSO group mapping removed',
    ])
      assert.ok(actions.has(action), `${action}: ${JSON.stringify([...actions])}`);
  });

  it('a member without the SSO permissions is refused and changes nothing', async () => {
    const email = `sso-legacy-viewer-${Date.now()}@policies.example.com`;
    const token = await signedInMember(server, email, PASSWORD, ['Viewer']);
    const before = await ok('GET', SAML);
    for (const [method, url, payload] of [
      ['GET', SAML],
      ['POST', SAML, { enabled: false }],
      ['PUT', VALIDATE],
      ['GET', GROUPS],
      ['POST', GROUPS, { group: 'x' }],
      ['GET', OIDC],
      ['GET', METADATA],
    ] as Array<[Method, string, object?]>) {
      const res = await call(method, url, payload, token);
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.match(res.json().errors[0], /samlConfiguration permission/);
    }
    assert.deepEqual(await ok('GET', SAML), before);
  });
});
