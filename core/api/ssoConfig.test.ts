import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ssoChanges, type SsoConnection, type SsoForm } from './ssoConfig';

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

describe('ssoChanges (what the identity-provider form saves)', () => {
  it('with no domain yet, the details are sent all the same: nothing the administrator typed is lost', () => {
    const fresh = { ...saved, domains: [], ssoEndpoint: '', publicCertificate: '', signRequest: false };
    assert.deepEqual(
      ssoChanges(fresh, { ...form, idpEntityId: ' https://idp.example.com/entity ', signRequest: false }),
      {
        ssoEndpoint: 'https://idp.example.com/sso2',
        publicCertificate: 'CERT',
        idpEntityId: 'https://idp.example.com/entity',
      },
    );
  });
  it('sends only what changed, never validated, generatedVerification, createdAt or updatedAt', () => {
    assert.deepEqual(ssoChanges(saved, form), { ssoEndpoint: 'https://idp.example.com/sso2' });
  });
  it('OIDC: client id, and the secret only when typed', () => {
    const oidc = {
      ...saved,
      type: 'oidc' as const,
      ssoEndpoint: 'https://issuer.example',
      oidcClientId: 'a',
    };
    assert.deepEqual(
      ssoChanges(oidc, { ...form, ssoEndpoint: 'https://issuer.example', oidcClientId: 'b', oidcSecret: '' }),
      { oidcClientId: 'b' },
    );
    assert.deepEqual(
      ssoChanges(oidc, {
        ...form,
        ssoEndpoint: 'https://issuer.example',
        oidcClientId: 'a',
        oidcSecret: 's',
      }),
      { oidcSecret: 's' },
    );
  });
});
