import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isContractError } from '../contract/errors';
import {
  checkedEndpoint,
  checkSsoFields,
  checkSsoKind,
  legacySamlChanges,
  normaliseCertificate,
} from './sso-config';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return isContractError(error) ? error.codes[0] : 'not a contract error';
  }
  return null;
};
const BODY = 'A'.repeat(70);

test('the SSO address: trimmed http(s) without credentials, else SSO_ENDPOINT_INVALID', () => {
  assert.equal(checkedEndpoint(' https://idp.example/sso '), 'https://idp.example/sso');
  assert.equal(checkedEndpoint('  '), '');
  for (const bad of ['ftp://idp.example', 'https://u:p@idp.example', 'idp.example'])
    assert.equal(
      codeOf(() => checkedEndpoint(bad)),
      'SSO_ENDPOINT_INVALID',
      bad,
    );
});

test('certificates: PEM or bare base64 to PEM lines of 64; short or not base64 is null', () => {
  const pem = normaliseCertificate(BODY)!;
  assert.equal(pem, `-----BEGIN CERTIFICATE-----\n${'A'.repeat(64)}\nAAAAAA\n-----END CERTIFICATE-----`);
  assert.equal(normaliseCertificate(pem), pem);
  assert.equal(normaliseCertificate('QUJD'), null);
  assert.equal(normaliseCertificate(`${BODY}!`), null);
});

test('kind and fields: the protocol stays, no skipping domains; OIDC ignores certificate and signing', () => {
  assert.equal(
    codeOf(() => checkSsoKind('okta', { type: 'oidc' })),
    'SSO_PROTOCOL_CHANGE',
  );
  assert.equal(
    codeOf(() => checkSsoKind('okta', { type: 'azure' })),
    null,
  );
  assert.equal(
    codeOf(() => checkSsoKind('saml', { skipEmailDomainValidation: true })),
    'SSO_SKIP_DOMAINS_UNSUPPORTED',
  );
  assert.equal(
    codeOf(() => checkSsoFields('saml', { publicCertificate: 'x' }, true)),
    'SSO_CERTIFICATE_INVALID',
  );
  assert.equal(
    codeOf(() => checkSsoFields('saml', { signRequest: true }, false)),
    'SSO_SIGNING_KEY_MISSING',
  );
  assert.deepEqual(checkSsoFields('saml', { publicCertificate: ' ' }, false), { publicCertificate: '' });
  assert.deepEqual(checkSsoFields('oidc', { publicCertificate: 'x', signRequest: true }, false), {});
});

test('the legacy domain change resets the IdP details only when another domain replaces one', () => {
  const fields = { ssoEndpoint: 'https://idp.example', signRequest: true };
  assert.deepEqual(legacySamlChanges(fields, 'b.example', 'a.example'), {
    ssoEndpoint: '',
    publicCertificate: '',
    signRequest: false,
  });
  assert.equal(legacySamlChanges(fields, 'a.example', 'a.example'), fields);
  assert.equal(legacySamlChanges(fields, 'a.example', undefined), fields);
  assert.equal(legacySamlChanges(fields, undefined, 'a.example'), fields);
});
