import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement';
// The tag's DOM type (HTMLElementTagNameMap) and its events are declared there.
import type {} from '../shared/elementTypes';
import { LoginBox } from './login-box.component';

const live = () => r2wc(LoginBox as never, { shadow: 'open', props: { screen: 'string' } });

/**
 * The only place that registers <auth-login-box>. On a page whose server drew the box's first frame
 * (a declarative shadow root, server/prerender.ts), the class that takes it over (prerendered.ts) is
 * loaded first; every other page carries none of that code.
 */
if (typeof document !== 'undefined' && document.querySelector('auth-login-box')?.shadowRoot)
  void import('./prerendered').then(({ takingOverFirstFrame }) =>
    defineElement('auth-login-box', () => takingOverFirstFrame(live())),
  );
else defineElement('auth-login-box', live);
