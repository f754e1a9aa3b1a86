import { css } from '@emotion/react';
import { type BillingAddress } from '../../../../core/api/billing';
import { enBilling } from '../../../i18n/en-billing';

export const t = enBilling.subscriptions;
export const factsStyle = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '6px 16px',
  margin: 0,
  dt: { color: 'var(--ae-color-text-muted)' },
  // A long billing email or address wraps inside the card rather than running past it.
  dd: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});
export const actionsStyle = css({ display: 'flex', gap: '8px', flexWrap: 'wrap' });
export const TONES = {
  ACTIVE: 'success',
  TRIALING: 'warning',
  CANCELED: 'neutral',
  INCOMPLETE: 'warning',
  EXPIRED: 'danger',
} as const;

type AddressKey = keyof BillingAddress;
export const ADDRESS_FIELDS: Array<[AddressKey, string, string]> = [
  ['addressLine1', t.line1, 'address-line1'],
  ['addressLine2', t.line2, 'address-line2'],
  ['city', t.city, 'address-level2'],
  ['state', t.state, 'address-level1'],
  ['postalCode', t.postalCode, 'postal-code'],
  ['country', t.country, 'country'],
];
