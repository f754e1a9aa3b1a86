/**
 * Hosted login's token endpoint as both backends answer it (the server's routes/oauth-token.ts, the
 * demo's hostedLogin.ts): the grants it takes, the refusal of any other and its other refusals.
 */
import { contractError, errorBody, type ContractError, type ErrorCode } from './errors';

/** The grants the token endpoint takes, in discovery's order (`grant_types_supported`). */
export const OAUTH_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** Any other `grant_type` (RFC 6749 §5.2 `unsupported_grant_type`): "grant_type must be ...". */
export function unsupportedGrantType(): ContractError {
  return contractError('FIELD_TYPE', { field: 'grant_type', type: OAUTH_GRANT_TYPES.join(' or ') });
}

/** The OAuth error shape (RFC 6749 §5.2), with the contract's `errors` and `errorCodes` beside it. */
const oauthErrorBody = (error: string, refusal: ContractError) => ({
  error,
  error_description: refusal.message,
  ...errorBody(refusal),
});

/**
 * The token endpoint's and the silent authorization's refusals, each with its status, its OAuth
 * error (RFC 6749 §5.2; OIDC Core §3.1.2.6 `login_required`) and the catalogue's code.
 */
const OAUTH_REFUSALS = {
  /** The token endpoint's client is unknown (its authentication failed). */
  tokenClient: [401, 'invalid_client', 'OAUTH_CLIENT_UNKNOWN'],
  /** The silent authorization's client is unknown. */
  silentClient: [400, 'invalid_client', 'OAUTH_CLIENT_UNKNOWN'],
  /** No live browser session behind the silent authorization. */
  loginRequired: [401, 'login_required', 'SESSION_EXPIRED'],
  /** An authorization code refused (the code of why, else: already used). */
  code: [400, 'invalid_grant', 'OAUTH_CODE_USED'],
  /** A refresh token that is no grant of the client. */
  refreshInvalid: [400, 'invalid_grant', 'OAUTH_REFRESH_INVALID'],
  /** A grant whose session has ended (or whose token was used again). */
  refreshExpired: [400, 'invalid_grant', 'OAUTH_REFRESH_EXPIRED'],
  userGone: [400, 'invalid_grant', 'OAUTH_USER_GONE'],
} as const satisfies Record<string, readonly [number, string, ErrorCode]>;

/** A refusal's status and body; `refusal` says the reason instead of the catalogue's code. */
export function oauthRefusal(name: keyof typeof OAUTH_REFUSALS, refusal?: ContractError) {
  const [status, error, code] = OAUTH_REFUSALS[name];
  return { status, body: oauthErrorBody(error, refusal ?? contractError(code)) };
}

/** Any other `grant_type`'s refusal. */
export const unsupportedGrantRefusal = () => ({
  status: 400,
  body: oauthErrorBody('unsupported_grant_type', unsupportedGrantType()),
});
