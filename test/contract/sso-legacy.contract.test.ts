// The client SDK's legacy single-connection SSO calls (issue 16): the same requests against the
// demo backend and the server, a view of the account's oldest SAML connection that the multi-SSO
// calls list. (The server's DNS validation is covered by server/routes/sso-legacy.test.ts with a
// local DNS server; the demo has none.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { idpMetadataXml } from '../support/idp-metadata';
import { BACKENDS, newAccountOwner } from './targets';

const MULTI = '/team/resources/sso/v1/configurations';
const SAML = '/team/resources/sso/v1/saml/configurations';
const GROUPS = '/team/resources/sso/v2/saml/configurations/groups';
const OIDC = '/team/resources/sso/v1/oidc/configurations';
const METADATA = '/metadata?entityName=saml';
const CERTIFICATE = readFileSync(new URL('../idp/saml-keys/idp.crt', import.meta.url), 'utf8');
const FIELDS = [
  'enabled',
  'type',
  'domain',
  'validated',
  'generatedVerification',
  'ssoEndpoint',
  'publicCertificate',
  'signRequest',
  'acsUrl',
  'spEntityId',
  'isSamlActive',
  'oidcClientId',
  'oidcSecret',
];

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: legacy SSO calls`, () => {
    const owner = newAccountOwner(factory, 'sso-legacy');
    const { call } = owner;

    test('before any connection: empty reads, the client’s own 404 for vendor-config', async () => {
      assert.deepEqual((await call('GET', SAML)).body, { enabled: false });
      assert.deepEqual((await call('GET', `${SAML}/roles/default`)).body, []);
      assert.deepEqual((await call('GET', GROUPS)).body, []);
      const vendor = await call('GET', `${SAML}/vendor-config`);
      assert.equal(vendor.status, 404);
      assert.deepEqual(vendor.body.errors, ['ACS url information not found']);
      const oidc = await call('GET', OIDC);
      assert.equal(oidc.body.active, false);
      assert.match(oidc.body.redirectUri, /\/account\/oidc\/callback$/);
      assert.deepEqual((await call('GET', METADATA)).body, {
        rows: [],
      });
    });

    test('bad input: 400 with the same messages; nothing created', async () => {
      const domain = await call('POST', SAML, { domain: 'not a domain' });
      assert.equal(domain.status, 400);
      assert.deepEqual(domain.body.errors, ['"not a domain" is not a domain name']);
      assert.equal((await call('POST', SAML, { type: 'oidc' })).status, 400);
      const endpoint = await call('POST', SAML, { ssoEndpoint: 'ftp://x' });
      assert.deepEqual(endpoint.body.errors, ['The SSO endpoint must be an http(s) address']);
      assert.deepEqual((await call('GET', MULTI)).body, []);
    });

    test('the first update creates the connection (disabled); the domain change resets the IdP details', async () => {
      const saved = await call('POST', SAML, {
        domain: 'legacy-contract.example',
        ssoEndpoint: 'https://idp.example.com/sso',
        publicCertificate: CERTIFICATE,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      for (const field of FIELDS) assert.ok(field in saved.body, field);
      assert.deepEqual(
        [saved.body.enabled, saved.body.domain, saved.body.validated, saved.body.ssoEndpoint],
        [false, 'legacy-contract.example', false, 'https://idp.example.com/sso'],
      );
      const list = (await call('GET', MULTI)).body as Array<{
        acsUrl: string;
        domains: Array<{ domain: string }>;
      }>;
      assert.equal(list.length, 1);
      assert.equal(list[0]!.acsUrl, saved.body.acsUrl);
      assert.deepEqual((await call('GET', `${SAML}/vendor-config`)).body, {
        acsUrl: saved.body.acsUrl,
        spEntityId: saved.body.spEntityId,
      });
      const changed = await call('POST', SAML, { domain: 'other-contract.example' });
      assert.deepEqual(
        [
          changed.body.domain,
          changed.body.ssoEndpoint,
          changed.body.publicCertificate,
          changed.body.signRequest,
        ],
        ['other-contract.example', '', '', false],
      );
      const filled = await call('PUT', `${SAML}/metadata`, {
        metadata: idpMetadataXml('https://idp.example.com/meta', 'https://idp.example.com/sso2'),
      });
      assert.equal(filled.body.ssoEndpoint, 'https://idp.example.com/sso2');
      const [row] = (await call('GET', METADATA)).body.rows;
      assert.equal(row.entityName, 'saml');
      assert.deepEqual(row.configuration, { acsUrl: saved.body.acsUrl, spEntityId: saved.body.spEntityId });
    });

    test('default roles and groups are the connection’s', async () => {
      assert.deepEqual((await call('POST', `${SAML}/roles/default`, { roleIds: [] })).body, []);
      const group = await call('POST', GROUPS, { group: 'engineering' });
      assert.equal(group.status, 201, JSON.stringify(group.body));
      const patched = await call('PATCH', `${GROUPS}/${group.body.id}`, { group: 'platform', roleIds: [] });
      assert.equal(patched.body.group, 'platform');
      const [connection] = (await call('GET', MULTI)).body as Array<{ groups: Array<{ group: string }> }>;
      assert.deepEqual(
        connection!.groups.map((g) => g.group),
        ['platform'],
      );
      assert.equal((await call('DELETE', `${GROUPS}/${group.body.id}`)).status, 200);
      assert.deepEqual((await call('GET', GROUPS)).body, []);
    });
  });
}
