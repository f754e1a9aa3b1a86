import type { MfaDevices, MfaStrategyState, PublicPolicy } from '../api/types';

/** The MFA screens of spec 000 §2. */
export type MfaStep =
  'verify' | 'recoveryCode' | 'authenticatorApp' | 'smsSetPhoneNumber' | 'smsVerifyCode' | 'emailVerifyCode';

/** A one-time code as typed (spaces allowed): its six digits, or null when it is not one. */
export function typedCode(raw: string): string | null {
  const value = raw.replace(/\s+/g, '');
  return /^[0-9]{6}$/.test(value) ? value : null;
}

/** A phone number as typed (spaces, dots, dashes and brackets allowed): E.164, or null. */
export function typedPhone(raw: string): string | null {
  const value = raw.replace(/[\s().-]/g, '');
  return /^\+[1-9][0-9]{6,14}$/.test(value) ? value : null;
}

/** A recovery code as typed: 16 letters or digits, separators allowed. */
export function isRecoveryCode(raw: string): boolean {
  return raw.replace(/[^A-Za-z0-9]/g, '').length === 16;
}

/** The number of second-factor devices of a user. */
function deviceCount(devices: MfaDevices): number {
  return (
    devices.authenticators.length +
    devices.phones.length +
    devices.webauthn.length +
    (devices.emails?.length ?? 0)
  );
}

/** The strategies the vendor offers (isActive), in the order the server lists them. */
export function activeStrategies(strategies: readonly MfaStrategyState[]): string[] {
  return strategies.filter((s) => s.isActive).map((s) => s.strategy);
}

/**
 * The first MFA screen (spec 000 §4 "After a login response"):
 * - enrolled (loginWithTwoFactor): a single device chooses authenticatorApp or smsVerifyCode;
 *   otherwise verify (the list of devices);
 * - not enrolled (forceTwoFactor): a single active strategy chooses the authenticator app, SMS
 *   phone entry or the email code; otherwise verify (the list of strategies).
 */
export function decideMfaStep(input: {
  enrolled: boolean;
  devices: MfaDevices;
  strategies: readonly MfaStrategyState[];
}): MfaStep {
  if (input.enrolled) {
    if (deviceCount(input.devices) !== 1) return 'verify';
    if (input.devices.authenticators.length === 1) return 'authenticatorApp';
    if (input.devices.phones.length === 1) return 'smsVerifyCode';
    return 'verify';
  }
  const active = activeStrategies(input.strategies);
  if (active.length !== 1) return 'verify';
  switch (active[0]) {
    case 'AuthenticatorApp':
      return 'authenticatorApp';
    case 'SMS':
      return 'smsSetPhoneNumber';
    case 'EmailCode':
      return 'emailVerifyCode';
    default:
      return 'verify';
  }
}

/** Where the login box keeps the passkey choices (spec 000 §4: "stored preferred method", "stored dont-show-again flag"). */
export const PREFERRED_METHOD_KEY = 'auth-elements.preferred-login-method';
export const PASSKEYS_DONT_SHOW_AGAIN_KEY = 'auth-elements.passkeys-dont-show-again';

/** Whether the public policy has an active Passkeys secondary strategy. */
function passkeysOffered(policy: Pick<PublicPolicy, 'secondaryStrategies'> | null | undefined): boolean {
  return !!policy?.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive);
}

/**
 * The passkey prompt after sign-in applies only when all hold (spec 000 §4): the show-passkeys-new
 * flag is on, the policy has an active Passkeys secondary strategy, the stored preferred method is
 * not Passkeys, the stored dont-show-again flag is not true, and the user has zero passkeys.
 */
export function passkeyPromptApplies(input: {
  flagOn: boolean;
  policy: Pick<PublicPolicy, 'secondaryStrategies'> | null | undefined;
  preferredMethod: string | null;
  dontShowAgain: string | null;
  deviceCount: number;
}): boolean {
  return (
    input.flagOn &&
    passkeysOffered(input.policy) &&
    input.preferredMethod !== 'Passkeys' &&
    input.dontShowAgain !== 'true' &&
    input.deviceCount === 0
  );
}
