/**
 * The security page's forms as the user types them, and the policies they become. Numbers are
 * typed as text (what the user typed is kept while it is invalid) and checked here, in the units
 * the page shows: minutes for the idle timeout, hours for forced re-login.
 */
import {
  POLICY_LIMITS,
  type LockoutPolicy,
  type PasswordHistoryPolicy,
  type SessionPolicy,
} from '../../../../core/api/securityPolicies';

/** A switch and the number it governs, as typed. */
export interface ToggledNumber {
  on: boolean;
  value: string;
}

const { idleTimeoutSeconds: idle, reloginSeconds: relogin } = POLICY_LIMITS;
/** What each number may be, in the page's units: the server's limits (seconds) in minutes and hours. */
const LIMITS = {
  idleMinutes: { min: idle.min / 60, max: idle.max / 60 },
  reloginHours: { min: relogin.min / 3600, max: relogin.max / 3600 },
  maxSessions: POLICY_LIMITS.maxSessions,
  maxAttempts: POLICY_LIMITS.maxAttempts,
  historySize: POLICY_LIMITS.historySize,
} as const;
export type LimitName = keyof typeof LIMITS;

/** The integer typed into `field`, or the reason it cannot be saved (only checked while its switch is on). */
export function checkNumber(
  field: ToggledNumber,
  limit: LimitName,
  texts: { between: (min: number, max: number) => string },
): { value: number } | { error: string } {
  const { min, max } = LIMITS[limit];
  const trimmed = field.value.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < min || value > max) return { error: texts.between(min, max) };
  return { value };
}

export interface SessionForm {
  idle: ToggledNumber;
  relogin: ToggledNumber;
  concurrent: ToggledNumber;
}

export function sessionFormOf(policy: SessionPolicy): SessionForm {
  const idle = policy.sessionIdleTimeoutConfiguration;
  const relogin = policy.sessionTimeoutConfiguration;
  const concurrent = policy.sessionConcurrentConfiguration;
  return {
    idle: { on: idle.isActive, value: String(Math.max(1, Math.round(idle.timeout / 60))) },
    relogin: { on: relogin.isActive, value: String(Math.max(1, Math.round(relogin.timeout / 3600))) },
    concurrent: { on: concurrent.isActive, value: String(concurrent.maxSessions) },
  };
}

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * The session policy to save, or the errors of the fields that are on. A field that is off keeps
 * the value last saved (turning it back on shows it), so an invalid number there does not block.
 */
export function sessionPolicyOf(
  form: SessionForm,
  saved: SessionPolicy,
  texts: { between: (min: number, max: number) => string },
): { policy: SessionPolicy } | { errors: Errors<keyof SessionForm> } {
  const errors: Errors<keyof SessionForm> = {};
  const pick = (name: keyof SessionForm, limit: LimitName, fallback: number) => {
    if (!form[name].on) {
      const typed = checkNumber(form[name], limit, texts);
      return 'value' in typed ? typed.value : fallback;
    }
    const checked = checkNumber(form[name], limit, texts);
    if ('error' in checked) {
      errors[name] = checked.error;
      return fallback;
    }
    return checked.value;
  };
  const idleMinutes = pick('idle', 'idleMinutes', saved.sessionIdleTimeoutConfiguration.timeout / 60);
  const reloginHours = pick('relogin', 'reloginHours', saved.sessionTimeoutConfiguration.timeout / 3600);
  const maxSessions = pick('concurrent', 'maxSessions', saved.sessionConcurrentConfiguration.maxSessions);
  if (Object.keys(errors).length) return { errors };
  return {
    policy: {
      sessionIdleTimeoutConfiguration: { isActive: form.idle.on, timeout: Math.round(idleMinutes * 60) },
      sessionTimeoutConfiguration: { isActive: form.relogin.on, timeout: Math.round(reloginHours * 3600) },
      sessionConcurrentConfiguration: { isActive: form.concurrent.on, maxSessions: Math.round(maxSessions) },
    },
  };
}

/** The lockout or password-history policy to save from its switch and number, keeping its id. */
export function toggledPolicyOf<P extends LockoutPolicy | PasswordHistoryPolicy>(
  saved: P,
  form: ToggledNumber,
  limit: 'maxAttempts' | 'historySize',
  texts: { between: (min: number, max: number) => string },
): { policy: P } | { error: string } {
  const checked = checkNumber(form, limit, texts);
  if ('error' in checked) {
    if (form.on) return checked;
    return { policy: { ...saved, enabled: false } };
  }
  return { policy: { ...saved, enabled: form.on, [limit]: checked.value } };
}
