/**
 * The development payment provider's card rules (issue 17), one implementation for the reference
 * server (server/billing/development.ts) and the in-browser demo backend (core/demo/billing.ts).
 * It behaves like a card processor's test mode: the number must pass the Luhn checksum, the expiry
 * must be a real month not in the past, the CVC 3 digits (4 for American Express), and only the
 * documented test numbers are accepted (a real card number is declined, so nobody pays with one
 * by mistake). What is kept of a card: brand, last 4 digits, expiry month and year; never the full
 * number, never the CVC.
 */

/** The documented test numbers (docs/billing.md) and what each does. */
export const TEST_CARDS = {
  /** Visa: succeeds. */
  success: '4242424242424242',
  /** Mastercard: succeeds. */
  successMastercard: '5555555555554444',
  /** Declined ("Your card was declined."). */
  declined: '4000000000000002',
  /** Succeeds after an extra confirmation step (the bank asks the cardholder to confirm). */
  requiresConfirmation: '4000002500003155',
  /** Declined for insufficient funds. */
  insufficientFunds: '4000000000009995',
} as const;

/** Messages of the card checks, quoted by the server's catalogue (core/contract/errors-integrations.ts). */
export const CARD_MESSAGES = {
  numberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notTestCard: 'Your card was declined: the development provider accepts only test card numbers.',
  confirmationFailed: 'The payment was not confirmed by the cardholder.',
} as const;

interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What is stored of a card. */
export interface StoredCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

type CardMessage = (typeof CARD_MESSAGES)[keyof typeof CARD_MESSAGES];

/** A refused card: the message, and which check refused it (its code: CARD_CODES, core/contract). */
type Refusal = { message: CardMessage; reason: keyof typeof CARD_MESSAGES };
const refusal = (reason: keyof typeof CARD_MESSAGES): Refusal => ({ message: CARD_MESSAGES[reason], reason });

type CardOutcome =
  | { ok: true; card: StoredCard; requiresConfirmation: boolean }
  | ({ ok: false; field: 'number' | 'expiry' | 'cvc' | 'card' } & Refusal);

/** Digits only: spaces and dashes as people type them are allowed. */
function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's prefix, spelled as processors spell it. */
function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Checks a card as a processor's test mode does; `now` for tests. */
export function checkCard(input: CardInput, now = new Date()): CardOutcome {
  const digits = cardDigits(input.number);
  if (!luhnValid(digits)) return { ok: false, field: 'number', ...refusal('numberInvalid') };
  const { expMonth, expYear } = input;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear))
    return { ok: false, field: 'expiry', ...refusal('expiryInvalid') };
  const year = expYear < 100 ? 2000 + expYear : expYear;
  if (year > now.getUTCFullYear() + 50) return { ok: false, field: 'expiry', ...refusal('expiryInvalid') };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1))
    return { ok: false, field: 'expiry', ...refusal('expired') };
  const brand = cardBrand(digits);
  if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(input.cvc))
    return { ok: false, field: 'cvc', ...refusal('cvcInvalid') };
  switch (digits) {
    case TEST_CARDS.declined:
      return { ok: false, field: 'card', ...refusal('declined') };
    case TEST_CARDS.insufficientFunds:
      return { ok: false, field: 'card', ...refusal('insufficientFunds') };
    case TEST_CARDS.success:
    case TEST_CARDS.successMastercard:
    case TEST_CARDS.requiresConfirmation:
      return {
        ok: true,
        card: { brand, last4: digits.slice(-4), expMonth, expYear: year },
        requiresConfirmation: digits === TEST_CARDS.requiresConfirmation,
      };
    default:
      return { ok: false, field: 'card', ...refusal('notTestCard') };
  }
}

/** Invoice amounts are in cents (spec 001 §9: totals / 100, two decimals, default currency usd). */
export function formatAmount(cents: number, currency = 'usd'): string {
  return `${(cents / 100).toFixed(2)} ${(currency || 'usd').toUpperCase()}`;
}
