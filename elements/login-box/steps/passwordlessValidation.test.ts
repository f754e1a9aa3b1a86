import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateCode, validatePhone } from './passwordlessValidation';

const codeRows: Array<[string, string | null]> = [
  ['', 'Enter the code.'],
  ['   ', 'Enter the code.'],
  ['12345', 'The code has 6 digits.'],
  ['1234567', 'The code has 6 digits.'],
  ['12a456', 'The code has 6 digits.'],
  ['123456', null],
  [' 123 456 ', null],
  ['123-456', null],
];
for (const [value, message] of codeRows)
  test(`code "${value}" -> ${message ?? 'ok'}`, () => assert.equal(validateCode(value), message));

const phoneRows: Array<[string, string | null]> = [
  ['', 'Enter your phone number.'],
  ['call me', 'With the country code, like +44 20 7946 0958.'],
  ['123456', 'With the country code, like +44 20 7946 0958.'],
  ['+1 2345 6789 0123 4567', 'With the country code, like +44 20 7946 0958.'],
  ['+44 20 7946 0958', null],
  ['(555) 010-0123', null],
];
for (const [value, message] of phoneRows)
  test(`phone "${value}" -> ${message ?? 'ok'}`, () => assert.equal(validatePhone(value), message));
