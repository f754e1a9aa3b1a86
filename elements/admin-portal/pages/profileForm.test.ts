import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { User } from '../../../core/api/types';
import { ERROR_CATALOGUE } from '../../../core/contract/errors';
import { initialsOf, pictureProblem, profileFieldsOf, profileUpdateOf, validateProfile } from './profileForm';

const user: User = {
  id: 'u',
  email: 'a@example.com',
  name: 'Ada',
  tenantId: 't',
  roles: [],
  permissions: [],
  phoneNumber: '+44 20',
  metadata: '{"address":"1 Main St","theme":"dark"}',
};

test('fields come from the user and its metadata; unreadable metadata counts as empty', () => {
  assert.deepEqual(profileFieldsOf(user), {
    name: 'Ada',
    phoneNumber: '+44 20',
    address: '1 Main St',
    jobTitle: '',
  });
  assert.deepEqual(profileFieldsOf({ ...user, metadata: 'not json' }), {
    name: 'Ada',
    phoneNumber: '+44 20',
    address: '',
    jobTitle: '',
  });
});

test('the update keeps other metadata keys and clears an emptied phone', () => {
  const update = profileUpdateOf(
    { name: ' Ada L ', phoneNumber: '  ', address: '2 High St', jobTitle: 'CTO' },
    user,
  );
  assert.deepEqual(update, {
    name: 'Ada L',
    phoneNumber: null,
    metadata: '{"address":"2 High St","theme":"dark","jobTitle":"CTO"}',
  });
});

const rows: Array<[string, Parameters<typeof validateProfile>[0], Record<string, string>]> = [
  ['empty name', { name: ' ', phoneNumber: '', address: '', jobTitle: '' }, { name: 'Enter your name.' }],
  [
    'letters in the phone',
    { name: 'A', phoneNumber: 'call me', address: '', jobTitle: '' },
    { phoneNumber: 'Enter a phone number with digits, spaces, +, -, ( or ) only.' },
  ],
  [
    'overlong address',
    { name: 'A', phoneNumber: '', address: 'x'.repeat(201), jobTitle: '' },
    { address: 'Use at most 200 characters.' },
  ],
  ['all fine', { name: 'A', phoneNumber: '+1 (555) 010-0000', address: '', jobTitle: '' }, {}],
];
for (const [name, fields, expected] of rows)
  test(`validation: ${name}`, () => assert.deepEqual(validateProfile(fields), expected));

test('a picture the server would refuse is refused first, in the server’s words', () => {
  assert.equal(pictureProblem({ type: 'image/png', size: 1024 * 1024 }), null);
  assert.equal(pictureProblem({ type: 'image/webp', size: 10 }), null);
  assert.equal(
    pictureProblem({ type: 'image/png', size: 1024 * 1024 + 1 }),
    ERROR_CATALOGUE.PROFILE_IMAGE_TOO_LARGE.message,
  );
  assert.equal(
    pictureProblem({ type: 'image/svg+xml', size: 10 }),
    ERROR_CATALOGUE.PROFILE_IMAGE_TYPE.message,
  );
  assert.equal(pictureProblem({ type: '', size: 10 }), ERROR_CATALOGUE.PROFILE_IMAGE_TYPE.message);
});

test('initials: two words of the name, else the email’s local part', () => {
  assert.equal(initialsOf('Ada Lovelace King', 'a@example.com'), 'AL');
  assert.equal(initialsOf('  ', 'grace.hopper@example.com'), 'GH');
  assert.equal(initialsOf(undefined, 'zoe@example.com'), 'Z');
  assert.equal(initialsOf('émile zola', 'e@example.com'), 'ÉZ');
});
