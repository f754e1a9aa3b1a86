/**
 * The profile page's language picker (issue 29; elements/admin-portal/pages/LanguageSection.tsx),
 * registered as the `portalLanguage` section: a host overrides it like any other
 * (`{ portalLanguage: { label: '...' } }`). The languages' names are not here: each is written in
 * itself (core/domain/locale-names.ts), the same on every page.
 */
import { registerLazyTexts } from './localize';

export const portalLanguage = {
  label: 'Language',
  automatic: 'Automatic (this page’s language)',
  hint: 'The portal and the emails and text messages we send you use this language.',
  saved: 'Your language was saved.',
} as const;

registerLazyTexts({ portalLanguage });
