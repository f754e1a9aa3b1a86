/**
 * Hosted login's token endpoint as both backends answer it (the server's routes/oauth-token.ts, the
 * demo's hostedLogin.ts): the grants it takes and the refusal of any other.
 */
import { contractError, errorBody, type ContractError } from './errors';

/** The grants the token endpoint takes, in discovery's order (`grant_types_supported`). */
export const OAUTH_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** Any other `grant_type` (RFC 6749 §5.2 `unsupported_grant_type`): "grant_type must be ...". */
export function unsupportedGrantType(): ContractError {
  return contractError('FIELD_TYPE', { field: 'grant_type', type: OAUTH_GRANT_TYPES.join(' or ') });
}

/** The OAuth error shape (RFC 6749 §5.2), with the contract's `errors` and `errorCodes` beside it. */
export const oauthErrorBody = (error: string, refusal: ContractError) => ({
  error,
  error_description: refusal.message,
  ...errorBody(refusal),
});
