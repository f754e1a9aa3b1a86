import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccountSettings } from '../../../../core/api/accountSettings';
import { changesOf, fieldsOf, validateAccount } from './accountForm';

const saved: AccountSettings = {
  tenantId: 't',
  name: 'Acme',
  address: '1 Main St',
  website: null,
  timezone: 'Europe/Paris',
  currency: 'USD',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: 'HH:mm',
  logo: null,
  hasCustomLogin: false,
};

test('no change: nothing to send', () => assert.deepEqual(changesOf(saved, fieldsOf(saved)), {}));
test('whitespace only is no change', () =>
  assert.deepEqual(changesOf(saved, { ...fieldsOf(saved), name: ' Acme ' }), {}));
test('only what changed, emptied fields as null', () => {
  assert.deepEqual(
    changesOf(saved, { ...fieldsOf(saved), address: '', website: 'https://acme.example', currency: 'EUR' }),
    { address: null, website: 'https://acme.example', currency: 'EUR' },
  );
});

test('the account language: chosen, then cleared back to none (null)', () => {
  assert.deepEqual(changesOf(saved, { ...fieldsOf(saved), locale: 'ja' }), { locale: 'ja' });
  assert.deepEqual(changesOf({ ...saved, locale: 'ja' }, { ...fieldsOf(saved), locale: '' }), {
    locale: null,
  });
});

const rows: Array<[string, Partial<ReturnType<typeof fieldsOf>>, Record<string, string>]> = [
  ['blank name', { name: '  ' }, { name: 'Enter the company name.' }],
  [
    'website without scheme',
    { website: 'acme.example' },
    { website: 'Enter a web address that starts with https:// or http://.' },
  ],
  [
    'script website',
    { website: 'javascript:alert(1)' },
    { website: 'Enter a web address that starts with https:// or http://.' },
  ],
  ['long address', { address: 'a'.repeat(201) }, { address: 'Use at most 200 characters.' }],
  ['fine', {}, {}],
];
for (const [name, change, expected] of rows)
  test(`validation: ${name}`, () =>
    assert.deepEqual(validateAccount({ ...fieldsOf(saved), ...change }), expected));
