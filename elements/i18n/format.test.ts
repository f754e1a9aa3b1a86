import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDate,
  formatDateTime,
  formatList,
  formatLocale,
  formatNumber,
  formatRelativeTime,
  formatTime,
} from './format';
import { formatMoney } from './formatMoney';

// In Node the page is English: the browser's English variant, else `en`.
test('formats follow the page language (English here)', () => {
  assert.match(formatLocale(), /^en/);
  const now = new Date('2026-11-27T12:00:00Z');
  assert.equal(formatRelativeTime(new Date('2026-11-24T12:00:00Z'), now), '3 days ago');
  assert.equal(formatRelativeTime(new Date('2026-11-27T14:00:00Z'), now), 'in 2 hours');
  assert.equal(formatList(['SMS', 'email', 'passkey']), 'SMS, email, and passkey');
  assert.equal(formatNumber(1234.5), '1,234.5');
  assert.match(formatTime(now), /\d{1,2}:\d{2}/);
  assert.equal(formatDate(null, '—'), '—');
  assert.equal(formatDateTime('not a date', '—'), '—');
  assert.match(formatDate('2026-11-27T12:00:00Z', '—'), /2026/);
  // English keeps the spec's amounts (spec 001 §9).
  assert.equal(formatMoney(2900, 'usd'), '29.00 USD');
});
