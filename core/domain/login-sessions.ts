/**
 * A user's own login sessions, as the portal's privacy page shows and ends them (spec 000 §3
 * Session: id, userAgent, createdAt, ipAddress, current; spec 000 §7 "Sessions: GET, DELETE
 * /sessions/v1/me, /{id}, /all, GET /me/current"), written once for the server and demo mode
 * (core/domain/handlers.ts). The current session is the one the call's access token names (the
 * server's `sid`). Beside them: a token of the same session for another of the user's accounts
 * (POST /users/v3/me/token). API-token callers are refused (403, the descriptors' access): they
 * have no login session, and must not end the person's. On the server a session id that is not a
 * uuid is 400 (server/http/errors.ts).
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers } from './handlers';
import { refuseStayingImpersonation } from './impersonation';
import type { Caller, PortsFor } from './platform';

export interface LoginSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
}

export interface LoginSessionPorts {
  /** The session of the call (its access token's), or null. */
  currentSession(): string | null;
  /** The user's live sessions (not ended, not expired), `currentId` first, then the most recently used. */
  list(userId: string, currentId: string | null): Promise<LoginSession[]>;
  /** Ends one of the user's live sessions; false when it is not theirs or not live. */
  end(userId: string, sessionId: string): Promise<boolean>;
  /** Ends every live session of the user but `currentId`; how many. */
  endOthers(userId: string, currentId: string | null): Promise<number>;
}

async function sessionsOf(p: LoginSessionPorts, userId: string) {
  const current = p.currentSession();
  return (await p.list(userId, current)).map((session) => ({ ...session, current: session.id === current }));
}

export const LOGIN_SESSION_HANDLERS: AreaHandlers<LoginSessionPorts> = {
  getUsersSessionsMe: async (p, { userId }) => answer(await sessionsOf(p, userId)),
  getUsersSessionsMeCurrent: async (p, { userId }) => {
    const current = (await sessionsOf(p, userId)).find((session) => session.current);
    if (!current) throw contractError('SESSION_NOT_FOUND');
    return answer(current);
  },
  // Ending a session stops its refresh token at once; an access token it issued lives until it expires.
  deleteUsersSessionsMeAll: async (p, { userId }) =>
    answer({ revoked: await p.endOthers(userId, p.currentSession()) }),
  deleteUsersSessionsMeById: async (p, { userId, params }) => {
    if (!(await p.end(userId, params.id!))) throw contractError('SESSION_NOT_FOUND');
    return answer({});
  },
};

/** A token of the caller's session acting in another of their accounts (users.GetUserJwt). */
export interface AccountTokenPorts {
  /** The caller's session is an impersonation. */
  impersonating: boolean;
  /** A token of the caller's session for `tenantId`; null when the user is no member of it. */
  tokenForAccount(
    userId: string,
    tenantId: string,
  ): Promise<{ accessToken?: string; expires?: string; expiresIn?: number } | null>;
}

export const ACCOUNT_TOKEN_HANDLERS: AreaHandlers<AccountTokenPorts> = {
  // Not while impersonating: impersonation was allowed for one account only.
  postUsersMeToken: async (p, { userId, body }) => {
    refuseStayingImpersonation(p.impersonating);
    const issued = await p.tokenForAccount(userId, body.tenantId as string);
    if (!issued) throw contractError('NOT_ACCOUNT_MEMBER');
    return answer({ accessToken: issued.accessToken, expires: issued.expires, expiresIn: issued.expiresIn });
  },
};

/**
 * What a backend keeps of a user's own sessions (core/domain/platform.ts `sessions`): the server's
 * `sessions` table (server/storage/login-sessions.ts), demo mode's one session, this browser's.
 */
export interface LoginSessionStore extends Omit<LoginSessionPorts, 'currentSession'> {
  /** A token of the caller's session for `tenantId`; null when the user is no member of it. */
  tokenForAccount(caller: Caller, tenantId: string): ReturnType<AccountTokenPorts['tokenForAccount']>;
}

/** The login sessions' ports: the backend's sessions, the current one the call's access token names. */
export const loginSessionAreaPorts: PortsFor<LoginSessionPorts> = (platform, caller) => ({
  ...platform.sessions,
  currentSession: () => caller.sessionId,
});

/** The account token's ports: not while impersonating; the backend issues the token. */
export const accountTokenAreaPorts: PortsFor<AccountTokenPorts> = (platform, caller) => ({
  impersonating: caller.impersonating,
  tokenForAccount: (_userId, tenantId) => platform.sessions.tokenForAccount(caller, tenantId),
});
