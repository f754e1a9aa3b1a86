/**
 * Phone numbers in the contract: one normalisation (what the server stores and the demo keeps) and
 * one masking (what a caller sees before proving they own the number).
 */

/** A phone number as typed: +, digits, spaces, dots, dashes, brackets; 7 to 15 digits. Null when not. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * "+44 20 7946 0958" -> "+•• •• •••• ••58": every digit but the last `visibleDigits` hidden, the
 * rest of the text kept, enough for the user to recognise the number, not to read it. Passwordless
 * sign-in shows 2 digits; the MFA device list shows 4 (as the client SDK's screens expect).
 */
export function maskPhone(phone: string, visibleDigits = 2): string {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - visibleDigits ? d : '•'));
}
