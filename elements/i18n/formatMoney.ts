/** Amounts in the page's language (docs/i18n.md "Formats"): the checkout's and the subscriptions page's. */
import { formatAmount } from '../../core/billing/cards';
import { currentLocale } from './locale';

/**
 * An amount in cents. English keeps the spec's "29.00 USD" (spec 001 §9); another language writes
 * its own way ("29,00 US$", "US$29.00", "29,00 $US").
 */
export function formatMoney(cents: number, currency = 'usd'): string {
  const locale = currentLocale();
  if (locale === 'en' || locale === 'en-XA') return formatAmount(cents, currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: (currency || 'usd').toUpperCase(),
  }).format(cents / 100);
}
