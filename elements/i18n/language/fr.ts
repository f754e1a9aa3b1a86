/** French and the code that applies it: one chunk, one request (docs/i18n.md "Chunks and sizes"). */
import { switchLanguage } from '../languages';
import * as language from '../locales/fr/index';

export { toEnglish } from '../languages';

export const apply = (current: () => boolean, changed: () => void): Promise<void> =>
  switchLanguage(language, current, changed);
