import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import type { MfaDevices, MfaStrategyState } from '../api/types';
import {
  decideMfaStep,
  isRecoveryCode,
  passkeyPromptApplies,
  typedCode,
  typedPhone,
  type MfaStep,
} from './mfa';

const none: MfaDevices = { webauthn: [], phones: [], authenticators: [], emails: [] };
const app = { id: 'a' };
const phone = { id: 'p', phoneNumber: '••5678' };
const key = { id: 'k', deviceType: 'CrossPlatform' as const };
const email = { id: 'e', email: 'a•@x.com' };
const strategies = (...active: string[]): MfaStrategyState[] =>
  ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'].map((strategy) => ({
    strategy,
    isActive: active.includes(strategy),
  }));

test('decideMfaStep: response in, first MFA screen out (spec 000 §4)', () => {
  const table: Array<[string, Parameters<typeof decideMfaStep>[0], MfaStep]> = [
    [
      'enrolled, one authenticator',
      {
        enrolled: true,
        devices: { ...none, authenticators: [app] },
        strategies: strategies('AuthenticatorApp'),
      },
      'authenticatorApp',
    ],
    [
      'enrolled, one phone',
      { enrolled: true, devices: { ...none, phones: [phone] }, strategies: [] },
      'smsVerifyCode',
    ],
    [
      'enrolled, one security key',
      { enrolled: true, devices: { ...none, webauthn: [key] }, strategies: [] },
      'verify',
    ],
    [
      'enrolled, one email',
      { enrolled: true, devices: { ...none, emails: [email] }, strategies: [] },
      'verify',
    ],
    [
      'enrolled, authenticator and phone',
      { enrolled: true, devices: { ...none, authenticators: [app], phones: [phone] }, strategies: [] },
      'verify',
    ],
    ['enrolled, no device listed', { enrolled: true, devices: none, strategies: [] }, 'verify'],
    [
      'forced, only AuthenticatorApp',
      { enrolled: false, devices: none, strategies: strategies('AuthenticatorApp') },
      'authenticatorApp',
    ],
    [
      'forced, only SMS',
      { enrolled: false, devices: none, strategies: strategies('SMS') },
      'smsSetPhoneNumber',
    ],
    [
      'forced, only EmailCode',
      { enrolled: false, devices: none, strategies: strategies('EmailCode') },
      'emailVerifyCode',
    ],
    [
      'forced, only WebAuthnPlatform',
      { enrolled: false, devices: none, strategies: strategies('WebAuthnPlatform') },
      'verify',
    ],
    [
      'forced, several strategies',
      { enrolled: false, devices: none, strategies: strategies('AuthenticatorApp', 'SMS') },
      'verify',
    ],
    ['forced, none active', { enrolled: false, devices: none, strategies: strategies() }, 'verify'],
  ];
  for (const [name, input, expected] of table) assert.equal(decideMfaStep(input), expected, name);
});

test('passkeyPromptApplies: every condition of spec 000 §4 must hold', () => {
  const offered = { secondaryStrategies: [{ strategy: 'Passkeys', isActive: true }] };
  type Input = Parameters<typeof passkeyPromptApplies>[0];
  const all: Input = {
    flagOn: true,
    policy: offered,
    preferredMethod: null,
    dontShowAgain: null,
    deviceCount: 0,
  };
  const table: Array<[string, Partial<Input>, boolean]> = [
    ['all hold', {}, true],
    ['flag off', { flagOn: false }, false],
    ['no Passkeys strategy', { policy: { secondaryStrategies: [] } }, false],
    [
      'Passkeys strategy inactive',
      { policy: { secondaryStrategies: [{ strategy: 'Passkeys', isActive: false }] } },
      false,
    ],
    ['no policy', { policy: null }, false],
    ['preferred method Passkeys', { preferredMethod: 'Passkeys' }, false],
    ['preferred method other', { preferredMethod: 'EmailAndPassword' }, true],
    ['dont-show-again true', { dontShowAgain: 'true' }, false],
    ['dont-show-again false', { dontShowAgain: 'false' }, true],
    ['one device', { deviceCount: 1 }, false],
  ];
  for (const [name, change, expected] of table)
    assert.equal(passkeyPromptApplies({ ...all, ...change }), expected, name);
});

describe('typed codes and phone numbers (checked in the browser before anything is sent)', () => {
  const codes: Array<[string, string | null]> = [
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
    ['', null],
  ];
  for (const [raw, expected] of codes)
    it(`code ${JSON.stringify(raw)} -> ${expected}`, () => assert.equal(typedCode(raw), expected));
  const phones: Array<[string, string | null]> = [
    ['+1 (555) 010-0100', '+15550100100'],
    ['+44.20.7946.0958', '+442079460958'],
    ['5550100100', null],
    ['+0123456789', null],
    ['+12345', null],
    ['+1234567890123456', null],
  ];
  for (const [raw, expected] of phones)
    it(`phone ${JSON.stringify(raw)} -> ${expected}`, () => assert.equal(typedPhone(raw), expected));
  const recovery: Array<[string, boolean]> = [
    ['ABCD-EFGH-1234-5678', true],
    ['abcdefgh12345678', true],
    ['ABCD-EFGH-1234', false],
    ['ABCD-EFGH-1234-56789', false],
  ];
  for (const [raw, expected] of recovery)
    it(`recovery code ${JSON.stringify(raw)} -> ${expected}`, () =>
      assert.equal(isRecoveryCode(raw), expected));
});
