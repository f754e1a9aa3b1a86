/**
 * Sign-in, session refresh and sign-out: the steps between the HTTP routes and the tables.
 */
import type { Database } from '../storage/database';
import { passwordMatched } from './attempts';
import type { PasswordHasher } from './passwords';
import { contractError } from '../../core/contract/errors';
import { sessionTimeoutOf } from '../../core/domain/session-timeout';
import { endTimedOutSession, limitConcurrentSessions } from './security-policies';
import { loadPrincipal, principalOf, type Principal } from './principal';
import { createSession, revokeSessionByToken, rotateRefreshToken } from './sessions';
import { setSessionTenant } from '../storage/sessions';
import { loadAuthorization, pickActiveTenant, type Authorization } from './tenants';
import { listUserTenants, type TenantRow } from '../storage/tenants';
import type { TokenService } from './tokens';
import type { AuthResponse } from '../../core/domain/session-tokens';
import { displayName } from '../../core/domain/user-tables';
import { storePasswordHash } from '../storage/users';
import type { UserRow } from '../storage/users';
import { refuseLockedSession } from '../../core/domain/security-policies';
import { emitEvent } from './connectivity';

/** Where a request came from; stored with the session for the sessions list. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface SignedIn {
  authResponse: AuthResponse;
  /** Goes into the httpOnly cookie only, never into a response body. */
  refreshToken: string;
  sessionId: string;
}

/** A refresh's answer. `refreshToken` null: a raced refresh, the browser keeps the cookie it has. */
type Refreshed = Omit<SignedIn, 'refreshToken'> & { refreshToken: string | null };

/**
 * After a matching password (the platform's `passwordSignIn.passwordMatched`,
 * core/domain/sign-in-area.ts), one statement: the email's failed attempts are forgotten and, with
 * `user`, the lockout count restarts and (with `breach`) the breach verdict is stored and the
 * user's principal read for the session (returned: null without `breach`); a password stored by an
 * older scheme is rehashed.
 */
export async function passwordMatchedOn(
  db: Database,
  hasher: PasswordHasher,
  email: string,
  user: UserRow | null,
  breach?: { breached: boolean; password: string },
): Promise<Principal | null> {
  const read = await passwordMatched(
    db,
    email,
    user && { userId: user.id, breached: breach?.breached ?? null, readPrincipal: !!breach },
  );
  if (user && breach && hasher.needsRehash(user.passwordHash))
    // The same password rehashed: no history entry, its breach verdict kept.
    await storePasswordHash(db, user.id, await hasher.hash(breach.password), true);
  return principalOf(read);
}

/** Orchestrates sessions and tokens for the auth routes. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly hasher: PasswordHasher,
    private readonly refreshTtlSeconds: number,
  ) {}

  /**
   * Opens a session for `user` in their active tenant and issues the first tokens. With
   * `impersonatorId` the session is an impersonation: it is marked, and its tokens say who acts.
   */
  async startSession(
    user: UserRow,
    client: ClientInfo,
    preferredTenantId?: string | null,
    impersonatorId?: string,
    /** The user's principal when the caller has just read it (a password sign-in), else read here. */
    known?: Principal | null,
  ): Promise<SignedIn> {
    // Every sign-in method ends here (core/domain/security-policies.ts).
    refuseLockedSession(Boolean(user.lockedAt), Boolean(impersonatorId));
    const principal = known?.user.id === user.id ? known : await loadPrincipal(this.db, user.id);
    if (!principal) throw contractError('USER_NOT_FOUND');
    const tenantId =
      pickActiveTenant(principal.tenants, preferredTenantId ?? user.activeTenantId)?.id ?? null;
    // The account's IP restrictions apply to whoever opens a session in it, impersonators included.
    if (!principal.ipAllowed(tenantId, client.ip)) throw contractError('IP_NOT_ALLOWED');
    // An impersonation is not the user's own sign-in: their last-login stays as it was. A sign-in's
    // session statement also records the last login and reads the session policy (one round trip).
    const signIn = !impersonatorId;
    const { session, refreshToken, policy } = await createSession(this.db, {
      userId: user.id,
      tenantId,
      userAgent: client.userAgent,
      ip: client.ip,
      ttlSeconds: this.refreshTtlSeconds,
      impersonatorUserId: impersonatorId ?? null,
      signIn,
    });
    if (signIn) {
      await emitEvent({ db: this.db }, tenantId, 'user.signedIn', { userId: user.id, email: user.email });
      await limitConcurrentSessions(this.db, user.id, tenantId, policy ?? null);
    }
    const authResponse = await this.issue(principal, tenantId, session.id, impersonatorId);
    return { authResponse, refreshToken, sessionId: session.id };
  }

  /**
   * Rotates the refresh token and issues a fresh access token (roles and permissions are read
   * again, so changes apply at the next refresh). Null when the token is not usable; a reused
   * token has already revoked its session by then.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<Refreshed | null> {
    // One statement: the rotation, which also reads the session as it was before it (a token
    // already rotated is left to the rotation's reuse check) and the user with their tenants,
    // roles, permissions and IP rules (domain/principal.ts); a second tab's raced refresh reads the
    // user on its own.
    const result = await rotateRefreshToken(this.db, refreshToken, this.refreshTtlSeconds);
    if (result.kind !== 'rotated' && result.kind !== 'raced') return null;
    // The session policy (idle timeout, forced re-login) judges the session as it was before this
    // refresh moved its last use forward; a refusal revokes it, with the token just issued.
    const timeout =
      result.kind === 'rotated'
        ? sessionTimeoutOf(result.before.policy, result.before.age, result.before.idle)
        : null;
    if (timeout) {
      await endTimedOutSession(this.db, result.session.id, timeout);
      return null;
    }
    const principal =
      result.kind === 'rotated'
        ? principalOf(result.principal)
        : await loadPrincipal(this.db, result.session.user_id);
    if (!principal) return null;
    const tenantId = pickActiveTenant(principal.tenants, result.session.tenant_id)?.id ?? null;
    // IP restrictions: no new token from an address the account does not allow (the session stays:
    // the same browser on an allowed network may go on).
    if (!principal.ipAllowed(tenantId, client.ip)) return null;
    if (tenantId !== result.session.tenant_id) {
      await setSessionTenant(this.db, result.session.id, tenantId);
    }
    const authResponse = await this.issue(
      principal,
      tenantId,
      result.session.id,
      result.session.impersonator_user_id,
    );
    return {
      authResponse,
      refreshToken: result.kind === 'rotated' ? result.refreshToken : null,
      sessionId: result.session.id,
    };
  }

  /** Revokes the session behind `refreshToken`, if any. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await revokeSessionByToken(this.db, refreshToken);
  }

  /**
   * An access token of the same session acting in another tenant of the user (the client SDK's
   * GetUserJwt); the session itself stays where it is. Null when the user is not a member there.
   */
  async tokenForTenant(user: UserRow, tenantId: string, sessionId: string): Promise<AuthResponse | null> {
    const tenants = await listUserTenants(this.db, user.id);
    if (!tenants.some((t) => t.id === tenantId)) return null;
    return this.issueFor(user, tenants, tenantId, sessionId);
  }

  private async issueFor(
    user: UserRow,
    tenants: TenantRow[],
    tenantId: string | null,
    sessionId: string,
    impersonatorId?: string | null,
  ): Promise<AuthResponse> {
    return this.tokenOf(
      user,
      tenants,
      tenantId,
      await loadAuthorization(this.db, user.id, tenantId),
      sessionId,
      impersonatorId,
    );
  }

  /** `issueFor` with what one query read (domain/principal.ts). */
  private issue(
    principal: Principal,
    tenantId: string | null,
    sessionId: string,
    impersonatorId?: string | null,
  ): Promise<AuthResponse> {
    const { user, tenants } = principal;
    return this.tokenOf(
      user,
      tenants,
      tenantId,
      principal.authorization(tenantId),
      sessionId,
      impersonatorId,
    );
  }

  private tokenOf(
    user: UserRow,
    tenants: TenantRow[],
    tenantId: string | null,
    authorization: Authorization,
    sessionId: string,
    impersonatorId?: string | null,
  ): Promise<AuthResponse> {
    return this.tokens.issue({
      userId: user.id,
      email: user.email,
      name: displayName(user),
      tenantId,
      tenantIds: tenants.map((t) => t.id),
      roles: authorization.roles.map((r) => r.key),
      permissions: authorization.permissions.map((p) => p.key),
      sessionId,
      impersonatorId,
    });
  }
}
