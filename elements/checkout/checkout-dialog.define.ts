import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement';
import { CheckoutDialog } from './checkout-dialog.component';

/** The only place that registers <auth-checkout-dialog>. */
defineElement('auth-checkout-dialog', () => r2wc(CheckoutDialog as never, { shadow: 'open', props: {} }));

declare global {
  interface HTMLElementTagNameMap {
    'auth-checkout-dialog': HTMLElement;
  }
}
