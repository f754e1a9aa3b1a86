/**
 * Demo mode's reading of an identity provider's SAML metadata for an SSO connection: a few
 * patterns instead of the server's XML parser (namespace prefixes aside, the same elements), and
 * no outbound fetch: a metadata address gives sample metadata (entity ID the address, SSO address
 * `{origin}/sso`, a sample certificate). What is accepted or refused is core/domain/sso-metadata.ts.
 */
import { SAML_REDIRECT_BINDING, type ReadMetadata } from '../domain/sso-metadata';

/** A sample certificate body (base64 of a fixed text: the demo never checks a signature with it). */
export const SAMPLE_CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'TUlJRGVtb0NlcnRpZmljYXRlRm9yVGhlU1NPUGFnZQ'.padEnd(64, 'A')}\n-----END CERTIFICATE-----`;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
/** An attribute's value, its XML entities read. */
const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]+)"`)
    .exec(tag)?.[1]
    ?.replace(/&(amp|quot|apos|lt|gt);/g, (_, e: string) => ENTITIES[e]!);

/** Entity ID, HTTP-Redirect SSO address and certificates of metadata XML (null without an IDPSSODescriptor). */
export function readDemoMetadata(xml: string): ReadMetadata {
  if (!/IDPSSODescriptor/.test(xml)) return null;
  const service = [...xml.matchAll(/<(?:\w+:)?SingleSignOnService\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => attribute(tag, 'Binding') === SAML_REDIRECT_BINDING);
  return {
    entityId: attribute(xml, 'entityID') ?? null,
    redirectLocation: (service && attribute(service, 'Location')) ?? '',
    // The signing keys' certificates (a KeyDescriptor without `use` signs too).
    certificates: [...xml.matchAll(/<(?:\w+:)?KeyDescriptor\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?KeyDescriptor>/g)]
      .filter(([, attributes]) => (attribute(attributes!, 'use') ?? 'signing') === 'signing')
      .flatMap(([, , key]) =>
        [...key!.matchAll(/<(?:\w+:)?X509Certificate\b[^>]*>([^<]+)</g)].map((match) => match[1]!),
      ),
  };
}

/** The sample metadata "published" at an http(s) address; null for another address. */
export function sampleDemoMetadata(url: string): string | null {
  if (!/^https?:\/\/[^\s/]+/.test(url.trim())) return null;
  const { href, origin } = new URL(url.trim());
  const body = SAMPLE_CERTIFICATE.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return [
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${href.replace(/&/g, '&amp;')}">`,
    '<md:IDPSSODescriptor><md:KeyDescriptor use="signing">',
    `<ds:X509Certificate xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${body}</ds:X509Certificate>`,
    `</md:KeyDescriptor><md:SingleSignOnService Binding="${SAML_REDIRECT_BINDING}" Location="${origin}/sso"/>`,
    '</md:IDPSSODescriptor></md:EntityDescriptor>',
  ].join('');
}
