import { en } from '../i18n/en';

/** Client-side checks run before anything is sent; the server checks again. */
const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return en.validation.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return en.validation.emailInvalid;
  return null;
}

export function validateLoginPassword(value: string): string | null {
  if (!value) return en.validation.passwordRequired;
  if (value.length > PASSWORD_MAX_LENGTH) return en.validation.passwordTooLong(PASSWORD_MAX_LENGTH);
  return null;
}
