import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMetadataActions, checkMetadataAction, fieldAppearance, tabAppearance } from './appearance';
import { errorText } from '../contract/errors';

test('field appearance from the admin-box metadata: hidden, viewOnly or edit; anything else is edit', () => {
  const metadata = {
    profile: {
      fields: {
        phoneNumber: { appearance: 'hidden' },
        jobTitle: { appearance: 'viewOnly' },
        name: { appearance: 'edit' },
        address: { appearance: 'weird' },
      },
    },
    account: 'not an object',
  };
  const cases: Array<[unknown, string, string, string]> = [
    [metadata, 'profile', 'phoneNumber', 'hidden'],
    [metadata, 'profile', 'jobTitle', 'viewOnly'],
    [metadata, 'profile', 'name', 'edit'],
    [metadata, 'profile', 'address', 'edit'],
    [metadata, 'profile', 'unknown', 'edit'],
    [metadata, 'account', 'website', 'edit'],
    [{}, 'profile', 'name', 'edit'],
    [null, 'profile', 'name', 'edit'],
    [undefined, 'account', 'currency', 'edit'],
  ];
  for (const [input, section, field, expected] of cases) {
    assert.equal(
      fieldAppearance(input as Record<string, unknown>, section, field),
      expected,
      `${section}.${field}`,
    );
  }
});

test('tab appearance: hidden or edit; viewOnly is not a tab appearance and counts as edit', () => {
  const cases: Array<[string | undefined, string]> = [
    ['hidden', 'hidden'],
    ['edit', 'edit'],
    ['viewOnly', 'edit'],
    [undefined, 'edit'],
  ];
  for (const [value, expected] of cases) {
    const metadata = value ? { account: { tabs: { customLogin: { appearance: value } } } } : {};
    assert.equal(tabAppearance(metadata, 'account', 'customLogin'), expected, String(value));
  }
});

test('metadata actions: known paths and values pass, the rest get one message each', () => {
  const cases: Array<[string, string | null, string | null]> = [
    ['navigation.users.visibility', 'hidden', null],
    ['navigation.allAccounts.visibility', 'byPermissions', null],
    ['navigation.users.visibility', null, null],
    ['navigation.nowhere.visibility', 'hidden', 'Unknown page "nowhere"'],
    [
      'navigation.users.visibility',
      'sometimes',
      'navigation.users.visibility must be one of always, hidden, byPermissions',
    ],
    ['profile.fields.phoneNumber.appearance', 'viewOnly', null],
    ['account.fields.companyName.appearance', 'hidden', null],
    ['account.tabs.customLogin.appearance', 'hidden', null],
    [
      'account.tabs.customLogin.appearance',
      'viewOnly',
      'account.tabs.customLogin.appearance must be one of hidden, edit',
    ],
    ['profile.fields.email.appearance', 'hidden', 'Unknown field "email" in profile'],
    ['profile.tabs.main.appearance', 'hidden', 'Unknown tab "main" in profile'],
    ['toString.fields.x.appearance', 'hidden', 'Unknown section "toString"'],
    ['__proto__.x', 'hidden', 'Unknown metadata path "__proto__.x"'],
    ['profile.fields.name', 'hidden', 'Unknown metadata path "profile.fields.name"'],
  ];
  for (const [path, value, expected] of cases) {
    const entry = checkMetadataAction({ path, value });
    assert.equal(entry && errorText(entry.code, entry.params), expected, path);
  }
});

test('applying actions sets and removes values without touching the input', () => {
  const before = { navigation: { users: { visibility: 'hidden' } } };
  const after = applyMetadataActions(before, [
    { path: 'profile.fields.phoneNumber.appearance', value: 'hidden' },
    { path: 'navigation.users.visibility', value: null },
  ]);
  assert.deepEqual(after, {
    navigation: { users: {} },
    profile: { fields: { phoneNumber: { appearance: 'hidden' } } },
  });
  assert.deepEqual(before, { navigation: { users: { visibility: 'hidden' } } });
});
