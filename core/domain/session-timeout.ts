/**
 * When the session policy (the security page's session settings, spec 001 §3) ends a session: the
 * rule both backends apply at refresh (server/domain/auth.ts over what its rotation statement read,
 * core/demo/sessions.ts over the browser's one session) and the server on every authenticated call.
 */
import { POLICY_DEFAULTS, type SessionSettings } from './security-policies';

/** How often an authenticated call writes the session's last use (the idle timeout's clock). */
export const ACTIVITY_WRITE_INTERVAL_S = 30;

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
