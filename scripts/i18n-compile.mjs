// Compiles a language's catalogue (elements/i18n/locales/<lang>/<section>.json: ICU MessageFormat
// strings keyed like the English dictionary) into an ES module at build time, so the browser gets
// plain strings and functions and no message parser. A message without arguments stays a string;
// one with arguments becomes a function of them (`{0}` is the English function's first argument),
// plurals and selects through @messageformat/runtime's small helpers.
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/compile-module.js';

/** The catalogue's file name -> the locale its plural rules and number formats follow. */
export const LOCALE_FILE = /[\\/]elements[\\/]i18n[\\/]locales[\\/]([A-Za-z-]+)[\\/][\w-]+\.json$/;

/** `json`: the file's text; `locale`: its folder's name (pt-BR, zh-CN, ...). */
export function compileCatalogue(json, locale) {
  const messages = JSON.parse(json);
  const mf = new MessageFormat(locale.split('-')[0]);
  // compileModule writes `key: () => "text"` for a message without arguments: a plain string instead.
  return compileModule(mf, messages).replace(/: \(\) => ("(?:[^"\\]|\\.)*")/g, ': $1');
}

/** The Rollup plugin: `import texts from './es/login.json'` gives the compiled module. */
export function localeCatalogues() {
  return {
    name: 'locale-catalogues',
    async load(id) {
      const match = LOCALE_FILE.exec(id);
      if (!match) return null;
      const { readFile } = await import('node:fs/promises');
      return { code: compileCatalogue(await readFile(id, 'utf8'), match[1]), map: null };
    },
  };
}
