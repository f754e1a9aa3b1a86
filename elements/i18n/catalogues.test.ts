// Every shipped catalogue (elements/i18n/locales/<lang>/<catalogue>.json, docs/i18n.md) has every key
// of its English source, no other key, and the same placeholders; its ICU messages compile for its
// language. A catalogue a language does not ship yet shows English: it is named in ENGLISH_ONLY,
// which may only shrink (a catalogue shipped must leave it; the list may not grow past its count).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import MessageFormat from '@messageformat/core';
import { MESSAGES } from '../../core/api/messages';
import { en } from './en';
import { auditStreams } from './auditStreams.en';
import { enBilling } from './en-billing';
import { enMfa } from './en-mfa';
import { enPortal } from './en-portal';
import { enInvitations } from './invitations';
import { LOCALES } from '../../core/contract/locale-tags';
import { CATALOGUE_OF } from './languages';
import { englishTexts } from './localize';
import { portalAdmin } from './portalAdmin.en';
import { portalConnectivity } from './portalConnectivity.en';
import { portalLanguage } from './portalLanguage.en';
import { portalSso } from './portalSso.en';
import { portalProvisioning } from './provisioning.en';
import { securityCenter } from './securityCenter.en';

/** Each catalogue's English source, shaped as the catalogue is (its top-level keys). */
const ENGLISH: Record<string, object> = {
  login: en,
  mfa: enMfa,
  errors: MESSAGES,
  billing: enBilling,
  portal: { ...enPortal, portalLanguage },
  portalAdmin: { portalAdmin },
  securityCenter: { securityCenter },
  auditStreams: { auditStreams },
  connectivity: { portalConnectivity },
  sso: { portalSso },
  invitations: enInvitations,
  provisioning: { portalProvisioning },
};

/** Catalogues still English in a language (`<lang>/<catalogue>`). Only shrinks. */
const ENGLISH_ONLY: string[] = [];
const ENGLISH_ONLY_MAX = 0;

const LANGUAGES = LOCALES.filter((locale) => locale !== 'en');
const folder = new URL('./locales/', import.meta.url);
const file = (language: string, catalogue: string) => new URL(`${language}/${catalogue}.json`, folder);

/** The argument names of an ICU message: `{0}`, `{0, plural, …}`. */
const argumentsOf = (message: string) =>
  new Set([...message.matchAll(/\{\s*(\d+)\s*[,}]/g)].map((match) => Number(match[1])));

/** The arguments an English function shows: each one given as a marker, found in its text. */
function shownArguments(text: (...args: string[]) => string): Set<number> {
  const markers = Array.from({ length: text.length }, (_, index) => `⟪${index}⟫`);
  const output = text(...markers);
  return new Set(markers.flatMap((marker, index) => (output.includes(marker) ? [index] : [])));
}

function compare(english: object, translated: unknown, path: string, mf: MessageFormat, problems: string[]) {
  if (typeof translated !== 'object' || translated === null) {
    problems.push(`${path}: a section in English, not in the catalogue`);
    return;
  }
  for (const key of Object.keys(translated))
    if (!(key in english)) problems.push(`${path}.${key}: not in English`);
  for (const [key, source] of Object.entries(english)) {
    const name = `${path}.${key}`;
    const message = (translated as Record<string, unknown>)[key];
    if (typeof source === 'object') {
      compare(source as object, message, name, mf, problems);
      continue;
    }
    if (typeof message !== 'string' || !message.trim()) {
      problems.push(`${name}: missing`);
      continue;
    }
    try {
      mf.compile(message);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const used = argumentsOf(message);
    if (typeof source === 'string') {
      if (used.size)
        problems.push(`${name}: English has no placeholder, the translation uses {${[...used]}}`);
      continue;
    }
    const fn = source as (...args: string[]) => string;
    for (const index of shownArguments(fn))
      if (!used.has(index)) problems.push(`${name}: {${index}} is missing`);
    for (const index of used) if (index >= fn.length) problems.push(`${name}: {${index}} is not an argument`);
  }
}

for (const language of LANGUAGES) {
  test(`${language}: every shipped catalogue has every English key with the same placeholders`, () => {
    const mf = new MessageFormat(language.split('-')[0]!);
    const problems: string[] = [];
    for (const [catalogue, english] of Object.entries(ENGLISH)) {
      const listed = ENGLISH_ONLY.includes(`${language}/${catalogue}`);
      if (!existsSync(file(language, catalogue))) {
        if (!listed) problems.push(`${catalogue}.json is missing (or name it in ENGLISH_ONLY)`);
        continue;
      }
      if (listed)
        problems.push(`${catalogue}.json ships: remove "${language}/${catalogue}" from ENGLISH_ONLY`);
      const translated: unknown = JSON.parse(readFileSync(file(language, catalogue), 'utf8'));
      compare(english, translated, catalogue, mf, problems);
      // Shipped means loaded: the language's module imports it.
      const index = readFileSync(new URL(`${language}/index.ts`, folder), 'utf8');
      if (!index.includes(`./${catalogue}.json`))
        problems.push(`${language}/index.ts does not load ${catalogue}.json`);
    }
    assert.deepEqual(problems, []);
  });
}

test('the list of catalogues still in English only shrinks', () => {
  assert.ok(
    ENGLISH_ONLY.length <= ENGLISH_ONLY_MAX,
    `ENGLISH_ONLY has ${ENGLISH_ONLY.length} > ${ENGLISH_ONLY_MAX}`,
  );
  assert.equal(new Set(ENGLISH_ONLY).size, ENGLISH_ONLY.length);
});

test('every screen section registers its English texts and names the catalogue that translates it', () => {
  // The login box's own catalogues come with the language's chunk; the others with their screens.
  const registered = englishTexts();
  for (const [catalogue, english] of Object.entries(ENGLISH)) {
    if (['login', 'mfa', 'errors'].includes(catalogue)) continue;
    for (const section of Object.keys(english)) {
      assert.ok(section in registered, `${section} (${catalogue}) is not registered with the localizer`);
      assert.equal(CATALOGUE_OF[section], catalogue, `CATALOGUE_OF.${section}`);
    }
  }
});

test('every language has its chunk, which language-chunks.ts loads', () => {
  const loaders = readFileSync(new URL('./language-chunks.ts', import.meta.url), 'utf8');
  for (const language of LANGUAGES) {
    assert.ok(loaders.includes(`import('./language/${language}')`), language);
    const chunk = readFileSync(new URL(`./language/${language}.ts`, import.meta.url), 'utf8');
    assert.ok(chunk.includes(`'../locales/${language}/index'`), language);
  }
});
