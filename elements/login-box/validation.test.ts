import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateName, validateNewPassword } from './newPasswordValidation';
import { validateEmail, validateLoginPassword } from './validation';

const rows: Array<[string, string | null, string | null]> = [
  ['email empty', validateEmail(''), 'Enter your email address.'],
  ['email spaces', validateEmail('   '), 'Enter your email address.'],
  ['email no at', validateEmail('ada.example.com'), 'Enter a valid email address, like name@example.com.'],
  [
    'email too long',
    validateEmail(`${'a'.repeat(250)}@x.io`),
    'Enter a valid email address, like name@example.com.',
  ],
  ['email ok', validateEmail(' ada@example.com '), null],
  ['login password empty', validateLoginPassword(''), 'Enter your password.'],
  ['login password too long', validateLoginPassword('x'.repeat(129)), 'Use at most 128 characters.'],
  ['login password short is fine at login', validateLoginPassword('x'), null],
  ['new password too short', validateNewPassword('1234567'), 'Use at least 8 characters.'],
  ['new password min from config', validateNewPassword('123456789', 10), 'Use at least 10 characters.'],
  ['new password ok', validateNewPassword('12345678'), null],
  ['name too long', validateName('n'.repeat(101)), 'Use at most 100 characters.'],
  ['name empty is fine', validateName(''), null],
];
for (const [name, actual, expected] of rows) test(name, () => assert.equal(actual, expected));
