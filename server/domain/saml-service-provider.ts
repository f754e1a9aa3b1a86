/**
 * One SAML connection's service provider (domain/saml.ts): this server's side of the exchange as
 * `@node-saml/node-saml` sees it (entity ID, ACS, the identity provider's certificates and issuer,
 * signed requests), the connection's row, and what a refused sign-in throws.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';

/** The service provider's signing key and certificate (PEM). */
export interface SamlSigning {
  privateKey: string;
  certificate: string;
}

export interface SamlConnectionRow {
  id: string;
  key: string;
  tenant_id: string;
  entry_point: string;
  idp_issuer: string | null;
  idp_certificates: string[];
  callback_urls: string[];
  domains: string[];
  default_role_keys: string[];
  sign_requests: boolean;
}

/** A refused sign-in. `callbackUrl`: where the browser can be sent back to with an error, when known. */
export class SamlLoginError extends Error {
  constructor(
    message: string,
    readonly callbackUrl: string | null = null,
  ) {
    super(message);
  }
}

export const REQUEST_TTL_SECONDS = 600;
export const CLOCK_SKEW_MS = 60_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const token = () => randomBytes(32).toString('base64url');

/** The addresses of this server for one connection. */
export interface ServiceProviderAddresses {
  /** The entity ID (also where the metadata is served). */
  entityId: string;
  /** The assertion consumer service (HTTP-POST binding). */
  acsUrl: string;
}

/**
 * The library's SAML object for `row`: `requestId` names the AuthnRequest being built, `cache` is
 * where the library records and looks up the requests it answers (InResponseTo).
 */
export function serviceProvider(
  row: SamlConnectionRow,
  addresses: ServiceProviderAddresses,
  configuredSigning: SamlSigning | undefined,
  extra: { requestId?: string; cache: CacheProvider },
): SAML {
  const { entityId, acsUrl } = addresses;
  const signing = row.sign_requests ? configuredSigning : undefined;
  if (row.sign_requests && !signing)
    throw new SamlLoginError(
      `SAML connection "${row.key}" signs its requests but the server has no SAML key`,
    );
  return new SAML({
    ...(signing
      ? {
          privateKey: signing.privateKey,
          publicCert: signing.certificate,
          signatureAlgorithm: 'sha256' as const,
        }
      : {}),
    entryPoint: row.entry_point,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    idpCert: row.idp_certificates,
    ...(row.idp_issuer ? { idpIssuer: row.idp_issuer } : {}),
    // The assertion must be signed; a signature over the whole response alone is not asked for (most IdPs sign the assertion).
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_SECONDS * 1000,
    cacheProvider: extra.cache,
    disableRequestedAuthnContext: true,
    ...(extra.requestId ? { generateUniqueId: () => extra.requestId! } : {}),
  });
}

/** A cache for a SAML object that never answers a response (metadata only). */
export const refusingCache: CacheProvider = {
  saveAsync: async () => {
    throw new Error('no request is sent from here');
  },
  getAsync: async () => null,
  removeAsync: async () => null,
};
