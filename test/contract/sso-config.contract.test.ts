// SSO connections configured by tenant administrators (issue 16) as the client SDK manages them:
// the same requests against the demo backend and the server (the server's DNS validation and
// metadata URL fetch are covered by server/routes/sso-config.test.ts; the demo has neither).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { idpMetadataXml } from '../support/idp-metadata';
import { BACKENDS, newAccountOwner } from './targets';

const API = '/identity/resources';
const BASE = '/team/resources/sso/v1/configurations';
const FIELDS = [
  'id',
  'enabled',
  'type',
  'generatedVerification',
  'ssoEndpoint',
  'publicCertificate',
  'signRequest',
];
const MORE = ['acsUrl', 'spEntityId', 'oidcClientId', 'oidcSecret', 'domains', 'roleIds', 'groups'];

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: SSO connections`, () => {
    const owner = newAccountOwner(factory, 'sso');
    const { call } = owner;

    test('create (disabled), read, update, delete; OIDC secrets never answered', async () => {
      const created = await call('POST', BASE, {
        type: 'oidc',
        ssoEndpoint: 'https://idp.example.com',
        oidcClientId: 'c',
        oidcSecret: 's3cret',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      for (const field of [...FIELDS, ...MORE]) assert.ok(field in created.body, field);
      assert.equal(created.body.enabled, false);
      assert.equal(created.body.oidcSecret, '');
      const patched = await call('PATCH', `${BASE}/${created.body.id}`, {
        enabled: true,
        oidcClientId: 'c2',
      });
      assert.equal(patched.status, 200);
      assert.equal(patched.body.enabled, true);
      assert.equal(patched.body.oidcClientId, 'c2');
      const refused = await call('PATCH', `${BASE}/${created.body.id}`, { type: 'saml' });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.errors, [
        'A connection cannot change between SAML and OIDC: create another one',
      ]);
      const list = await call('GET', BASE);
      assert.deepEqual(
        list.body.map((c: { id: string }) => c.id),
        [created.body.id],
      );
      assert.equal((await call('DELETE', `${BASE}/${created.body.id}`)).status, 200);
      assert.deepEqual((await call('GET', BASE)).body, []);
      assert.equal((await call('DELETE', `${BASE}/${created.body.id}`)).status, 404);
    });

    test('the field rules: an SSO address with credentials refused; OIDC ignores certificate and signing', async () => {
      const saml = await call('POST', BASE, {
        type: 'saml',
        ssoEndpoint: 'https://user:secret@idp.example.com/sso',
      });
      assert.equal(saml.status, 400, JSON.stringify(saml.body));
      assert.deepEqual((await call('GET', BASE)).body, []);
      const oidc = await call('POST', BASE, {
        type: 'oidc',
        ssoEndpoint: ' https://idp.example.com ',
        publicCertificate: 'not a certificate',
        signRequest: true,
      });
      assert.equal(oidc.status, 201, JSON.stringify(oidc.body));
      assert.equal(oidc.body.ssoEndpoint, 'https://idp.example.com');
      assert.equal(oidc.body.publicCertificate, '');
      assert.equal(oidc.body.signRequest, false);
      assert.equal((await call('DELETE', `${BASE}/${oidc.body.id}`)).status, 200);
    });

    test('SAML by metadata XML: the endpoint and certificate read from it; bad metadata refused', async () => {
      const created = await call('POST', `${BASE}/metadata`, {
        metadata: idpMetadataXml('https://idp.example.com/meta', 'https://idp.example.com/sso'),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.ssoEndpoint, 'https://idp.example.com/sso');
      assert.match(created.body.publicCertificate, /^-----BEGIN CERTIFICATE-----\n/);
      assert.match(created.body.acsUrl, /\/acs$/);
      const bad = await call('PUT', `${BASE}/${created.body.id}/metadata`, { metadata: '<x/>' });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body.errors, ["The identity provider's metadata could not be read"]);
      assert.equal((await call('DELETE', `${BASE}/${created.body.id}`)).status, 200);
    });

    test('fields of the other protocol ignored; group roles once; an empty update changes nothing', async () => {
      const oidc = await call('POST', BASE, {
        type: 'oidc',
        idpEntityId: 'urn:idp',
        oidcClientId: ' client ',
      });
      assert.equal(oidc.status, 201, JSON.stringify(oidc.body));
      assert.deepEqual([oidc.body.idpEntityId, oidc.body.oidcClientId], ['', 'client']);
      const saml = await call('POST', BASE, { type: 'saml', oidcClientId: 'client', oidcSecret: 'secret' });
      assert.equal(saml.status, 201, JSON.stringify(saml.body));
      assert.deepEqual([saml.body.oidcClientId, saml.body.hasOidcSecret], ['', false]);
      const same = await call('PATCH', `${BASE}/${saml.body.id}`, {});
      assert.deepEqual(same.body, saml.body);
      const roles = (await call('GET', `${API}/roles/v1`)).body as Array<{ id: string; key: string }>;
      const viewer = roles.find((r) => r.key === 'Viewer')!.id;
      const group = await call('POST', `${BASE}/${saml.body.id}/groups`, {
        group: ' g ',
        roleIds: [viewer, viewer],
      });
      assert.deepEqual([group.body.group, group.body.roleIds], ['g', [viewer]]);
      const encryptionOnly = idpMetadataXml().replace('use="signing"', 'use="encryption"');
      const refused = await call('PUT', `${BASE}/${saml.body.id}/metadata`, { metadata: encryptionOnly });
      assert.deepEqual(
        [refused.status, refused.body.errors],
        [400, ['The metadata names no signing certificate']],
      );
      for (const c of [oidc, saml]) assert.equal((await call('DELETE', `${BASE}/${c.body.id}`)).status, 200);
    });

    test('domains, default roles and group mappings', async () => {
      const c = (await call('POST', BASE, { type: 'saml' })).body;
      const domain = await call('POST', `${BASE}/${c.id}/domains`, { domain: 'Contract.Example' });
      assert.equal(domain.status, 201);
      assert.deepEqual(
        { domain: domain.body.domain, validated: domain.body.validated },
        { domain: 'contract.example', validated: false },
      );
      assert.equal(
        (await call('POST', `${BASE}/${c.id}/domains`, { domain: 'contract.example' })).status,
        409,
      );
      assert.equal((await call('POST', `${BASE}/${c.id}/domains`, { domain: 'nope' })).status, 400);
      assert.equal((await call('DELETE', `${BASE}/${c.id}/domains/${domain.body.id}`)).status, 200);
      const roles = (await call('GET', `${API}/roles/v1`)).body as Array<{ id: string; key: string }>;
      const viewer = roles.find((r) => r.key === 'Viewer')!.id;
      assert.deepEqual((await call('PUT', `${BASE}/${c.id}/roles`, { roleIds: [viewer] })).body, {
        roleIds: [viewer],
      });
      assert.deepEqual((await call('GET', `${BASE}/${c.id}/roles`)).body, { roleIds: [viewer] });
      assert.equal((await call('PUT', `${BASE}/${c.id}/roles`, { roleIds: ['no-such-role'] })).status, 400);
      const group = await call('POST', `${BASE}/${c.id}/groups`, { group: 'engineering', roleIds: [viewer] });
      assert.equal(group.status, 201);
      assert.deepEqual((await call('GET', `${BASE}/${c.id}/groups`)).body, [group.body]);
      const renamed = await call('PATCH', `${BASE}/${c.id}/groups/${group.body.id}`, { group: 'eng' });
      assert.equal(renamed.body.group, 'eng');
      assert.equal((await call('DELETE', `${BASE}/${c.id}/groups/${group.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `${BASE}/${c.id}/groups/${group.body.id}`)).status, 404);
      const unknownField = await call('POST', BASE, { type: 'saml', nope: 1 });
      assert.equal(unknownField.status, 400);
      assert.deepEqual(unknownField.body.errors, ['Unknown field "nope"']);
    });
  });
}
