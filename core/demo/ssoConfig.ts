/**
 * Demo mode's part of the SSO connections (issue 16; the platform's `sso`, core/demo/platform.ts):
 * the shared handlers (core/domain/sso-handlers.ts), use cases (core/domain/sso-connections.ts) and
 * repository (core/domain/sso-repository.ts), the server's own, run over the demo's tables in the
 * page's storage, so the routes answer with the server's answers and refusals.
 *
 * What demo mode cannot do, and does instead (docs/sso.md):
 * - no DNS: a domain validates at once, unless it begins with `unverified.` (then the server's
 *   "TXT record not found" answer, so the page's failure can be seen);
 * - no outbound fetch: a metadata URL gives sample metadata (core/demo/ssoMetadata.ts); uploaded
 *   metadata XML is read with patterns instead of an XML parser;
 * - no SAML signing key (signRequest is refused, as on a server without one), no stored OIDC secret;
 * - no sign-in through these connections (the demo has no identity provider).
 */
import { ssoAddresses, ssoBackendAt, type OwnSsoServices, type SsoBackend } from '../domain/sso-connections';
import { ssoConnectionRepository } from '../domain/sso-repository';
import { DEMO_TENANT_ID, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { readDemoMetadata, SAMPLE_CERTIFICATE, sampleDemoMetadata } from './ssoMetadata';
import { memoryTables } from './tables';

/** A service provider of its own (demo mode has no issuer), and the page's origin for the kit's callbacks. */
const ADDRESSES = ssoAddresses('https://auth.demo.example/frontegg', [
  globalThis.location?.origin ?? 'https://app.demo.example',
]);

/**
 * The sample account's connection (spec 001 §1: demo mode fills demo data), made a month ago by
 * the repository itself: enabled, with one validated domain and one that is not.
 */
async function addSampleConnection(db: DemoDatabase, now: () => number): Promise<void> {
  const ids = ['demo-sso-okta', 'demo-sso-domain-1', 'demo-sso-domain-2'];
  const repo = ssoConnectionRepository(memoryTables((db.tables ??= {})), {
    newId: () => ids.shift()!,
    now: () => now() - 30 * 86_400_000,
    ...ADDRESSES,
  });
  const id = await repo.insert(DEMO_TENANT_ID, {
    protocol: 'saml',
    type: 'okta',
    verification: 'auth-elements-sso=demo-okta-verification',
    roleKeys: [],
  });
  await repo.update(DEMO_TENANT_ID, id, 'saml', {
    enabled: true,
    ssoEndpoint: 'https://acme.okta.example/app/sso/saml',
    certificates: [SAMPLE_CERTIFICATE],
    idpEntityId: 'http://www.okta.example/exk-demo',
  });
  const sample = (await repo.find(DEMO_TENANT_ID, id))!;
  const validated = (await repo.addDomain(DEMO_TENANT_ID, sample, 'acme-sso.demo.example'))!;
  await repo.addDomain(DEMO_TENANT_ID, sample, 'unverified.acme-sso.demo.example');
  await repo.markValidated(sample, validated);
}

/** What demo mode does instead of the server's DNS, fetch, secrets and signing key. */
const DEMO_SSO_SERVICES: OwnSsoServices = {
  readMetadata: readDemoMetadata,
  fetchMetadata: async (url) => sampleDemoMetadata(url),
  verifyTxt: async (domain) => (domain.startsWith('unverified.') ? 'missing' : 'found'),
  sealSecret: () => 'kept by the identity provider only',
  canSignRequests: false,
};

/**
 * What demo mode's SSO connections have instead of the server's (core/domain/platform.ts `sso`),
 * the sample account's connection written first on first use.
 */
export async function demoSsoBackend(db: DemoDatabase, { now }: DemoClock): Promise<SsoBackend> {
  if (db.tables?.saml_configurations === undefined) await addSampleConnection(db, now);
  return ssoBackendAt(ADDRESSES, DEMO_SSO_SERVICES);
}
