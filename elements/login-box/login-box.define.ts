import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement';
// The tag's DOM type (HTMLElementTagNameMap) and its events are declared there.
import type {} from '../shared/elementTypes';
import { LoginBox } from './login-box.component';
import { takingOverFirstFrame } from './prerendered';

/** The only place that registers <auth-login-box> (taking over a server's first frame, see prerendered.ts). */
defineElement('auth-login-box', () =>
  takingOverFirstFrame(r2wc(LoginBox as never, { shadow: 'open', props: { screen: 'string' } })),
);
