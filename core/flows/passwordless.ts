import { isApiError, isInvalidTokenError } from '../api/errors';
import { MESSAGES } from '../api/messages';
import type { PasswordlessPreLoginResponse } from '../api/passwordless';
import { PASSWORDLESS_STEPS, type LoginStep, type PasswordlessStrategy } from './login';

/**
 * Pure decisions of passwordless sign-in (spec 000 §4 "Pre-login" steps 4-5), the reset-phone-number
 * flow (§4 "Phone reset") and the breached-password prompt (§4 "After a login response").
 */

/** The passwordless method a code or link step belongs to (loginWithQuickSmsOtc is SMS too). */
export function passwordlessTypeOfStep(step: LoginStep): PasswordlessStrategy | null {
  switch (step) {
    case 'loginWithOtc':
      return 'Code';
    case 'magicLinkPreLoginSuccess':
      return 'MagicLink';
    case 'loginWithSmsOtc':
    case 'loginWithQuickSmsOtc':
      return 'SmsCode';
    default:
      return null;
  }
}

type PasswordlessPreLoginDecision =
  | { kind: 'step'; step: LoginStep; phoneNumber: string | null }
  | { kind: 'resetPhoneNumber'; resetPhoneNumberToken: string };

/**
 * After POST /passwordless/{type}/prelogin: a resetPhoneNumberToken of an SMS pre-login goes to the
 * reset-phone-number route (step 5); otherwise the strategy's step (step 4), keeping the current
 * step when it is already an SMS step of that strategy (a resend from loginWithQuickSmsOtc).
 */
export function decidePasswordlessPreLogin(
  type: PasswordlessStrategy,
  answer: PasswordlessPreLoginResponse,
  current?: LoginStep,
): PasswordlessPreLoginDecision {
  if (type === 'SmsCode' && answer.resetPhoneNumberToken)
    return { kind: 'resetPhoneNumber', resetPhoneNumberToken: answer.resetPhoneNumberToken };
  const step = current && passwordlessTypeOfStep(current) === type ? current : PASSWORDLESS_STEPS[type];
  return { kind: 'step', step, phoneNumber: answer.phoneNumber ?? null };
}

/**
 * Spec 000 §8: passwordless errors show the server's message, a malformed token "Invalid token
 * specified", else "Failed to authenticate".
 */
export function passwordlessErrorMessage(error: unknown): string {
  if (isInvalidTokenError(error)) return MESSAGES.invalidToken;
  return isApiError(error) && error.message ? error.message : MESSAGES.failedToAuthenticate;
}

/** The token of a magic link (`?token=...`), or null when it is missing or blank. */
export function readMagicLinkToken(search: string): string | null {
  return new URLSearchParams(search).get('token')?.trim() || null;
}

/** The screens of the reset-phone-number route (spec 000 §2): request, verify, change. */
export type ResetPhoneStep = 'request' | 'verify' | 'change';

/** "123 456" -> "123456": codes are read as typed, spaces and dashes dropped. */
export const normalizeCode = (value: string): string => value.replace(/[\s-]/g, '');

/** The breached-password prompt applies only with the flag on and a breached password (spec 000 §4, §6). */
export const BREACHED_PASSWORD_FLAG = 'security-center-show-login-flows';
