/**
 * Demo mode's reading of an identity provider's SAML metadata for an SSO connection: a few
 * patterns instead of the server's XML parser (namespace prefixes aside, the same elements), and
 * no outbound fetch: a metadata address gives sample metadata (entity ID the address, SSO address
 * `{origin}/sso`, a sample certificate). What is accepted or refused is core/domain/sso-metadata.ts.
 */
import { SAML_REDIRECT_BINDING, type ReadMetadata } from '../domain/sso-metadata';

/** A sample certificate body (base64 of a fixed text: the demo never checks a signature with it). */
export const SAMPLE_CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'TUlJRGVtb0NlcnRpZmljYXRlRm9yVGhlU1NPUGFnZQ=='.padEnd(64, 'A')}\n-----END CERTIFICATE-----`;

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

/** Entity ID, HTTP-Redirect SSO address and certificates of metadata XML (null without an IDPSSODescriptor). */
export function readDemoMetadata(xml: string): ReadMetadata {
  if (!/IDPSSODescriptor/.test(xml)) return null;
  const service = [...xml.matchAll(/<(?:\w+:)?SingleSignOnService\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => attribute(tag, 'Binding') === SAML_REDIRECT_BINDING);
  return {
    entityId: attribute(xml, 'entityID') ?? null,
    redirectLocation: (service && attribute(service, 'Location')) ?? '',
    certificates: [...xml.matchAll(/<(?:\w+:)?X509Certificate>([^<]+)</g)].map((match) => match[1]!),
  };
}

/** The sample metadata "published" at an http(s) address (URL-encoded: no quote in it); null for another address. */
export function sampleDemoMetadata(url: string): string | null {
  if (!/^https?:\/\/[^\s/]+/.test(url.trim())) return null;
  const { href, origin } = new URL(url.trim());
  return `<EntityDescriptor entityID="${href}"><IDPSSODescriptor><KeyDescriptor><X509Certificate>${SAMPLE_CERTIFICATE}</X509Certificate></KeyDescriptor><SingleSignOnService Binding="${SAML_REDIRECT_BINDING}" Location="${origin}/sso"/></IDPSSODescriptor></EntityDescriptor>`;
}
