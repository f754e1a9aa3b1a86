import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALE_NAMES } from './locale-names';
import { LOCALES, recipientLocale } from './locales';

describe('locales', () => {
  it('12 languages, each named in itself', () => {
    assert.equal(LOCALES.length, 12);
    assert.deepEqual(Object.keys(LOCALE_NAMES), [...LOCALES]);
  });

  it("a message's language: the user's, else the account's, else English", () => {
    assert.equal(recipientLocale('fr', 'ja'), 'fr');
    assert.equal(recipientLocale(null, 'ja'), 'ja');
    assert.equal(recipientLocale(undefined, null), 'en');
    // A saved value the kit no longer speaks counts as none.
    assert.equal(recipientLocale('tlh', 'pt-BR'), 'pt-BR');
    assert.equal(recipientLocale('xx', 'yy'), 'en');
  });
});
