import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  caretAfterDigits,
  digitsBeforeCaret,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from './cardInput';
import { checkCard, TEST_CARDS } from './cards';

describe('the checkout card fields as typed or pasted', () => {
  it('groups the number by 4, whatever the spacing; 19 digits at most', () => {
    assert.equal(formatCardNumber('4242424242424242'), '4242 4242 4242 4242');
    assert.equal(formatCardNumber('4242-4242 42'), '4242 4242 42');
    assert.equal(formatCardNumber('4242'), '4242');
    assert.equal(formatCardNumber('1'.repeat(25)).replace(/ /g, '').length, 19);
  });
  it('writes the expiry as MM / YY while typing, and from a pasted value', () => {
    const rows: Array<[string, string]> = [
      ['1', '1'],
      ['12', '12'],
      ['123', '12 / 3'],
      ['1230', '12 / 30'],
      ['12305', '12 / 30'],
      ['4', '04'],
      ['430', '04 / 30'],
      ['12/30', '12 / 30'],
      ['12 / 2030', '12 / 30'],
      ['1/30', '01 / 30'],
      ['12 / ', '12'],
    ];
    for (const [typed, shown] of rows) assert.equal(formatExpiry(typed), shown, typed);
  });
  it('"1230" is December 2030 and passes the card checks (issue 24: it was refused)', () => {
    for (const typed of ['1230', '12 / 30', '12/2030', formatExpiry('1230')]) {
      const expiry = parseExpiry(typed);
      assert.deepEqual(expiry, { expMonth: 12, expYear: typed.includes('2030') ? 2030 : 30 }, typed);
      const outcome = checkCard(
        { number: TEST_CARDS.success, cvc: '123', ...expiry },
        new Date('2026-11-26'),
      );
      assert.equal(outcome.ok, true, typed);
    }
    assert.ok(Number.isNaN(parseExpiry('12').expMonth));
  });
  it('keeps the caret after the digit it followed', () => {
    // Typing the 5th digit at the end of "4242": the caret lands after it, past the new space.
    assert.equal(caretAfterDigits(formatCardNumber('42424'), digitsBeforeCaret('42424', 5)), 6);
    // Editing in the middle: caret after the 2nd digit stays after the 2nd digit.
    assert.equal(caretAfterDigits(formatCardNumber('4242 4242'), 2), 2);
    assert.equal(caretAfterDigits(formatExpiry('123'), 3), 6);
    assert.equal(caretAfterDigits('12 / 30', 0), 0);
  });
});
