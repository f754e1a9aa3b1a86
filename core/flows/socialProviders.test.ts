import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usableSocialProviders } from './socialProviders';

const google = { provider: 'google', authorizationUrl: 'https://g/auth', displayName: 'Google' };
const acme = { provider: 'acme', authorizationUrl: 'https://acme/auth', customised: true };

describe('which social providers get a button (built-in list, then custom list)', () => {
  const cases: Array<{ name: string; builtIn: unknown; custom: unknown; expected: string[] }> = [
    { name: 'both lists, built-in first', builtIn: [google], custom: [acme], expected: ['google', 'acme'] },
    {
      name: 'a provider in both lists once (the built-in one)',
      builtIn: [google],
      custom: [{ ...google, authorizationUrl: 'https://dup' }],
      expected: ['google'],
    },
    {
      name: 'inactive ones left out',
      builtIn: [{ ...google, active: false }],
      custom: [{ ...acme, active: true }],
      expected: ['acme'],
    },
    {
      name: 'no authorization address, no button',
      builtIn: [{ provider: 'bad' }, { provider: 'num', authorizationUrl: 3 }],
      custom: [],
      expected: [],
    },
    {
      name: 'junk entries ignored',
      builtIn: [null, 'google', { authorizationUrl: 'https://x' }],
      custom: [acme],
      expected: ['acme'],
    },
    { name: 'answers that are not lists', builtIn: { providers: [google] }, custom: null, expected: [] },
    { name: 'nothing configured', builtIn: [], custom: [], expected: [] },
  ];
  for (const c of cases) {
    it(c.name, () =>
      assert.deepEqual(
        usableSocialProviders(c.builtIn, c.custom).map((p) => p.provider),
        c.expected,
      ),
    );
  }
});
