// The MFA gate's rules (core/domain/mfa-gate.ts), which the server's sign-ins and demo mode's run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MFA_POLICY, enforceMfaTypeOf, gateStep, mfaPolicyOf } from './mfa-gate';
import type { MfaPolicy } from './mfa-ports';

const policy = (enforceMFAType: MfaPolicy['enforceMFAType'], allowRememberDevice = true): MfaPolicy => ({
  enforceMFAType,
  allowRememberDevice,
  deviceExpirationSeconds: 3600,
});

test('the gate: enrol when forced, ask for a device unless the browser is remembered and may be', () => {
  const rows: Array<[number, MfaPolicy, 'saml' | undefined, ReturnType<typeof gateStep>]> = [
    [0, policy('DontForce'), undefined, 'signIn'],
    [0, policy('Force'), undefined, 'ask'],
    [0, policy('Force'), 'saml', 'ask'],
    [0, policy('ForceExceptSAML'), undefined, 'ask'],
    [0, policy('ForceExceptSAML'), 'saml', 'signIn'],
    [1, policy('DontForce'), undefined, 'askUnlessRemembered'],
    [1, policy('ForceExceptSAML'), 'saml', 'askUnlessRemembered'],
    [2, policy('Force', false), undefined, 'ask'],
    [1, policy('DontForce', false), 'saml', 'ask'],
  ];
  for (const [devices, given, firstFactor, expected] of rows)
    assert.equal(
      gateStep(devices, given, firstFactor),
      expected,
      JSON.stringify([devices, given, firstFactor]),
    );
});

test("the policy in force: the account's own row, else the vendor's enforcement with the default remember settings", () => {
  const own = policy('ForceExceptSAML', false);
  assert.deepEqual(mfaPolicyOf({ account: own, vendorEnforceMFAType: 'Force' }), own);
  assert.deepEqual(mfaPolicyOf({ account: null, vendorEnforceMFAType: 'Force' }), {
    ...DEFAULT_MFA_POLICY,
    enforceMFAType: 'Force',
  });
  assert.deepEqual(mfaPolicyOf({ account: null, vendorEnforceMFAType: null }), DEFAULT_MFA_POLICY);
  assert.equal(DEFAULT_MFA_POLICY.enforceMFAType, 'DontForce');
  assert.equal(DEFAULT_MFA_POLICY.deviceExpirationSeconds, 14 * 24 * 60 * 60);
});

test("an account's stored switches: enforce, and except_saml only with it", () => {
  assert.deepEqual(
    [enforceMfaTypeOf(false, false), enforceMfaTypeOf(false, true), enforceMfaTypeOf(true, false)],
    ['DontForce', 'DontForce', 'Force'],
  );
  assert.equal(enforceMfaTypeOf(true, true), 'ForceExceptSAML');
});
