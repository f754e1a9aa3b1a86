/**
 * When the session policy (the security page's session settings, spec 001 §3) ends a session, and
 * when a use writes its last use: the rule both backends apply at refresh (server/domain/auth.ts
 * over what its rotation statement read, core/demo/sessions.ts over the browser's one session) and
 * on every authenticated call (server/domain/security-policies.ts, core/demo/sessions.ts).
 */
import { POLICY_DEFAULTS, type SessionSettings } from './security-policies';

/** How often an authenticated call writes the session's last use (the idle timeout's clock). */
const ACTIVITY_WRITE_INTERVAL_S = 30;

/**
 * What the session policy `saved` (null: none saved, the defaults) says of a session `age` seconds
 * old, unused for `idle` seconds: null, or why it ends (absolute: older than the forced re-login
 * lifetime; idle: unused for longer than the idle timeout).
 */
export function sessionTimeoutOf(
  saved: Partial<SessionSettings> | null,
  age: number,
  idle: number,
): 'absolute' | 'idle' | null {
  const policy = { ...POLICY_DEFAULTS.sessions, ...saved };
  if (policy.sessionTimeoutConfiguration.isActive && age > policy.sessionTimeoutConfiguration.timeout)
    return 'absolute';
  if (
    policy.sessionIdleTimeoutConfiguration.isActive &&
    idle > policy.sessionIdleTimeoutConfiguration.timeout
  )
    return 'idle';
  return null;
}

/**
 * A use of a session `age` seconds old, unused for `idle` seconds, under the session policy `saved`
 * (judged on the session as it was before this use): why the policy ends it, else whether the use
 * writes its last use (a refresh always; an authenticated call at most every
 * ACTIVITY_WRITE_INTERVAL_S, so that a busy session is not written on every call).
 */
export function sessionUse(
  saved: Partial<SessionSettings> | null,
  age: number,
  idle: number,
  refresh: boolean,
): { ends: 'absolute' | 'idle' } | { ends: null; touch: boolean } {
  const ends = sessionTimeoutOf(saved, age, idle);
  return ends ? { ends } : { ends, touch: refresh || idle > ACTIVITY_WRITE_INTERVAL_S };
}
