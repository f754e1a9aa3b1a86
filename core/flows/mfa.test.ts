import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MfaDevices, MfaStrategyState } from '../api/types';
import { decideMfaStep, passkeyPromptApplies, type MfaStep } from './mfa';

const none: MfaDevices = { webauthn: [], phones: [], authenticators: [], emails: [] };
const app = { id: 'a' };
const phone = { id: 'p', phoneNumber: '••5678' };
const key = { id: 'k', deviceType: 'cross-platform' as const };
const email = { id: 'e', email: 'a•@x.com' };
const strategies = (...active: string[]): MfaStrategyState[] =>
  ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'].map((strategy) => ({ strategy, isActive: active.includes(strategy) }));

test('decideMfaStep: response in, first MFA screen out (spec 000 §4)', () => {
  const table: Array<[string, Parameters<typeof decideMfaStep>[0], MfaStep]> = [
    ['enrolled, one authenticator', { enrolled: true, devices: { ...none, authenticators: [app] }, strategies: strategies('AuthenticatorApp') }, 'authenticatorApp'],
    ['enrolled, one phone', { enrolled: true, devices: { ...none, phones: [phone] }, strategies: [] }, 'smsVerifyCode'],
    ['enrolled, one security key', { enrolled: true, devices: { ...none, webauthn: [key] }, strategies: [] }, 'verify'],
    ['enrolled, one email', { enrolled: true, devices: { ...none, emails: [email] }, strategies: [] }, 'verify'],
    ['enrolled, authenticator and phone', { enrolled: true, devices: { ...none, authenticators: [app], phones: [phone] }, strategies: [] }, 'verify'],
    ['enrolled, no device listed', { enrolled: true, devices: none, strategies: [] }, 'verify'],
    ['forced, only AuthenticatorApp', { enrolled: false, devices: none, strategies: strategies('AuthenticatorApp') }, 'authenticatorApp'],
    ['forced, only SMS', { enrolled: false, devices: none, strategies: strategies('SMS') }, 'smsSetPhoneNumber'],
    ['forced, only EmailCode', { enrolled: false, devices: none, strategies: strategies('EmailCode') }, 'emailVerifyCode'],
    ['forced, only WebAuthnPlatform', { enrolled: false, devices: none, strategies: strategies('WebAuthnPlatform') }, 'verify'],
    ['forced, several strategies', { enrolled: false, devices: none, strategies: strategies('AuthenticatorApp', 'SMS') }, 'verify'],
    ['forced, none active', { enrolled: false, devices: none, strategies: strategies() }, 'verify'],
  ];
  for (const [name, input, expected] of table) assert.equal(decideMfaStep(input), expected, name);
});

test('passkeyPromptApplies: every condition of spec 000 §4 must hold', () => {
  const offered = { secondaryStrategies: [{ strategy: 'Passkeys', isActive: true }] };
  type Input = Parameters<typeof passkeyPromptApplies>[0];
  const all: Input = { flagOn: true, policy: offered, preferredMethod: null, dontShowAgain: null, deviceCount: 0 };
  const table: Array<[string, Partial<Input>, boolean]> = [
    ['all hold', {}, true],
    ['flag off', { flagOn: false }, false],
    ['no Passkeys strategy', { policy: { secondaryStrategies: [] } }, false],
    ['Passkeys strategy inactive', { policy: { secondaryStrategies: [{ strategy: 'Passkeys', isActive: false }] } }, false],
    ['no policy', { policy: null }, false],
    ['preferred method Passkeys', { preferredMethod: 'Passkeys' }, false],
    ['preferred method other', { preferredMethod: 'EmailAndPassword' }, true],
    ['dont-show-again true', { dontShowAgain: 'true' }, false],
    ['dont-show-again false', { dontShowAgain: 'false' }, true],
    ['one device', { deviceCount: 1 }, false],
  ];
  for (const [name, change, expected] of table) assert.equal(passkeyPromptApplies({ ...all, ...change }), expected, name);
});
