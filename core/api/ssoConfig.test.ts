import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ssoSavePlan, type SsoConnection, type SsoForm } from './ssoConfig';

const saved: SsoConnection = {
  id: 'c1',
  enabled: false,
  type: 'saml',
  generatedVerification: 'auth-elements-sso=x',
  ssoEndpoint: 'https://idp.example.com/sso',
  publicCertificate: 'CERT',
  signRequest: true,
  acsUrl: 'https://auth.example.com/acs',
  spEntityId: 'https://auth.example.com/metadata',
  idpEntityId: '',
  metadataUrl: '',
  oidcClientId: '',
  oidcSecret: '',
  hasOidcSecret: false,
  domains: [{ id: 'd1', domain: 'acme.example', validated: false }],
  roleIds: [],
  groups: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const form: SsoForm = {
  ssoEndpoint: 'https://idp.example.com/sso2',
  publicCertificate: 'CERT',
  signRequest: true,
  idpEntityId: '',
  oidcClientId: '',
  oidcSecret: '',
};

describe('ssoSavePlan (spec 001 §5 SAML save rules)', () => {
  it('with no domain, nothing is sent: the form keeps its values on the page only', () => {
    assert.deepEqual(ssoSavePlan({ ...saved, domains: [] }, form, null), { send: false });
  });
  it('sends only what changed, never validated, generatedVerification, createdAt or updatedAt', () => {
    const plan = ssoSavePlan(saved, form, 'acme.example');
    assert.deepEqual(plan.send && plan.body, { ssoEndpoint: 'https://idp.example.com/sso2' });
  });
  it('when the domain changed, ssoEndpoint and publicCertificate reset to empty and signRequest to false', () => {
    const plan = ssoSavePlan(saved, form, 'old.example');
    assert.ok(plan.send);
    assert.deepEqual(plan.body, { ssoEndpoint: '', publicCertificate: '', signRequest: false });
    assert.deepEqual(
      [plan.form.ssoEndpoint, plan.form.publicCertificate, plan.form.signRequest],
      ['', '', false],
    );
  });
  it('OIDC: client id, and the secret only when typed', () => {
    const oidc = {
      ...saved,
      type: 'oidc' as const,
      ssoEndpoint: 'https://issuer.example',
      oidcClientId: 'a',
    };
    const plan = ssoSavePlan(
      oidc,
      { ...form, ssoEndpoint: 'https://issuer.example', oidcClientId: 'b', oidcSecret: '' },
      null,
    );
    assert.deepEqual(plan.send && plan.body, { oidcClientId: 'b' });
  });
});
