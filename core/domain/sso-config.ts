/**
 * The rules of an SSO connection's fields (issue 16; spec 001 §5 save rules), written once for the
 * reference server (server/domain/sso-config.ts, which stores connections in SQL and reads metadata,
 * DNS and secrets) and demo mode (core/demo/ssoConfig.ts, which keeps them in the page's storage).
 * Browser-safe: a refusal is a `contractError` of the catalogue, answered alike by both.
 */
import { contractError } from '../contract/errors';

/** The fields an administrator sends that these rules read (the client's IUpdateSSOConfiguration). */
interface SsoFieldsInput {
  type?: string | undefined;
  ssoEndpoint?: string | undefined;
  publicCertificate?: string | undefined;
  signRequest?: boolean | undefined;
  skipEmailDomainValidation?: boolean | undefined;
}

/** What the checked fields become: the trimmed SSO address, the PEM certificate ('' clears it). */
interface SsoCheckedFields {
  ssoEndpoint?: string;
  publicCertificate?: string;
}

const isOidc = (type: string) => type === 'oidc';

/** A PEM certificate from PEM or bare base64 (metadata's X509Certificate), or null. */
export function normaliseCertificate(value: string): string | null {
  const body = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length < 64) return null;
  const lines = body.match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----`;
}

/** An identity provider's address: '' or an http(s) URL without credentials, trimmed. */
export function checkedEndpoint(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  try {
    const url = new URL(trimmed);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password)
      return trimmed;
  } catch {
    // refused below
  }
  throw contractError('SSO_ENDPOINT_INVALID');
}

/**
 * The first checks of a create or update, before anything is written: the protocol stays (SAML
 * types among themselves) and skipping domain validation is refused. The roles are checked next,
 * by the caller (`checkSsoFields` after them).
 */
export function checkSsoKind(currentType: string, input: SsoFieldsInput): void {
  if (input.type && isOidc(input.type) !== isOidc(currentType)) throw contractError('SSO_PROTOCOL_CHANGE');
  if (input.skipEmailDomainValidation) throw contractError('SSO_SKIP_DOMAINS_UNSUPPORTED');
}

/**
 * The fields' checks after the roles', in the server's order: the SSO address, then for SAML the
 * certificate and request signing, which needs a signing key (OIDC ignores both).
 */
export function checkSsoFields(
  currentType: string,
  input: SsoFieldsInput,
  canSignRequests: boolean,
): SsoCheckedFields {
  const checked: SsoCheckedFields = {};
  if (input.ssoEndpoint !== undefined) checked.ssoEndpoint = checkedEndpoint(input.ssoEndpoint);
  if (isOidc(currentType)) return checked;
  if (input.publicCertificate !== undefined) {
    const trimmed = input.publicCertificate.trim();
    const pem = trimmed === '' ? '' : normaliseCertificate(trimmed);
    if (pem === null) throw contractError('SSO_CERTIFICATE_INVALID');
    checked.publicCertificate = pem;
  }
  if (input.signRequest && !canSignRequests) throw contractError('SSO_SIGNING_KEY_MISSING');
  return checked;
}

/**
 * updateSamlConfiguration's domain rule (docs/sso.md "The legacy single-connection calls"): another
 * domain than the connection's first resets its SSO address, certificate and request signing,
 * whatever the same request sends for them. Returns the fields to save.
 */
export function legacySamlChanges<T extends object>(
  fields: T,
  domain: string | undefined,
  previous: string | undefined,
): T {
  if (domain === undefined || previous === undefined || domain === previous) return fields;
  return { ...fields, ssoEndpoint: '', publicCertificate: '', signRequest: false };
}
