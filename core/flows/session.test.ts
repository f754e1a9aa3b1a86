import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../api/errors';
import { resolveRoutes } from '../config/routes';
import {
  decideQuickLoginFlow,
  IMPERSONATION_RELOAD_DELAY_MS,
  isExcludedPreLoginUrl,
  isProfileFetchRetryable,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_INTERVAL_MS,
  quickLoginMarkerKey,
  SILENT_LOGOUT_CALLBACK_MS,
} from './session';
import { decideAfterLogout, readImpersonationRequest } from './sessionRoutes';

test('spec 000 §9 constants: impersonation pause 1000 ms, silent logout 500 ms, profile 3 attempts 2000 ms apart', () => {
  assert.equal(IMPERSONATION_RELOAD_DELAY_MS, 1000);
  assert.equal(SILENT_LOGOUT_CALLBACK_MS, 500);
  assert.equal(PROFILE_FETCH_ATTEMPTS, 3);
  assert.equal(PROFILE_FETCH_INTERVAL_MS, 2000);
});

const impersonationRows: Array<[string, ReturnType<typeof readImpersonationRequest>]> = [
  ['?userId=u-1', { userId: 'u-1' }],
  ['?userId=%20u-1%20&tenantId=t-1', { userId: 'u-1', tenantId: 't-1' }],
  ['?userId=u-1&tenantId=', { userId: 'u-1' }],
  ['', null],
  ['?userId=', null],
  ['?userId=%20%20', null],
  ['?tenantId=t-1', null],
  [`?userId=${'x'.repeat(101)}`, null],
  [`?userId=u&tenantId=${'x'.repeat(101)}`, null],
];
for (const [search, expected] of impersonationRows) {
  test(`impersonation request of "${search.slice(0, 40)}"`, () =>
    assert.deepEqual(readImpersonationRequest(search), expected));
}

const retryRows: Array<[string, unknown, boolean]> = [
  ['network failure', new TypeError('Failed to fetch'), true],
  ['500', new ApiError('boom', 500), true],
  ['503', new ApiError('busy', 503), true],
  ['401', new ApiError('Unauthorized', 401), false],
  ['403', new ApiError('Forbidden', 403), false],
  ['404', new ApiError('Not found', 404), false],
];
for (const [name, error, expected] of retryRows)
  test(`profile fetch after ${name}: ${expected ? 'retry' : 'give up'}`, () =>
    assert.equal(isProfileFetchRetryable(error), expected));

const quickRows: Array<[string | null, boolean, 'Login' | 'RegisterQuickLogin']> = [
  [null, false, 'Login'],
  ['', false, 'Login'],
  ['  ', false, 'Login'],
  ['passkeys', false, 'RegisterQuickLogin'],
  ['passkeys', true, 'Login'],
  ['sms', false, 'RegisterQuickLogin'],
];
for (const [flag, markerDone, expected] of quickRows) {
  test(`quick login: flag ${JSON.stringify(flag)}, marker ${markerDone ? 'done' : 'absent'} -> ${expected}`, () => {
    assert.equal(decideQuickLoginFlow({ flag, markerDone }), expected);
  });
}
test('the quick-login marker is per user', () =>
  assert.notEqual(quickLoginMarkerKey('a'), quickLoginMarkerKey('b')));

const routes = resolveRoutes();
const excludedRows: Array<[string, boolean]> = [
  ['/account/login', true],
  ['/account/login/', true],
  ['/account/logout?x=1', true],
  ['/account/social/success', true],
  ['/account/activate', true],
  ['https://app.example.com/account/activate#x', true],
  ['/account/sign-up', false],
  ['/reports', false],
  ['/', false],
];
for (const [url, expected] of excludedRows)
  test(`stored pre-login URL ${url} is ${expected ? 'excluded' : 'used'}`, () =>
    assert.equal(isExcludedPreLoginUrl(url, routes), expected));

const logoutRows: Array<[string, string, readonly string[], ReturnType<typeof decideAfterLogout>]> = [
  ['no redirectUrl: the login URL', 'https://app.example.com/account/logout', [], { url: '/account/login' }],
  [
    'same-site redirectUrl',
    'https://app.example.com/account/logout?redirectUrl=%2Fbye%3Fa%3D1',
    [],
    { url: 'https://app.example.com/bye?a=1' },
  ],
  [
    'another site: refused, the login URL and the warning',
    'https://app.example.com/account/logout?redirectUrl=https%3A%2F%2Fevil.org',
    [],
    { url: '/account/login', warning: 'redirectNotAllowed' },
  ],
  [
    'allow-listed origin',
    'https://app.example.com/account/logout?redirectUrl=https%3A%2F%2Fpartner.org%2Fx',
    ['https://partner.org'],
    { url: 'https://partner.org/x' },
  ],
  [
    'javascript: refused',
    'https://app.example.com/account/logout?redirectUrl=javascript%3Aalert(1)',
    [],
    { url: '/account/login', warning: 'redirectNotAllowed' },
  ],
];
for (const [name, currentUrl, allowedOrigins, expected] of logoutRows) {
  test(`after logout: ${name}`, () =>
    assert.deepEqual(decideAfterLogout({ currentUrl, routes, allowedOrigins }), expected));
}
