import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement';
// The tag's DOM type (HTMLElementTagNameMap) and its events are declared there.
import type {} from '../shared/elementTypes';
import { CheckoutDialog } from './checkout-dialog.component';

/** The only place that registers <auth-checkout-dialog>. */
defineElement('auth-checkout-dialog', () => r2wc(CheckoutDialog as never, { shadow: 'open', props: {} }));
