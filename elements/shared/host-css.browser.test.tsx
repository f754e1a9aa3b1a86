/// <reference types="mocha" />
/**
 * Host-page CSS stays out of the elements (README "Styling"), even a hostile `*` rule with
 * `!important`. Such a rule cannot select anything inside a shadow root, but it does select the
 * element itself (auth-login-box is a `*` too), and an outer `!important` beats the element's own
 * `:host` rules; whatever the host element gets, its shadow tree inherits. The checks read computed
 * styles of what each element renders: text, labels, inputs and buttons.
 */
import { expect } from 'chai';
import '../login-box/login-box.define';
import '../admin-portal/admin-portal.define';
import '../checkout/checkout-dialog.define';
import { getApp } from '../../core/app';
import { loginWithPassword } from '../../core/store/auth/thunks';
import { portalOn } from '../test-support/portal';
import { mount, part, unmountAll, waitFor } from '../test-support/fixtures';

const RED = 'rgb(255, 0, 0)';
// Colour and font as reported, plus two more inherited properties: the reset is not a list of properties.
const HOSTILE = `* { color: ${RED} !important; font-family: monospace !important; letter-spacing: 7px !important; text-transform: uppercase !important; }`;

function withStyle(text: string): () => void {
  const style = document.createElement('style');
  style.textContent = text;
  document.head.append(style);
  return () => style.remove();
}

/** Every element of the shadow tree that shows text or is a form control (styles and slots left out). */
function rendered(host: HTMLElement): HTMLElement[] {
  return [...host.shadowRoot!.querySelectorAll<HTMLElement>('*')].filter(
    (el) => !['STYLE', 'SLOT'].includes(el.tagName),
  );
}

/** The elements whose colour or font came from the host page's rule: none is expected. */
function leaks(host: HTMLElement): string[] {
  return rendered(host).flatMap((el) => {
    const style = getComputedStyle(el);
    const name = `${el.tagName.toLowerCase()}${el.getAttribute('part') ? `[part="${el.getAttribute('part')}"]` : ''}`;
    const found: string[] = [];
    if (style.color === RED) found.push(`${name} color`);
    if (/monospace/.test(style.fontFamily)) found.push(`${name} font-family`);
    if (style.letterSpacing === '7px') found.push(`${name} letter-spacing`);
    if (style.textTransform === 'uppercase') found.push(`${name} text-transform`);
    return found;
  });
}

describe('host-page CSS and the elements', () => {
  let removeHostile: () => void = () => {};
  beforeEach(() => {
    removeHostile = withStyle(HOSTILE);
  });
  afterEach(() => {
    removeHostile();
    unmountAll();
    location.hash = '';
  });

  it('<auth-login-box>: a `* { … !important }` host rule does not reach its text, inputs or buttons', async () => {
    const box = await mount('auth-login-box', { demo: '' });
    const input = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    const button = part<HTMLButtonElement>(box, 'submit-button')!;
    expect(getComputedStyle(input).color).to.equal('rgb(31, 35, 40)'); // --ae-color-text
    expect(getComputedStyle(input).fontFamily).to.contain('system-ui');
    expect(getComputedStyle(button).fontFamily).to.contain('system-ui');
    expect(getComputedStyle(part(box, 'label')!).color).to.equal('rgb(31, 35, 40)');
    expect(leaks(box)).to.deep.equal([]);
  });

  it('<auth-login-box>: theming through --ae-* on the tag and ::part still works under that rule', async () => {
    const removeTheme = withStyle(
      'auth-login-box { --ae-color-text: rgb(1, 2, 3); --ae-font-family: Georgia, serif; --ae-font-size: 20px; }' +
        ' auth-login-box::part(submit-button) { text-transform: uppercase; color: rgb(0, 0, 255); }',
    );
    try {
      const box = await mount('auth-login-box', { demo: '' });
      const input = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
      const button = part<HTMLButtonElement>(box, 'submit-button')!;
      expect(getComputedStyle(input).color).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(input).fontFamily).to.equal('Georgia, serif');
      expect(getComputedStyle(input).fontSize).to.equal('20px');
      expect(getComputedStyle(button).fontFamily).to.equal('Georgia, serif');
      expect(getComputedStyle(button).textTransform).to.equal('uppercase');
      expect(getComputedStyle(button).color).to.equal('rgb(0, 0, 255)');
    } finally {
      removeTheme();
    }
  });

  it('<auth-admin-portal>: the rule does not reach the portal', async () => {
    const portal = await portalOn('profile');
    await waitFor(() => portal.shadowRoot!.querySelector('input'), 8000);
    expect(leaks(portal)).to.deep.equal([]);
  });

  it('<auth-checkout-dialog>: the rule does not reach the open dialog', async () => {
    // The dialog opens for a signed-in user who may change the subscription (the demo admin).
    const appName = `host-css-${Date.now()}`;
    const dialogElement = await mount('auth-checkout-dialog', {
      demo: '',
      'plan-id': 'pro',
      'app-name': appName,
    });
    const app = await waitFor(() => {
      try {
        return getApp(appName);
      } catch {
        return null;
      }
    });
    await app.store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    dialogElement.setAttribute('open', '');
    await waitFor(() => dialogElement.shadowRoot!.querySelector('[part~="close-button"]'));
    expect(leaks(dialogElement)).to.deep.equal([]);
  });
});
