/** The pseudo-locale (pseudo.ts) and the code that applies it: one chunk (docs/i18n.md). */
import { switchToPseudo } from '../languages';

export { toEnglish } from '../languages';

export const apply = (current: () => boolean): Promise<void> => switchToPseudo(current);
