/**
 * A SAML identity provider's metadata document (what an administrator uploads on the SSO page),
 * for tests that need one without running the test IdP (test/idp/saml.ts serves its own).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const CERTIFICATE = readFileSync(new URL('../idp/saml-keys/idp.crt', import.meta.url), 'utf8');

export function idpMetadataXml(
  entityId = 'https://idp.example.com/metadata',
  ssoUrl = 'https://idp.example.com/sso',
) {
  const body = CERTIFICATE.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** Serves `idpMetadataXml()` at `{url}` on 127.0.0.1 (a metadata URL to fetch). */
export async function serveIdpMetadata(): Promise<{ url: string; close(): Promise<void> }> {
  const xml = idpMetadataXml();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
    res.end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/metadata`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
