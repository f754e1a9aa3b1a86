/**
 * The client SDK's legacy single-connection SSO answers, made from one of the account's SSO
 * connections: the one projection the reference server (server/domain/sso-legacy.ts) and the demo
 * backend (core/demo/ssoConfig.ts) both answer with (docs/sso.md "The legacy single-connection calls").
 */
import type { SsoConnection } from '../api/ssoConfig';

/** The permission reading SSO needs (also the SAML metadata entity's, checked by its handler). */
export const SSO_READ_PERMISSION = 'fe.secure.read.samlConfiguration';

/** What the legacy answers read of a connection. */
export type LegacyConnection = Pick<
  SsoConnection,
  | 'id'
  | 'enabled'
  | 'type'
  | 'generatedVerification'
  | 'ssoEndpoint'
  | 'publicCertificate'
  | 'signRequest'
  | 'acsUrl'
  | 'spEntityId'
  | 'domains'
  | 'roleIds'
  | 'createdAt'
  | 'updatedAt'
>;

/** Whether a connection routes sign-ins now: enabled, a validated domain, its SSO address and a certificate. */
const routesSignIns = (c: LegacyConnection) =>
  c.enabled && c.domains.some((d) => d.validated) && c.ssoEndpoint !== '' && c.publicCertificate !== '';

/**
 * The client's ISamlConfiguration of a connection; `{ enabled: false }` for none. The legacy
 * `domain` is the connection's first; secrets are never answered.
 */
export function legacySamlView(c: LegacyConnection | null | undefined) {
  if (!c) return { enabled: false };
  const first = c.domains[0];
  return {
    enabled: c.enabled,
    type: c.type,
    domain: first?.domain ?? '',
    validated: first?.validated ?? false,
    generatedVerification: c.generatedVerification,
    ssoEndpoint: c.ssoEndpoint,
    publicCertificate: c.publicCertificate,
    signRequest: c.signRequest,
    acsUrl: c.acsUrl,
    spEntityId: c.spEntityId,
    isSamlActive: routesSignIns(c),
    oidcClientId: '',
    oidcSecret: '',
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The SAML entity of GET /metadata (the client's ISamlMetadata): no rows before a SAML connection. */
export function legacySamlMetadata(c: LegacyConnection | null | undefined, vendorId: string) {
  if (!c) return { rows: [] };
  return {
    rows: [
      {
        entityName: 'saml',
        id: c.id,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        vendorId,
        properties: [],
        isActive: routesSignIns(c),
        configuration: { acsUrl: c.acsUrl, spEntityId: c.spEntityId },
      },
    ],
  };
}
