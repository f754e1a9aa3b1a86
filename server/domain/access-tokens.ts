/**
 * Access tokens of the client SDK (auth.createUserAccessToken, createTenantAccessToken): unlike API
 * tokens, there is no exchange; the secret shown once at creation is sent as `Authorization: Bearer
 * <secret>` on every call. The bearer check (http/bearer.ts) tells it from a signed JWT by its form
 * (`fat_` and 43 base64url characters) and asks `accessTokenClaims` for the claims it stands for:
 * - a user token acts as its owner in the tenant it was made in, with the owner's roles and
 *   permissions there at the moment of the call (none once they leave: refused);
 * - a tenant token acts for the tenant with the permissions of its roles; its subject is the
 *   token's id (no user).
 * Its session id is `api-token:{id}` (isApiTokenAccess): like an API token's access token it skips
 * the login-session policy (no login session is behind it) but not the tenant's IP restrictions, and
 * it may not make tokens, impersonate or act as a signed-in person (requireSignedInUser). Deleted,
 * expired and unknown secrets get the same 401.
 */
import type { Database } from '../storage/database';
import { API_TOKEN_SESSION } from '../../core/domain/api-tokens';
import { resolveAccessToken } from './api-tokens';
import { tenantTokenAuthorization } from '../storage/api-tokens';
import { loadAuthorization } from './tenants';
import { listUserTenants } from '../storage/tenants';
import type { AccessTokenClaims } from './tokens';
import { displayName } from '../../core/domain/user-tables';
import { findUserById } from '../storage/users';

/** How long one call's claims are said to last when the token itself never expires. */
const CLAIMS_TTL_S = 300;

/** What an API or access token acts as: the claims an access token of it carries. */
interface TokenSubject {
  userId: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  roles: string[];
  permissions: string[];
  sessionId: string;
}

/**
 * Who a live API or access token acts as, now: a tenant token with its roles' permissions (its
 * subject is the token's id), a user token as its owner in the token's tenant with the owner's
 * current roles there; null when the owner is gone or no longer a member there.
 */
export async function tokenSubject(
  db: Database,
  token: {
    id: string;
    type: 'user' | 'tenant';
    tenantId: string;
    userId: string | null;
    description: string;
  },
): Promise<TokenSubject | null> {
  const sessionId = `${API_TOKEN_SESSION}${token.id}`;
  if (token.type === 'tenant') {
    const { roles, permissions } = await tenantTokenAuthorization(db, token.id);
    const [userId, email, name, tenantIds] = [token.id, '', token.description, [token.tenantId]];
    return { userId, email, name, tenantId: token.tenantId, tenantIds, roles, permissions, sessionId };
  }
  const user = token.userId ? await findUserById(db, token.userId) : null;
  const tenants = user ? await listUserTenants(db, user.id) : [];
  if (!user || !tenants.some((t) => t.id === token.tenantId)) return null;
  const authorization = await loadAuthorization(db, user.id, token.tenantId);
  return {
    userId: user.id,
    email: user.email,
    name: displayName(user),
    tenantId: token.tenantId,
    tenantIds: tenants.map((t) => t.id),
    roles: authorization.roles.map((r) => r.key),
    permissions: authorization.permissions.map((p) => p.key),
    sessionId,
  };
}

export async function accessTokenClaims(db: Database, secret: string): Promise<AccessTokenClaims | null> {
  const token = await resolveAccessToken(db, secret);
  if (!token) return null;
  const subject = await tokenSubject(db, token);
  if (!subject) return null;
  const now = Math.floor(Date.now() / 1000);
  const exp = token.expires
    ? Math.min(Math.floor(token.expires.getTime() / 1000), now + CLAIMS_TTL_S)
    : now + CLAIMS_TTL_S;
  const { userId, sessionId, ...rest } = subject;
  return { ...rest, sub: userId, sid: sessionId, type: 'userToken', iat: now, exp };
}
