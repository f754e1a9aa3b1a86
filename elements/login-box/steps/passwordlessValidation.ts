import { normalizeCode } from '../../../core/flows/passwordless';
import { en } from '../../i18n/en';

/** Checks of the passwordless and reset-phone-number fields, run before anything is sent (the server checks again). */

const PHONE = /^\+?[0-9 ().-]+$/;

/** Client-side check of a typed code; the server checks again. */
export function validateCode(value: string): string | null {
  const code = normalizeCode(value);
  if (!code) return en.passwordless.codeRequired;
  return /^\d{6}$/.test(code) ? null : en.passwordless.codeInvalid;
}

/** Client-side check of a typed phone number: 7 to 15 digits, + and separators allowed. */
export function validatePhone(value: string): string | null {
  const phone = value.trim();
  if (!phone) return en.resetPhone.phoneRequired;
  const digits = phone.replace(/\D/g, '').length;
  return PHONE.test(phone) && digits >= 7 && digits <= 15 ? null : en.resetPhone.phoneInvalid;
}
