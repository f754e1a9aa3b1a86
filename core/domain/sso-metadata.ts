/**
 * What an identity provider's SAML metadata must give an SSO connection (issue 16; docs/sso.md),
 * written once for the reference server and demo mode. Each reads the XML with its own parser
 * (server/domain/sso-metadata.ts: an XML parser with namespaces; core/demo/ssoMetadata.ts: patterns)
 * into `ReadMetadata`; these rules refuse or accept what was read, with the catalogue's codes.
 */
import { contractError } from '../contract/errors';
import { normaliseCertificate } from './sso-config';

/** The binding of the SSO address a connection signs in through (SAML 2.0 HTTP-Redirect). */
export const SAML_REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Parsed identity provider metadata. */
export interface IdpMetadata {
  entityId: string | null;
  ssoEndpoint: string;
  certificates: string[];
}

/** What a parser read from metadata XML: null when it is not XML with an IDPSSODescriptor. */
export type ReadMetadata = {
  entityId: string | null;
  /** The Location of the HTTP-Redirect SingleSignOnService ('' for none). */
  redirectLocation: string;
  /** The signing certificates' text, as written (PEM or bare base64). */
  certificates: string[];
} | null;

/**
 * The IdP's details from its metadata XML, read by `read` (never called for a document with a
 * DOCTYPE): SSO_METADATA_UNREADABLE, SSO_METADATA_NO_ENDPOINT or SSO_METADATA_NO_CERTIFICATE
 * when they are not there.
 */
export function idpMetadataOf(xml: string, read: (xml: string) => ReadMetadata): IdpMetadata {
  if (/<!DOCTYPE/i.test(xml)) throw contractError('SSO_METADATA_UNREADABLE');
  const found = read(xml);
  if (!found) throw contractError('SSO_METADATA_UNREADABLE');
  if (!/^https?:\/\/\S+$/.test(found.redirectLocation)) throw contractError('SSO_METADATA_NO_ENDPOINT');
  const certificates = found.certificates
    .map((text) => normaliseCertificate(text))
    .filter((pem): pem is string => pem !== null);
  if (!certificates.length) throw contractError('SSO_METADATA_NO_CERTIFICATE');
  return {
    entityId: found.entityId || null,
    ssoEndpoint: found.redirectLocation,
    certificates: [...new Set(certificates)],
  };
}
