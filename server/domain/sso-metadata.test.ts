// IdP metadata is read by two parsers (the server's XML parser, demo mode's patterns) and judged
// by one set of rules (core/domain/sso-metadata.ts): both sides accept and refuse the same documents.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContractError } from '../../core/contract/errors';
import { readDemoMetadata, sampleDemoMetadata } from '../../core/demo/ssoMetadata';
import { idpMetadataOf } from '../../core/domain/sso-metadata';
import { idpMetadataXml } from '../../test/support/idp-metadata';
import { readIdpMetadata } from './sso-metadata';

const outcome = (xml: string, read: typeof readIdpMetadata) => {
  try {
    return idpMetadataOf(xml, read);
  } catch (error) {
    return isContractError(error) ? error.codes[0] : error;
  }
};
const good = idpMetadataXml('https://idp.example.com/meta', 'https://idp.example.com/sso');

const DOCUMENTS: Record<string, string> = {
  'a metadata document': good,
  'a DOCTYPE': good.replace('<?xml version="1.0"?>', '<?xml version="1.0"?><!DOCTYPE x>'),
  'no IDPSSODescriptor': '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"/>',
  'only an HTTP-POST address': good.replace('bindings:HTTP-Redirect', 'bindings:HTTP-POST'),
  'an address that is not http(s)': good.replace('https://idp.example.com/sso', 'ftp://idp.example.com/sso'),
  'only an encryption key': good.replace('use="signing"', 'use="encryption"'),
  'a key without use': good.replace(' use="signing"', ''),
  'a certificate too short': good.replace(/<ds:X509Certificate>[^<]+</, '<ds:X509Certificate>QUJD<'),
};

for (const [name, xml] of Object.entries(DOCUMENTS))
  test(`metadata with ${name}: the same outcome on both sides`, () => {
    assert.deepEqual(outcome(xml, readDemoMetadata), outcome(xml, readIdpMetadata));
  });

test('the outcomes: details, or the code that says what is missing', () => {
  const read = (name: string) => outcome(DOCUMENTS[name]!, readIdpMetadata);
  assert.deepEqual(
    [read('a DOCTYPE'), read('no IDPSSODescriptor'), read('only an HTTP-POST address')],
    ['SSO_METADATA_UNREADABLE', 'SSO_METADATA_UNREADABLE', 'SSO_METADATA_NO_ENDPOINT'],
  );
  assert.deepEqual(
    [read('an address that is not http(s)'), read('only an encryption key'), read('a certificate too short')],
    ['SSO_METADATA_NO_ENDPOINT', 'SSO_METADATA_NO_CERTIFICATE', 'SSO_METADATA_NO_CERTIFICATE'],
  );
  const details = read('a metadata document') as {
    entityId: string;
    ssoEndpoint: string;
    certificates: string[];
  };
  assert.deepEqual(
    [details.entityId, details.ssoEndpoint],
    ['https://idp.example.com/meta', 'https://idp.example.com/sso'],
  );
  assert.equal(details.certificates.length, 1);
});

test("demo mode's sample metadata of an address is metadata the server reads too", () => {
  const xml = sampleDemoMetadata('https://idp.example.com/app/metadata?x=1')!;
  const server = outcome(xml, readIdpMetadata) as { entityId: string; ssoEndpoint: string };
  assert.deepEqual(
    [server.entityId, server.ssoEndpoint],
    ['https://idp.example.com/app/metadata?x=1', 'https://idp.example.com/sso'],
  );
  assert.deepEqual(outcome(xml, readDemoMetadata), server);
  assert.equal(sampleDemoMetadata('ftp://idp.example.com'), null);
});
