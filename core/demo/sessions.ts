/**
 * Demo mode's session and tokens: the one session this browser has (the demo's stand-in for the
 * refresh cookie), the JWT-shaped access tokens it issues (readable by the kit, signed by nobody:
 * demo mode verifies nothing real), who a bearer is, and the session routes (refresh, sign-out;
 * the sessions list and a token for one of the user's accounts: core/demo/platform.ts).
 */
import { decodeAccessToken } from '../jwt';
import { fail, ok } from '../contract/answer';
import { refuseLockedSession, type SessionSettings } from '../domain/security-policies';
import { SECURITY_POLICIES } from '../domain/security-policy-tables';
import { sessionUse } from '../domain/session-timeout';
import { accessTokenClaims, authResponseOf, type AuthResponse } from '../domain/session-tokens';
import { toBase64Url } from '../domain/base64url';
import { demoUserOf, updateUser, type DemoDatabase, type DemoUser, storedRows } from './data';
import type { DemoCaller, DemoRoutes } from './dispatch';
import { authorizationIn } from '../domain/member-grants';
import { demoTables } from './teamAdmin';
import { isoNow } from './rows';
import { displayName } from '../domain/user-tables';

/** Who issues the demo's tokens (and their audience). */
export const DEMO_ISSUER = 'auth-elements-demo';
/** The demo's access tokens: by and for the demo, for a day (spec 000 §9). */
const DEMO_ISSUE = { iss: DEMO_ISSUER, aud: DEMO_ISSUER, ttl: 86400 };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A random id of 16 lowercase letters and digits (the demo's ids and refresh tokens). */
export const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALPHABET[b % 36]).join('');

const jwtPart = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
/** A JWT of `claims` signed by nobody (demo mode verifies nothing real), in UTF-8 as any JWT. */
export const unsignedJwt = (claims: object) =>
  `${jwtPart({ alg: 'none', typ: 'JWT' })}.${jwtPart(claims)}.demo`;

/** A demo token's claims (readable by anyone: demo mode verifies nothing real), or null. */
function claimsOf(token: string): { sub?: string; exp?: number; sid?: unknown; act?: unknown } | null {
  try {
    return decodeAccessToken(token);
  } catch {
    return null;
  }
}

/** The token and session functions every area of the backend shares, on the backend's clock and ids. */
export function createDemoTokens({ now, random }: { now: () => number; random: () => string }) {
  /** The session's access token for `user` (an impersonated one names its impersonator). */
  async function tokenFor(db: DemoDatabase, user: DemoUser, impersonatorId?: string): Promise<AuthResponse> {
    const { roles, permissions } = await authorizationIn(demoTables(db), user.id, user.tenantId);
    const subject = {
      userId: user.id,
      email: user.email,
      name: displayName(user),
      tenantId: user.tenantId,
      tenantIds: [user.tenantId],
      roles: roles.map((r) => r.key),
      permissions: permissions.map((p) => p.key),
      sessionId: db.session?.id ?? '',
      impersonatorId,
    };
    // The token's own id is not one of the backend's ids (tests fix those).
    const issue = { ...DEMO_ISSUE, iat: Math.floor(now() / 1000), jti: randomId() };
    return authResponseOf(unsignedJwt(accessTokenClaims(subject, issue)), issue);
  }

  /** Opens the browser's one session for `user` (an impersonated one names its impersonator). */
  async function startSession(
    db: DemoDatabase,
    user: DemoUser,
    impersonatorId?: string,
  ): Promise<AuthResponse> {
    refuseLockedSession(Boolean(user.lockedAt), Boolean(impersonatorId));
    db.session = {
      id: random(),
      userId: user.id,
      refreshToken: random(),
      createdAt: isoNow(now),
      ...(impersonatorId ? { impersonatorId } : {}),
    };
    if (!impersonatorId) updateUser(db, user.id, { lastLogin: isoNow(now) });
    return tokenFor(db, user, impersonatorId);
  }

  const secondsSince = (iso?: string) => (iso ? now() - Date.parse(iso) : 0) / 1000;

  /**
   * A use of the browser's session by `user`, a refresh (`refresh`) or an authenticated call: false
   * when its account's session policy has ended it, else its last use moves forward when the use
   * writes it (the server's rule: core/domain/session-timeout.ts). A session stored without its
   * start goes on.
   */
  function keepSession(db: DemoDatabase, user: DemoUser, refresh: boolean): boolean {
    const session = db.session!;
    const saved = storedRows(db.tables, SECURITY_POLICIES).find(
      (row) => row.kind === 'sessions' && row.tenantId === user.tenantId,
    );
    const policy = (saved?.settings as Partial<SessionSettings> | undefined) ?? null;
    const idle = secondsSince(session.lastUsedAt ?? session.createdAt);
    const use = sessionUse(policy, secondsSince(session.createdAt), idle, refresh);
    if (use.ends) return false;
    if (use.touch) session.lastUsedAt = isoNow(now);
    return true;
  }

  /**
   * The bearer of a demo token that has not expired (its user and claims), or null. A token of the
   * browser's session is refused once the session policy has ended it (the server's every
   * authenticated call; the session itself ends at its refresh).
   */
  function bearerOf(db: DemoDatabase, token: string | null): DemoCaller | null {
    const claims = token ? claimsOf(token) : null;
    if (!claims?.exp || claims.exp * 1000 < now()) return null;
    const user = demoUserOf(db, claims.sub);
    if (!user || (claims.sid === db.session?.id && !keepSession(db, user, false))) return null;
    return { user, claims };
  }
  const userOfToken = (db: DemoDatabase, token: string | null) => bearerOf(db, token)?.user ?? null;

  return { tokenFor, startSession, keepSession, bearerOf, userOfToken };
}

export type DemoTokens = ReturnType<typeof createDemoTokens>;

/** Refresh and sign-out (public: the session is the demo's cookie). */
export function demoSessionRoutes(tokens: DemoTokens, random: () => string): DemoRoutes {
  return {
    postAuthUserTokenRefresh: async (db) => {
      const user = db.session && demoUserOf(db, db.session.userId);
      if (!user || !tokens.keepSession(db, user, true)) {
        // No session, or one its account's session policy ended: gone, as the server revokes it.
        db.session = null;
        return fail('SESSION_EXPIRED');
      }
      db.session!.refreshToken = random();
      return ok(await tokens.tokenFor(db, user, db.session!.impersonatorId), true);
    },
    postAuthLogout: (db) => {
      db.session = null;
      return ok({}, true);
    },
  };
}
