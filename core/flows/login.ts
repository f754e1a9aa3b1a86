import type { AuthResponse, AuthStrategy, SignUpResponse } from '../api/types';

/** The login steps of spec 000 §4. */
export type LoginStep =
  | 'preLogin'
  | 'magicLinkPreLoginSuccess'
  | 'loginWithSmsOtc'
  | 'loginWithQuickSmsOtc'
  | 'loginWithOtc'
  | 'loginWithPassword'
  | 'loginWithTwoFactor'
  | 'redirectToSSO'
  | 'loginWithSSOFailed'
  | 'success'
  | 'forceTwoFactor'
  | 'recoverTwoFactor'
  | 'promptPasskeys'
  | 'breachedPassword'
  | 'breachedPasswordSuccess';

export type LoginFlow = 'Login' | 'RegisterQuickLogin';

/** Spec 000 §9. */
export const SSO_REDIRECT_DELAY_MS = 2000;
const DEFAULT_EXPIRES_IN_SECONDS = 300;

/** Passwordless strategy -> its first step (spec 000 §4 "Pre-login" step 4). */
export const PASSWORDLESS_STEPS = {
  Code: 'loginWithOtc',
  MagicLink: 'magicLinkPreLoginSuccess',
  SmsCode: 'loginWithSmsOtc',
} as const satisfies Partial<Record<AuthStrategy, LoginStep>>;

export type PasswordlessStrategy = keyof typeof PASSWORDLESS_STEPS;

export type PreLoginDecision =
  | { step: 'redirectToSSO'; address: string }
  | { step: 'loginWithPassword' }
  | { step: (typeof PASSWORDLESS_STEPS)[PasswordlessStrategy]; passwordless: PasswordlessStrategy };

/**
 * What follows the email step (spec 000 §4 "Pre-login" steps 2-4): an SSO address wins; otherwise
 * the public policy's authStrategy decides; none, EmailAndPassword and anything unknown go to password.
 */
export function decidePreLogin(input: {
  sso: { address: string; idpType?: string } | null;
  authStrategy: AuthStrategy | string | undefined;
  oidcRedirectUri: string;
}): PreLoginDecision {
  if (input.sso?.address) {
    return {
      step: 'redirectToSSO',
      address: ssoAddress(input.sso.address, input.sso.idpType, input.oidcRedirectUri),
    };
  }
  const strategy = input.authStrategy;
  if (strategy === 'Code' || strategy === 'MagicLink' || strategy === 'SmsCode') {
    return { step: PASSWORDLESS_STEPS[strategy], passwordless: strategy };
  }
  return { step: 'loginWithPassword' };
}

/** For an OIDC provider the redirect_uri is appended when missing (spec 000 §4 step 2). */
export function ssoAddress(address: string, idpType: string | undefined, oidcRedirectUri: string): string {
  if (idpType?.toLowerCase() !== 'oidc') return address;
  const url = new URL(address);
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', oidcRedirectUri);
  return url.toString();
}

type LoginOutcome =
  | { kind: 'mfa'; mfaToken: string; enrolled: boolean }
  | { kind: 'breachedPassword' }
  | { kind: 'promptPasskeys' }
  | { kind: 'success' };

/**
 * What a login response leads to (spec 000 §4 "After a login response"). MFA is not a sign-in: the
 * caller clears the access token and user. The passkey prompt conditions are evaluated by the caller.
 */
export function decideAfterLogin(
  response: AuthResponse,
  context: { breachedPasswordFlag: boolean; passkeyPromptApplies: boolean },
): LoginOutcome {
  if (response.mfaRequired && response.mfaToken) {
    return { kind: 'mfa', mfaToken: response.mfaToken, enrolled: response.mfaEnrolled !== false };
  }
  if (context.breachedPasswordFlag && response.isBreachedPassword) return { kind: 'breachedPassword' };
  if (context.passkeyPromptApplies) return { kind: 'promptPasskeys' };
  return { kind: 'success' };
}

type SignUpOutcome =
  | { kind: 'authenticated'; authResponse: AuthResponse }
  | { kind: 'mfa'; mfaToken: string; step: 'loginWithTwoFactor' | 'forceTwoFactor' }
  | { kind: 'activationNeeded' }
  | { kind: 'created' };

/**
 * Sign-up (spec 000 §4): with activation needed nobody is signed in; without it, an MFA answer goes
 * to the MFA step; the user is authenticated only when an access token came back.
 */
export function decideAfterSignUp(response: SignUpResponse): SignUpOutcome {
  if (response.shouldActivate) return { kind: 'activationNeeded' };
  const auth = response.authResponse;
  if (auth?.mfaRequired && auth.mfaToken) {
    // The same MFA step a login would reach: forced enrolment when not enrolled (spec 000 §4).
    return {
      kind: 'mfa',
      mfaToken: auth.mfaToken,
      step: auth.mfaEnrolled === false ? 'forceTwoFactor' : 'loginWithTwoFactor',
    };
  }
  if (auth?.accessToken) return { kind: 'authenticated', authResponse: auth };
  return { kind: 'created' };
}

/** expiresIn in seconds, 300 when the response has none (spec 000 §3, §9). */
export function expiresInSeconds(response: Pick<AuthResponse, 'expiresIn'>): number {
  const value = Number(response.expiresIn);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_EXPIRES_IN_SECONDS;
}

/**
 * When to refresh ahead of expiry: a fifth of the lifetime early, at most a minute early, never
 * sooner than one second from now. A 300 s token is refreshed after 240 s.
 */
export function refreshDelayMs(expiresIn: number): number {
  const lifetime = expiresIn * 1000;
  return Math.max(1000, lifetime - Math.min(60_000, lifetime * 0.2));
}
