// MFA's shared rules (core/domain/mfa.ts), which both backends run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContractError } from '../contract/errors';
import { assertRecoveryEmail, assertRecoveryNeedsFirstFactor, describeDevices, sentCodeFits } from './mfa';

test('a sent code proves only the step it was sent for', () => {
  const enrolSms = { kind: 'sms' };
  const signInSms = { kind: 'sms', deviceId: 'd1' };
  const removeSms = { kind: 'sms', deviceId: 'd1', removal: true };
  const signInEmail = { kind: 'email', deviceId: 'e1' };
  assert.equal(sentCodeFits({ step: 'enrolSms' }, enrolSms), true);
  assert.equal(sentCodeFits({ step: 'enrolSms' }, removeSms), false);
  assert.equal(sentCodeFits({ step: 'enrolEmail' }, enrolSms), false);
  assert.equal(sentCodeFits({ step: 'enrolEmail' }, { kind: 'email' }), true);
  assert.equal(sentCodeFits({ step: 'signInSms', deviceId: 'd1' }, signInSms), true);
  assert.equal(sentCodeFits({ step: 'signInSms', deviceId: 'd2' }, signInSms), false);
  assert.equal(sentCodeFits({ step: 'signInEmail' }, signInEmail), true);
  assert.equal(sentCodeFits({ step: 'signInEmail' }, { kind: 'email' }), false);
  assert.equal(sentCodeFits({ step: 'removeSms', deviceId: 'd1' }, removeSms), true);
  assert.equal(sentCodeFits({ step: 'removeSms', deviceId: 'd1' }, signInSms), false);
});

test('a recovery code at sign-in: the mfaToken first, then the email of the user signing in', () => {
  const codeOf = (run: () => void) => {
    try {
      run();
      return null;
    } catch (error) {
      assert.ok(isContractError(error));
      return error.codes[0];
    }
  };
  assert.equal(
    codeOf(() => assertRecoveryNeedsFirstFactor(undefined)),
    'MFA_RECOVERY_NEEDS_FIRST_FACTOR',
  );
  assert.equal(
    codeOf(() => assertRecoveryNeedsFirstFactor('token')),
    null,
  );
  assert.equal(
    codeOf(() => assertRecoveryEmail('Ann@Example.com', 'ann@example.com')),
    null,
  );
  assert.equal(
    codeOf(() => assertRecoveryEmail(undefined, 'ann@example.com')),
    null,
  );
  assert.equal(
    codeOf(() => assertRecoveryEmail('bob@example.com', 'ann@example.com')),
    'MFA_EMAIL_MISMATCH',
  );
});

test('the devices list: second factors only, masked before sign-in', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const devices = [
    { id: 'p', kind: 'sms' as const, name: 'Phone', phone: '+15551234567', createdAt: at },
    { id: 'e', kind: 'email' as const, name: 'Email', email: 'ann@example.com', createdAt: at },
    { id: 'k', kind: 'webauthn' as const, name: 'Key', passkey: true, createdAt: at },
  ];
  const masked = describeDevices(devices, true);
  assert.equal(masked.webauthn.length, 0, 'a passkey is a sign-in method');
  assert.equal(masked.phones[0]!.phoneNumber, '+•••••••4567');
  assert.equal(masked.emails[0]!.email, 'a••@example.com');
  assert.equal(describeDevices(devices, false).emails[0]!.email, 'ann@example.com');
});
