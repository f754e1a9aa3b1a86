/**
 * An identity provider's SAML metadata XML read for an SSO connection with an XML parser and its
 * namespaces (server-only): the entity ID, the HTTP-Redirect SSO address and the signing
 * certificates, which core/domain/sso-metadata.ts then accepts or refuses.
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { SAML_REDIRECT_BINDING, type ReadMetadata } from '../../core/domain/sso-metadata';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

function parsed(xml: string): Document | null {
  try {
    let failed = false;
    const fail = () => {
      failed = true;
    };
    const doc = new DOMParser({
      errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    return failed || !doc?.documentElement ? null : doc;
  } catch {
    return null;
  }
}

/** Reads entity ID, HTTP-Redirect SSO address and signing certificates from IdP metadata XML. */
export function readIdpMetadata(xml: string): ReadMetadata {
  const doc = parsed(xml);
  if (!doc) return null;
  const select = xpath.useNamespaces({ md: MD, ds: DS });
  const descriptor = select('//md:IDPSSODescriptor', doc as never, true) as Element | undefined;
  if (!descriptor) return null;
  const entity = select('ancestor::md:EntityDescriptor[1]', descriptor as never, true) as Element | undefined;
  const service = (select('md:SingleSignOnService', descriptor as never) as Element[]).find(
    (node) => node.getAttribute('Binding') === SAML_REDIRECT_BINDING,
  );
  return {
    entityId: entity?.getAttribute('entityID') || null,
    redirectLocation: service?.getAttribute('Location') ?? '',
    certificates: (select('md:KeyDescriptor', descriptor as never) as Element[])
      .filter((key) => !key.getAttribute('use') || key.getAttribute('use') === 'signing')
      .flatMap((key) => select('.//ds:X509Certificate', key as never) as Element[])
      .map((node) => node.textContent ?? ''),
  };
}
