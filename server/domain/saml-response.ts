/**
 * The assertion consumer service's checks (domain/saml.ts, step 2 of its comment): the identity
 * provider's response verified by the library against the request it answers, then here the
 * RelayState, the bearer confirmation's Recipient and the response's Destination, the assertion ID
 * never accepted before and the email in the connection's domains; the identity then waits behind
 * a single-use code.
 */
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type { Database } from '../storage/database';
import {
  CLOCK_SKEW_MS,
  refusingCache,
  REQUEST_TTL_SECONDS,
  SamlLoginError,
  sha256,
  token,
  type SamlConnectionRow,
} from './saml-service-provider';

const CODE_TTL_SECONDS = 120;
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The request a response names, spent by the first answer that reaches it (won: this one). */
interface AnsweredRequest {
  request: { requestId: string; callbackUrl: string; relayStateHash: string; won: boolean } | null;
}

/** The library's record of our requests: it finds the pending one and spends it, into `answered`. */
function answeringCache(db: Database, row: SamlConnectionRow, answered: AnsweredRequest): CacheProvider {
  return {
    saveAsync: refusingCache.saveAsync,
    getAsync: async (id) => {
      const { rows } = await db.query<{ created_at: Date }>(
        'SELECT created_at FROM saml_requests WHERE request_id = $1 AND configuration_id = $2 AND answered_at IS NULL AND expires_at > now()',
        [id, row.id],
      );
      return rows[0] ? new Date(rows[0].created_at).toISOString() : null;
    },
    removeAsync: async (id) => {
      if (!id) return null;
      const { rows } = await db.query<{ callback_url: string; relay_state_hash: string }>(
        `UPDATE saml_requests SET answered_at = now() WHERE request_id = $1 AND configuration_id = $2 AND answered_at IS NULL
         RETURNING callback_url, relay_state_hash`,
        [id, row.id],
      );
      if (rows[0])
        answered.request = {
          requestId: id,
          callbackUrl: rows[0].callback_url,
          relayStateHash: rows[0].relay_state_hash,
          won: true,
        };
      else if (!answered.request) {
        const known = await db.query<{ callback_url: string; relay_state_hash: string }>(
          'SELECT callback_url, relay_state_hash FROM saml_requests WHERE request_id = $1 AND configuration_id = $2',
          [id, row.id],
        );
        if (known.rows[0])
          answered.request = {
            requestId: id,
            callbackUrl: known.rows[0].callback_url,
            relayStateHash: known.rows[0].relay_state_hash,
            won: false,
          };
      }
      return id;
    },
  };
}

/** What the assertion consumer service needs of the connection. */
interface ResponseCheck {
  db: Database;
  row: SamlConnectionRow;
  acsUrl: string;
  /** The library's SAML object over a request cache. */
  serviceProvider: (cache: CacheProvider) => SAML;
}

/** Checks the identity provider's response and parks the identity behind a single-use code. */
export async function consumeResponse(
  { db, row, acsUrl, serviceProvider }: ResponseCheck,
  samlResponse: string,
  relayState: string | undefined,
): Promise<{ callbackUrl: string; code: string }> {
  const answered: AnsweredRequest = { request: null };
  const cache = answeringCache(db, row, answered);
  const refuse = (reason: string): never => {
    throw new SamlLoginError(reason, answered.request?.callbackUrl ?? row.callback_urls[0]!);
  };

  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(cache).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    return refuse(`response refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { request } = answered;
  if (!profile) return refuse('no assertion');
  // The library checks the issuer of logout messages only: the signed assertion's issuer is checked here.
  if (row.idp_issuer && profile.issuer !== row.idp_issuer)
    return refuse('the assertion was issued by another entity');
  if (!request || request.requestId !== profile.inResponseTo)
    return refuse('the response answers no request of ours');
  if (!request.won) return refuse('the request was already answered');
  if (typeof relayState !== 'string' || sha256(relayState) !== request.relayStateHash)
    return refuse("RelayState differs from the request's");

  const checks = confirmationChecks(profile, acsUrl);
  if (checks) return refuse(checks);
  const assertion = assertionOf(profile);
  const assertionId = typeof assertion?.$?.ID === 'string' ? assertion.$.ID : '';
  if (!assertionId) return refuse('the assertion has no ID');
  const notOnOrAfter = assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  const keepUntil =
    typeof notOnOrAfter === 'string' && !Number.isNaN(Date.parse(notOnOrAfter))
      ? new Date(Math.max(Date.parse(notOnOrAfter), Date.now()) + CLOCK_SKEW_MS)
      : new Date(Date.now() + REQUEST_TTL_SECONDS * 1000);
  const seen = await db.query(
    'INSERT INTO saml_assertions_seen (configuration_id, assertion_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING assertion_id',
    [row.id, assertionId.slice(0, 256), keepUntil],
  );
  if (!seen.rows[0]) return refuse('the assertion was already used');

  const email = emailOf(profile);
  if (!email || !row.domains.includes(email.split('@')[1] ?? ''))
    return refuse("the identity provider asserted an email outside the connection's domains");
  const subject = profile.nameID;
  if (!subject) return refuse('the assertion names no subject');

  const code = token();
  await db.query(
    `UPDATE saml_requests SET code_hash = $2, code_expires_at = now() + make_interval(secs => $3), subject = $4, email = $5, name = $6, groups = $7 WHERE request_id = $1`,
    [
      request.requestId,
      sha256(code),
      CODE_TTL_SECONDS,
      subject.slice(0, 512),
      email,
      nameOf(profile),
      groupsOf(profile),
    ],
  );
  return { callbackUrl: request.callbackUrl, code };
}

// The verified assertion as parsed by the library (xml2js shape, local names).
interface ParsedNode {
  $?: Record<string, string>;
  [child: string]: unknown;
}
type Assertion = ParsedNode & {
  Subject?: Array<{ SubjectConfirmation?: Array<ParsedNode & { SubjectConfirmationData?: ParsedNode[] }> }>;
  Conditions?: ParsedNode[];
};

function assertionOf(profile: Profile): Assertion | null {
  const parsed = profile.getAssertion?.() as { Assertion?: Assertion } | undefined;
  return parsed?.Assertion ?? null;
}

/**
 * The bearer confirmation must be addressed to this ACS (SAML 2.0 profiles §4.1.4.2: Recipient),
 * and a Destination on the response, when present, too. Returns the reason to refuse, or null.
 */
function confirmationChecks(profile: Profile, acsUrl: string): string | null {
  const assertion = assertionOf(profile);
  const confirmations = assertion?.Subject?.[0]?.SubjectConfirmation ?? [];
  const bearer = confirmations.filter((c) => c.$?.Method === BEARER);
  if (!bearer.length) return 'the assertion has no bearer subject confirmation';
  if (!bearer.some((c) => c.SubjectConfirmationData?.[0]?.$?.Recipient === acsUrl))
    return 'the assertion is addressed to another recipient';
  const response = profile.getSamlResponseXml?.() ?? '';
  const destination = /<(?:\w+:)?Response\b[^>]*\bDestination="([^"]*)"/.exec(response)?.[1];
  if (destination !== undefined && destination !== acsUrl)
    return 'the response is addressed to another destination';
  return null;
}

function attribute(profile: Profile, ...names: string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return null;
}

function emailOf(profile: Profile): string | null {
  const fromAttributes = attribute(
    profile,
    'email',
    'mail',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  );
  const value = fromAttributes ?? (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : null);
  const email = value?.trim().toLowerCase() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

function nameOf(profile: Profile): string | null {
  const full = attribute(
    profile,
    'name',
    'displayName',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  );
  if (full) return full.slice(0, 100);
  const given = attribute(profile, 'firstName', 'givenName');
  const family = attribute(profile, 'lastName', 'surname', 'sn');
  const joined = [given, family].filter(Boolean).join(' ');
  return joined ? joined.slice(0, 100) : null;
}

/** The groups attribute (`groups`, Azure AD's claim, `memberOf`): strings only, at most 200. */
function groupsOf(profile: Profile): string[] {
  for (const name of [
    'groups',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
    'memberOf',
  ]) {
    const value = profile[name];
    const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    const groups = list.filter((g): g is string => typeof g === 'string' && g.length > 0 && g.length <= 256);
    if (groups.length) return groups.slice(0, 200);
  }
  return [];
}
