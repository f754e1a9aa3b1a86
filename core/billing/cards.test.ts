import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARD_MESSAGES, TEST_CARDS, checkCard, formatAmount } from './cards';

const NOW = new Date('2026-11-26T00:00:00Z');
const card = (overrides: Partial<Parameters<typeof checkCard>[0]> = {}) =>
  checkCard({ number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123', ...overrides }, NOW);

describe('the development provider card checks (a processor test mode)', () => {
  it('4242 4242 4242 4242 succeeds and keeps only brand, last 4 and expiry', () => {
    const outcome = card({ number: '4242 4242 4242 4242', expYear: 30 });
    assert.deepEqual(outcome, {
      ok: true,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      requiresConfirmation: false,
    });
  });
  it('4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for a confirmation', () => {
    assert.deepEqual(card({ number: TEST_CARDS.declined }), {
      ok: false,
      field: 'card',
      message: CARD_MESSAGES.declined,
      reason: 'declined',
    });
    const confirm = card({ number: '4000 0025 0000 3155' });
    assert.ok(confirm.ok && confirm.requiresConfirmation);
  });
  it('refuses a bad checksum, a past or impossible expiry, a short CVC, a number that is no test card', () => {
    assert.deepEqual(card({ number: '4242424242424241' }), {
      ok: false,
      field: 'number',
      message: 'Your card number is invalid.',
      reason: 'numberInvalid',
    });
    assert.deepEqual(card({ expMonth: 10, expYear: 2026 }), {
      ok: false,
      field: 'expiry',
      message: 'Your card has expired.',
      reason: 'expired',
    });
    assert.equal(card({ expMonth: 11, expYear: 2026 }).ok, true, 'the current month is still valid');
    assert.deepEqual(card({ expMonth: 0 }), {
      ok: false,
      field: 'expiry',
      message: "Your card's expiration date is invalid.",
      reason: 'expiryInvalid',
    });
    assert.deepEqual(card({ cvc: '12' }), {
      ok: false,
      field: 'cvc',
      message: "Your card's security code is invalid.",
      reason: 'cvcInvalid',
    });
    assert.equal(card({ number: '4111111111111111' }).ok, false);
  });
  it('amounts are cents: / 100 with two decimals, usd by default (spec 001 §9)', () => {
    assert.equal(formatAmount(2900), '29.00 USD');
    assert.equal(formatAmount(1234, 'eur'), '12.34 EUR');
    assert.equal(formatAmount(5, ''), '0.05 USD');
  });
});
