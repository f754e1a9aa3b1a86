import { en } from '../i18n/en';
import { DEFAULT_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './validation';

// The checks of the screens that set a password or a name (sign-up, reset, activation, the portal's
// password form): kept out of ./validation, which the sign-in page loads, so only those screens pay.
const NAME_MAX_LENGTH = 100;

export function validateNewPassword(
  value: string,
  minLength = DEFAULT_PASSWORD_MIN_LENGTH,
  maxLength = PASSWORD_MAX_LENGTH,
): string | null {
  if (!value) return en.validation.passwordRequired;
  if (value.length < minLength) return en.validation.passwordTooShort(minLength);
  if (value.length > maxLength) return en.validation.passwordTooLong(maxLength);
  return null;
}

export function validateName(value: string): string | null {
  return value.trim().length > NAME_MAX_LENGTH ? en.validation.nameTooLong : null;
}
