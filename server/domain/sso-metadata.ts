/**
 * An identity provider's SAML metadata XML read for an SSO connection (domain/sso-config.ts):
 * its entity ID, HTTP-Redirect SSO address and signing certificates (server-only: an XML parser).
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { contractError } from '../../core/contract/errors';
import { normaliseCertificate } from '../../core/domain/sso-config';

/** Parsed identity provider metadata. */
export interface IdpMetadata {
  entityId: string | null;
  ssoEndpoint: string;
  certificates: string[];
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Reads entity ID, HTTP-Redirect SSO address and signing certificates from IdP metadata XML. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (/<!DOCTYPE/i.test(xml)) throw contractError('SSO_METADATA_UNREADABLE');
  let doc: Document;
  try {
    let failed = false;
    const fail = () => {
      failed = true;
    };
    doc = new DOMParser({
      errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    if (failed || !doc?.documentElement) throw new Error('unparsable');
  } catch {
    throw contractError('SSO_METADATA_UNREADABLE');
  }
  const select = xpath.useNamespaces({ md: MD, ds: DS });
  const descriptor = select('//md:IDPSSODescriptor', doc as never, true) as Element | undefined;
  if (!descriptor) throw contractError('SSO_METADATA_UNREADABLE');
  const entity = select('ancestor::md:EntityDescriptor[1]', descriptor as never, true) as Element | undefined;
  const service = (select('md:SingleSignOnService', descriptor as never) as Element[]).find(
    (node) => node.getAttribute('Binding') === REDIRECT,
  );
  const location = service?.getAttribute('Location') ?? '';
  if (!/^https?:\/\/\S+$/.test(location)) throw contractError('SSO_METADATA_NO_ENDPOINT');
  const certificates = (select('md:KeyDescriptor', descriptor as never) as Element[])
    .filter((key) => !key.getAttribute('use') || key.getAttribute('use') === 'signing')
    .flatMap((key) => select('.//ds:X509Certificate', key as never) as Element[])
    .map((node) => normaliseCertificate(node.textContent ?? ''))
    .filter((pem): pem is string => pem !== null);
  if (!certificates.length) throw contractError('SSO_METADATA_NO_CERTIFICATE');
  return {
    entityId: entity?.getAttribute('entityID') || null,
    ssoEndpoint: location,
    certificates: [...new Set(certificates)],
  };
}
