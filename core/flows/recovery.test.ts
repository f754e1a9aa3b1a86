import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../api/errors';
import { DEFAULT_ROUTES } from '../config/routes';
import {
  decideActivationStart,
  decideAfterActivation,
  forgotPasswordErrorMessage,
  readEmailLink,
  screenForPath,
} from './recovery';

const screenRows: Array<[string, ReturnType<typeof screenForPath>]> = [
  ['/account/login', null],
  ['/', null],
  ['/account/sign-up', 'signUp'],
  ['/account/sign-up/', 'signUp'],
  ['/account/forget-password', 'forgotPassword'],
  ['/account/reset-password', 'resetPassword'],
  ['/account/activate', 'activate'],
  ['/account/activate/extra', null],
  ['/account/logout', 'logout'],
  ['/account/impersonate', 'impersonate'],
  ['/account/impersonate/', 'impersonate'],
  ['/account/invitation/accept', 'acceptInvitation'],
  ['/account/invitation/accept/', 'acceptInvitation'],
  ['/login.html', null],
];
for (const [path, screen] of screenRows) {
  test(`route ${path} opens ${screen ?? 'the login screen'}`, () =>
    assert.equal(screenForPath(path, DEFAULT_ROUTES), screen));
}

test('a host-configured route is followed', () => {
  assert.equal(
    screenForPath('/auth/new-password', { ...DEFAULT_ROUTES, resetPasswordUrl: '/auth/new-password' }),
    'resetPassword',
  );
});

const linkRows: Array<[string, ReturnType<typeof readEmailLink>]> = [
  ['?userId=u1&token=t1', { userId: 'u1', token: 't1' }],
  ['?token=t1&userId=u1&x=1', { userId: 'u1', token: 't1' }],
  ['?userId=u1', null],
  ['?token=t1', null],
  ['?userId=&token=t1', null],
  ['', null],
];
for (const [search, expected] of linkRows) {
  test(`email link ${JSON.stringify(search)}`, () => assert.deepEqual(readEmailLink(search), expected));
}

const forgotRows: Array<[string, unknown, string]> = [
  [
    'a server message',
    new ApiError('Email must be a valid email address', 400),
    'Email must be a valid email address',
  ],
  ['a server error without a message', new ApiError('', 500), 'Unknown error occurred'],
  ['a network failure', new TypeError('Failed to fetch'), 'Unknown error occurred'],
];
for (const [name, error, message] of forgotRows) {
  test(`forgot password error: ${name}`, () => assert.equal(forgotPasswordErrorMessage(error), message));
}

const startRows: Array<
  [string, Parameters<typeof decideActivationStart>[0], ReturnType<typeof decideActivationStart>]
> = [
  ['a password must be set', { shouldSetPassword: true }, 'activatingForm'],
  ['no password needed', { shouldSetPassword: false }, 'activate'],
  ['an answer without the flag', {}, 'activate'],
];
for (const [name, strategy, next] of startRows) {
  test(`activation start: ${name}`, () => assert.equal(decideActivationStart(strategy), next));
}

const afterRows: Array<
  [string, Parameters<typeof decideAfterActivation>[0], ReturnType<typeof decideAfterActivation>]
> = [
  [
    'redirectLocation wins',
    { redirectLocation: 'https://app.example.com/welcome' },
    { kind: 'redirect', url: 'https://app.example.com/welcome' },
  ],
  ['no redirect: success screen', {}, { kind: 'success' }],
  ['an empty redirect is none', { redirectLocation: '' }, { kind: 'success' }],
];
for (const [name, response, outcome] of afterRows) {
  test(`after activation: ${name}`, () => assert.deepEqual(decideAfterActivation(response), outcome));
}
