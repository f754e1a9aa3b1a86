import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../api/errors';
import type { LoginStep } from './login';
import {
  decidePasswordlessPreLogin,
  normalizeCode,
  passwordlessErrorMessage,
  passwordlessTypeOfStep,
  readMagicLinkToken,
} from './passwordless';
import { screenForPath } from './recovery';
import { DEFAULT_ROUTES } from '../config/routes';

const preLoginRows: Array<
  [string, Parameters<typeof decidePasswordlessPreLogin>, ReturnType<typeof decidePasswordlessPreLogin>]
> = [
  ['Code -> loginWithOtc', ['Code', {}], { kind: 'step', step: 'loginWithOtc', phoneNumber: null }],
  [
    'MagicLink -> magicLinkPreLoginSuccess',
    ['MagicLink', {}],
    { kind: 'step', step: 'magicLinkPreLoginSuccess', phoneNumber: null },
  ],
  [
    'SmsCode with a phone -> loginWithSmsOtc, masked phone kept',
    ['SmsCode', { phoneNumber: '+•••••23' }],
    { kind: 'step', step: 'loginWithSmsOtc', phoneNumber: '+•••••23' },
  ],
  [
    'SmsCode with a resetPhoneNumberToken -> the reset-phone-number route',
    ['SmsCode', { resetPhoneNumberToken: 't' }],
    { kind: 'resetPhoneNumber', resetPhoneNumberToken: 't' },
  ],
  [
    'SmsCode resend from loginWithQuickSmsOtc stays there',
    ['SmsCode', { phoneNumber: 'p' }, 'loginWithQuickSmsOtc'],
    { kind: 'step', step: 'loginWithQuickSmsOtc', phoneNumber: 'p' },
  ],
  [
    'SmsCode from preLogin -> loginWithSmsOtc',
    ['SmsCode', {}, 'preLogin'],
    { kind: 'step', step: 'loginWithSmsOtc', phoneNumber: null },
  ],
  [
    'a reset token on a Code answer is ignored',
    ['Code', { resetPhoneNumberToken: 't' }],
    { kind: 'step', step: 'loginWithOtc', phoneNumber: null },
  ],
  [
    'an empty reset token is no reset',
    ['SmsCode', { resetPhoneNumberToken: '', phoneNumber: 'p' }],
    { kind: 'step', step: 'loginWithSmsOtc', phoneNumber: 'p' },
  ],
];
for (const [name, args, expected] of preLoginRows) {
  test(`passwordless pre-login: ${name}`, () =>
    assert.deepEqual(decidePasswordlessPreLogin(...args), expected));
}

const typeRows: Array<[LoginStep, ReturnType<typeof passwordlessTypeOfStep>]> = [
  ['loginWithOtc', 'Code'],
  ['magicLinkPreLoginSuccess', 'MagicLink'],
  ['loginWithSmsOtc', 'SmsCode'],
  ['loginWithQuickSmsOtc', 'SmsCode'],
  ['loginWithPassword', null],
  ['preLogin', null],
  ['breachedPassword', null],
];
for (const [step, type] of typeRows)
  test(`step ${step} belongs to ${type ?? 'no passwordless method'}`, () =>
    assert.equal(passwordlessTypeOfStep(step), type));

const errorRows: Array<[string, unknown, string]> = [
  [
    'a server message is shown',
    new ApiError('The code is incorrect. Check it and try again.', 400),
    'The code is incorrect. Check it and try again.',
  ],
  [
    'a rate-limit message is shown',
    new ApiError('Too many failed attempts. Try again in 15 minutes.', 429),
    'Too many failed attempts. Try again in 15 minutes.',
  ],
  ['an ApiError without a message falls back', new ApiError('', 500), 'Failed to authenticate'],
  ['a network failure falls back', new TypeError('Failed to fetch'), 'Failed to authenticate'],
  ['anything else falls back', 'boom', 'Failed to authenticate'],
];
for (const [name, error, message] of errorRows)
  test(`passwordless error: ${name}`, () => assert.equal(passwordlessErrorMessage(error), message));

const tokenRows: Array<[string, string | null]> = [
  ['?token=abc', 'abc'],
  ['?token=%20abc%20', 'abc'],
  ['?token=', null],
  ['', null],
  ['?other=1', null],
];
for (const [search, token] of tokenRows)
  test(`magic-link token of "${search}"`, () => assert.equal(readMagicLinkToken(search), token));

test('codes are read without spaces and dashes', () => {
  assert.equal(normalizeCode(' 123 456 '), '123456');
  assert.equal(normalizeCode('123-456'), '123456');
});

const routeRows: Array<[string, ReturnType<typeof screenForPath>]> = [
  ['/account/login/magic-link', 'magicLink'],
  ['/account/login/magic-link/', 'magicLink'],
  ['/account/reset-phone-number', 'resetPhoneNumber'],
  ['/account/login', null],
];
for (const [path, screen] of routeRows)
  test(`route ${path} opens ${screen ?? 'the login screen'}`, () =>
    assert.equal(screenForPath(path, DEFAULT_ROUTES), screen));
