// Every language's catalogue of the server's emails and SMS holds every English key, no other key,
// the same placeholders in each text, and no text left in English (docs/i18n.md "Server texts").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALES } from '../../../core/domain/locales';
import { fillTemplate } from '../../../core/domain/delivery-texts/compose';
import { SERVER_TEXTS } from './index';

type Tree = { [key: string]: string | Tree };

/** Each text of a catalogue by its path (`email.resetPassword.subject`). */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [p, v] of leaves(value, path)) found.set(p, v);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = leaves(SERVER_TEXTS.en as unknown as Tree);

describe('server texts', () => {
  it('has a catalogue for each of the 12 languages', () => {
    assert.deepEqual(Object.keys(SERVER_TEXTS).sort(), [...LOCALES].sort());
    assert.equal(LOCALES.length, 12);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every key, the same placeholders, translated`, () => {
      const texts = leaves(SERVER_TEXTS[locale] as unknown as Tree);
      assert.deepEqual([...texts.keys()].sort(), [...english.keys()].sort());
      for (const [path, source] of english) {
        const text = texts.get(path)!;
        assert.deepEqual(placeholders(text), placeholders(source), `${locale} ${path}`);
        assert.notEqual(text, source, `${locale} ${path} is still English`);
        assert.ok(text.trim().length > 0, `${locale} ${path} is empty`);
      }
    });
  }

  it('fills each placeholder once, never re-reading a value', () => {
    assert.equal(fillTemplate('{a} and {b}', { a: '{b}', b: 'x' }), '{b} and x');
    assert.equal(fillTemplate('{missing}', {}), '{missing}');
  });
});
