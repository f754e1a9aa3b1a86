import { css } from '@emotion/react';
import type { PaymentMethod, Plan, Subscription } from '../../core/api/billing';
import { ApiError } from '../../core/api/errors';
import { CARD_MESSAGES } from '../../core/billing/cards';
import { enBilling } from '../i18n/en-billing';

export const t = enBilling.checkout;

/** How the checkout ended, as the element's event reports it. */
export type CheckoutStatus = 'success' | 'error' | 'cancel';

export const planListStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  border: 0,
  margin: 0,
  padding: 0,
  // A fieldset is as wide as its widest content by default: here it takes the dialog's width.
  minInlineSize: 0,
});
export const planStyle = css({
  display: 'flex',
  gap: '10px',
  alignItems: 'flex-start',
  padding: '10px 12px',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'var(--ae-color-primary)' },
  '& input': { marginTop: '4px' },
});
/** Expiry and CVC side by side, each free to shrink below its input's natural width. */
export const rowStyle = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '12px',
});
export const statusStyle = css({ margin: 0, color: 'var(--ae-color-success-text)' });
export const downgradeStyle = css({
  padding: '10px 12px',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-warning-surface)',
  color: 'var(--ae-color-warning-text)',
  '& ul': { margin: '4px 0 0', paddingInlineStart: '20px' },
});

export interface Loaded {
  plans: Plan[];
  subscription: Subscription;
  method: PaymentMethod | null;
  /** 'development' collects the card here; Stripe needs Stripe.js (not in this version). */
  provider: string | null;
  publishableKey: string;
  providerError: string | null;
}

export type Step = 'plan' | 'pay' | 'authenticate' | 'done';

export const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/** Which card field a card message belongs to (the server answers the card step with these). */
export function fieldOf(message: string): 'number' | 'expiry' | 'cvc' | null {
  if (message === CARD_MESSAGES.numberInvalid) return 'number';
  if (message === CARD_MESSAGES.expiryInvalid || message === CARD_MESSAGES.expired) return 'expiry';
  if (message === CARD_MESSAGES.cvcInvalid) return 'cvc';
  return null;
}

export const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16)).join('');
