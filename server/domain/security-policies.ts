/**
 * What the server does with the security page's policies (issue 15, spec 001 §3 and §5). The
 * policies themselves (which one applies, defaults, saving) are core/domain/security-policies.ts,
 * over the repositories of server/storage/security-policies.ts; demo mode runs the same rules.
 * Here too: the vendor's global policy as the security page reads it (`globalSecurityPolicy`, a
 * member of the server's platform, server/platform.ts).
 *
 * A tenant's policy applies to the sessions opened in it and to its members when their active
 * tenant is that tenant (a member of several tenants follows the policy of the tenant they sign in to).
 *
 * Enforcement (each has a test in routes/security-policies.test.ts):
 * - lockout: the rule `recordFailedSignIn` (core/domain, its ports in core/domain/sign-in-area.ts) counts consecutive failed password sign-ins per user (a column,
 *   so it survives restarts); at `maxAttempts` the user is locked (`users.locked_at`, shown as
 *   `isLocked` on the users page) until an administrator unlocks them. Beside, not instead of, the
 *   time-windowed per-email and per-IP limits of attempts.ts.
 * - password history: `passwordReuseProblem` refuses the current password and the previous ones
 *   kept in `password_history` (hashes only), `historySize` in all, on reset and change.
 * - sessions: `enforceSessionPolicy` on every authenticated call and `sessionTimeoutOf` at refresh
 *   (domain/auth.ts; idle timeout, absolute lifetime, revoked or expired session); `limitConcurrentSessions` when a session opens.
 */
import { createPublicKey } from 'node:crypto';
import { POLICY_LIMITS } from '../../core/api/securityPolicies';
import { contractError, type ContractError } from '../../core/contract/errors';
import {
  ipPermits,
  POLICY_DEFAULTS,
  policyInForce,
  type PolicyDto,
  type PolicyKind,
  type SessionSettings,
} from '../../core/domain/security-policies';
import { sessionUse } from '../../core/domain/session-timeout';
import type { AppContext } from '../context';
import type { Database } from '../storage/database';
import { securityPolicyRepositories } from '../storage/security-policies';
import { principalFromJson, type PrincipalRow } from '../storage/principal';
import {
  previousPasswordHashes,
  rememberCurrentPassword as storedPassword,
  revokeSession,
  revokeSessionsBeyond,
  sessionState,
  touchSession,
} from '../storage/security-enforcement';
import type { PasswordHasher } from './passwords';
import { pickActiveTenant } from './tenants';
import { listUserTenants } from '../storage/tenants';

/** Most passwords a history keeps: the policy's largest historySize. */
const MAX_HISTORY_SIZE = POLICY_LIMITS.historySize.max;

/**
 * The tokens' part of the vendor's global security policy (ISecurityPolicy, GET
 * /identity/resources/configurations/v1); its handler adds the vendor's switches, MFA and the
 * password overrides (core/domain/security-policy-handlers.ts).
 */
export async function globalSecurityPolicy(ctx: AppContext) {
  const signing = (await ctx.tokens.jwks()).keys[0];
  return {
    cookieSameSite: ctx.options.cookieSameSite.toUpperCase(),
    defaultRefreshTokenExpiration: ctx.options.refreshTokenTtlSeconds,
    defaultTokenExpiration: ctx.options.accessTokenTtlSeconds,
    // The current signing key, as PEM: what a host backend verifies access tokens with.
    publicKey: signing
      ? createPublicKey({ key: { ...signing }, format: 'jwk' })
          .export({ type: 'spki', format: 'pem' })
          .toString()
      : '',
  };
}

/** The policy `tenantId` works under: its own, else the vendor's (core/domain/security-policies.ts). */
const tenantPolicy = <K extends PolicyKind>(
  db: Database,
  kind: K,
  tenantId: string | null,
): Promise<PolicyDto<K>> => policyInForce(securityPolicyRepositories(db), kind, tenantId);

/** The tenant a user's sign-in opens (their active tenant), whose policies apply to them. */
async function activeTenantOf(
  db: Database,
  userId: string,
  activeTenantId: string | null,
): Promise<string | null> {
  return pickActiveTenant(await listUserTenants(db, userId), activeTenantId)?.id ?? null;
}

// ---------------------------------------------------------------------------- password history

/**
 * The message when `password` is one of the user's last `historySize` passwords (the current one
 * counts) under the history policy of their active tenant; null when it may be used.
 */
export async function passwordReuseProblem(
  db: Database,
  hasher: PasswordHasher,
  user: { id: string; activeTenantId: string | null; passwordHash: string | null },
  password: string,
): Promise<ContractError | null> {
  const policy = await tenantPolicy(
    db,
    'password-history',
    await activeTenantOf(db, user.id, user.activeTenantId),
  );
  if (!policy.enabled) return null;
  const previous = Math.max(0, Math.min(policy.historySize, MAX_HISTORY_SIZE) - 1);
  const hashes = [user.passwordHash, ...(await previousPasswordHashes(db, user.id, previous))];
  for (const hash of hashes)
    if (hash && (await hasher.verify(password, hash))) return contractError('PASSWORD_REUSED');
  return null;
}

/**
 * Keeps the user's current password hash in the history before it is replaced (the platform's
 * `passwords.replacing`, server/platform.ts), and the history to its newest MAX_HISTORY_SIZE entries.
 */
export const rememberCurrentPassword = (db: Database, userId: string): Promise<void> =>
  storedPassword(db, userId, MAX_HISTORY_SIZE);

// ------------------------------------------------------------------------------------ sessions

type SessionRefusal = 'revoked' | 'idle' | 'absolute' | 'ip';

/**
 * Checks a session against its tenant's session policy on every authenticated call (a refresh
 * applies `sessionTimeoutOf` to what its rotation statement read). Returns null when the session
 * may go on; otherwise the reason, after revoking it (idle: unused for longer than the idle
 * timeout; absolute: older than the forced re-login lifetime; revoked or expired already). A call in use moves the session's last use forward (at most every
 * ACTIVITY_WRITE_INTERVAL_S), as a refresh does. With `ip`, the account's IP restrictions are read
 * in the same query ('ip': the address may not reach that account; the session stays).
 *
 * One query on every authenticated call (the session, both policy rows, the IP configuration and
 * its active entries), nothing cached: a session revoked, or a policy saved, by any process
 * applies to the next call everywhere.
 */
export async function enforceSessionPolicy(
  db: Database,
  sessionId: string,
  options: SessionCheckOptions,
): Promise<SessionRefusal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return 'revoked';
  return checkSession(db, sessionId, options);
}

/** Revokes a session the session policy ended (`sessionTimeoutOf`, core/domain/session-timeout.ts). */
export async function endTimedOutSession(db: Database, sessionId: string, reason: 'absolute' | 'idle') {
  await revokeSession(db, sessionId, reason === 'idle' ? 'idle timeout' : 'forced re-login');
}

/**
 * `touch`: move the session's last use forward (at most every ACTIVITY_WRITE_INTERVAL_S). `ip`: the
 * account and address the IP restrictions judge. `principal`: the same statement also reads that
 * user (storage/principal.ts), handed to `read` whatever the verdict (GET me: one round trip).
 */
interface SessionCheckOptions {
  touch: boolean;
  ip?: { tenantId: string | null; address: string | undefined };
  principal?: { userId: string; read: (row: PrincipalRow | null) => void };
}

async function checkSession(
  db: Database,
  sessionId: string,
  options: SessionCheckOptions,
): Promise<SessionRefusal | null> {
  const row = await sessionState(db, sessionId, options.ip?.tenantId ?? null, options.principal?.userId);
  options.principal?.read(principalFromJson(row?.principal));
  if (!row) return 'revoked';
  if (!row.live) return 'revoked';
  const use = sessionUse(row.policy, row.age, row.idle, false);
  if (use.ends) {
    await endTimedOutSession(db, row.id, use.ends);
    return use.ends;
  }
  if (
    options.ip?.tenantId &&
    !ipPermits(
      { isActive: row.ip_active === true, strategy: row.ip_strategy ?? 'ALLOW' },
      row.ip_entries ?? [],
      options.ip.address,
    )
  )
    return 'ip';
  if (options.touch && use.touch) await touchSession(db, row.id);
  return null;
}

/**
 * Ends the user's oldest sessions in `tenantId` beyond the concurrent-sessions limit, once a new
 * session has opened there (the newest stay). Impersonation sessions neither count nor end.
 * `saved`: the session policy in force there as the sign-in's session statement read it
 * (sessions.ts createSession; null: none saved), else it is read here.
 */
export async function limitConcurrentSessions(
  db: Database,
  userId: string,
  tenantId: string | null,
  saved?: SessionSettings | null,
): Promise<void> {
  const policy =
    saved === undefined
      ? await tenantPolicy(db, 'sessions', tenantId)
      : { ...POLICY_DEFAULTS.sessions, ...saved };
  const { isActive, maxSessions } = policy.sessionConcurrentConfiguration;
  if (!isActive) return;
  await revokeSessionsBeyond(db, userId, tenantId, maxSessions);
}
