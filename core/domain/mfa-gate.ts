/**
 * The MFA gate of a first-factor sign-in (password, passwordless, social, SSO), written once:
 * core/domain/mfa-steps.ts `mfaGateAnswer` (both backends' sign-ins, through the platform's
 * `mfaGateOn`, core/domain/mfa-assembly.ts) reads the user's second factors and the account's MFA policy, then
 * asks this module what follows.
 */
import { describeDevices } from './mfa';
import type { EnforceMfaType, MfaPolicy, StoredMfaPolicies } from './mfa-ports';

/**
 * The MFA policy of an account that never saved one, and the vendor's built-in default; its
 * remember-device settings are those of an account's saved policy too, as the server's columns
 * default them (`tenant_mfa_policies`: the security page saves the enforcement only).
 */
export const DEFAULT_MFA_POLICY: MfaPolicy = {
  enforceMFAType: 'DontForce',
  allowRememberDevice: true,
  deviceExpirationSeconds: 14 * 24 * 60 * 60,
};

/**
 * The enforcement of an account's MFA policy as the server stores it: two switches (`enforce`, and
 * `exceptSaml`, which lets a SAML sign-in through).
 */
export const enforceMfaTypeOf = (enforce: boolean, exceptSaml: boolean): EnforceMfaType =>
  !enforce ? 'DontForce' : exceptSaml ? 'ForceExceptSAML' : 'Force';

/**
 * The policy in force: enforcement from the account's own MFA policy, else the vendor's, else the
 * default (nothing enforced); remember-device from the account's row, else the default.
 */
export function mfaPolicyOf(stored: StoredMfaPolicies): MfaPolicy {
  return (
    stored.account ?? {
      ...DEFAULT_MFA_POLICY,
      enforceMFAType: stored.vendorEnforceMFAType ?? DEFAULT_MFA_POLICY.enforceMFAType,
    }
  );
}

/**
 * What the gate does with a user who passed the first factor: sign in now, ask for the second
 * factor, or ask unless the browser is remembered.
 * - No second factor and no enforced policy: sign in now. An enforced policy makes the user enrol.
 * - ForceExceptSAML: a SAML sign-in is not made to enrol (the IdP is trusted with the second
 *   factor); a device the user has enrolled is still asked for.
 * - A remembered browser skips the device the user has, while the policy allows remembering.
 */
export function gateStep(
  secondFactors: number,
  policy: MfaPolicy,
  firstFactor?: 'saml',
): 'signIn' | 'ask' | 'askUnlessRemembered' {
  const forced =
    policy.enforceMFAType === 'Force' ||
    (policy.enforceMFAType === 'ForceExceptSAML' && firstFactor !== 'saml');
  if (secondFactors === 0) return forced ? 'ask' : 'signIn';
  return policy.allowRememberDevice ? 'askUnlessRemembered' : 'ask';
}

/** The answer that asks for the second factor (spec 000 §7): enrol when the user has none. */
export const mfaRequiredAnswer = <S>(input: {
  mfaToken: string;
  devices: Parameters<typeof describeDevices>[0];
  strategies: S;
  email: string;
}) => ({
  mfaRequired: true as const,
  mfaToken: input.mfaToken,
  mfaEnrolled: input.devices.length > 0,
  mfaDevices: describeDevices(input.devices, true),
  mfaStrategies: input.strategies,
  email: input.email,
});
