/**
 * What a session's tokens say, as both backends build them: the access token's claims (spec 000
 * §9) and the login response that carries it, and the ID token's claims of hosted login by scope
 * with the token endpoint's answer (RFC 6749 §5.1, OIDC Core §2). The server signs the claims
 * (server/domain/tokens.ts, server/http/oauth.ts); demo mode writes them unsigned
 * (core/demo/sessions.ts, hostedLogin.ts).
 */
import { displayName, type UserRow } from './user-tables';

/** Who an access token is for, in which session and account. */
export interface TokenSubject {
  userId: string;
  email: string;
  name: string;
  tenantId: string | null;
  tenantIds: string[];
  roles: string[];
  permissions: string[];
  sessionId: string;
  /** Who is acting as this user (impersonation): becomes the RFC 8693 `act` claim. */
  impersonatorId?: string | null | undefined;
}

/** The login response body (`AuthResponse` in the contract). */
export interface AuthResponse {
  accessToken: string;
  expiresIn: number;
  expires: string;
  mfaRequired: boolean;
}

/** Who issues a token, for whom, and its id. */
interface TokenIssue {
  iss: string;
  aud: string;
  jti: string;
  /** When, in seconds since the epoch, and for how many seconds. */
  iat: number;
  ttl: number;
}

/** The claims of an access token for `subject`. */
export const accessTokenClaims = (subject: TokenSubject, { iss, aud, iat, ttl, jti }: TokenIssue) => ({
  email: subject.email,
  name: subject.name,
  tenantId: subject.tenantId,
  tenantIds: subject.tenantIds,
  roles: subject.roles,
  permissions: subject.permissions,
  type: 'userToken' as const,
  sid: subject.sessionId,
  ...(subject.impersonatorId ? { act: { sub: subject.impersonatorId } } : {}),
  sub: subject.userId,
  iss,
  aud,
  iat,
  exp: iat + ttl,
  jti,
});

/** The login response of `accessToken`, issued at `iat` (seconds) for `ttl` seconds. */
export const authResponseOf = (
  accessToken: string,
  { iat, ttl }: Pick<TokenIssue, 'iat' | 'ttl'>,
): AuthResponse => ({
  accessToken,
  expiresIn: ttl,
  expires: new Date((iat + ttl) * 1000).toISOString(),
  mfaRequired: false,
});

/** What an ID token names besides its user: the sign-in's nonce, browser session and time, account and scope. */
export interface IdTokenFacts {
  nonce?: string | null | undefined;
  sid: string | null;
  authTime: Date;
  tenantId: string | null;
  scope: string;
}

/**
 * An ID token's claims: its user (`sub`), issuer, client (`aud`) and times, and what it says by
 * scope (`email`, `profile`).
 */
export function idTokenClaims(
  user: Pick<UserRow, 'id' | 'email' | 'verified' | 'name'>,
  extra: IdTokenFacts,
  { iss, aud, iat, ttl }: Omit<TokenIssue, 'jti'>,
): Record<string, unknown> {
  const scopes = extra.scope.split(' ');
  const claims: Record<string, unknown> = {
    auth_time: Math.floor(extra.authTime.getTime() / 1000),
    tenantId: extra.tenantId,
  };
  if (extra.nonce) claims.nonce = extra.nonce;
  if (extra.sid) claims.sid = extra.sid;
  if (scopes.includes('email')) Object.assign(claims, { email: user.email, email_verified: user.verified });
  if (scopes.includes('profile')) claims.name = displayName(user);
  return { ...claims, sub: user.id, iss, aud, iat, exp: iat + ttl };
}

/** The token endpoint's answer (and the silent authorization's, without a grant's refresh token and scope). */
export const oauthTokenAnswer = (
  auth: AuthResponse,
  idToken: string,
  grant?: { refreshToken: string; scope: string },
) => ({
  access_token: auth.accessToken,
  token_type: 'Bearer',
  expires_in: auth.expiresIn,
  ...(grant ? { refresh_token: grant.refreshToken, scope: grant.scope } : {}),
  id_token: idToken,
});

/** What hosted login's silent authorization grants (the kit's scopes): its ID token's claims. */
export const SILENT_SCOPE = 'openid email profile';
