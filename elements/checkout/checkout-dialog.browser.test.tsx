/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import './checkout-dialog.define';
import { getApp } from '../../core/app';
import { loginWithPassword } from '../../core/store/auth/thunks';
import { mount, nextEvent, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';

/** The dialog in demo mode, signed in as the demo admin (who holds fe.*). */
async function signedIn(attributes: Record<string, string> = {}) {
  const appName = `checkout-${Math.random().toString(36).slice(2)}`;
  const element = await mount('auth-checkout-dialog', { demo: '', 'app-name': appName, ...attributes });
  // The element makes its app when it first renders.
  const app = await waitFor(() => {
    try {
      return getApp(appName);
    } catch {
      return null;
    }
  });
  await app.store.dispatch(loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }));
  return element;
}
const root = (element: HTMLElement) => element.shadowRoot!;

describe('<auth-checkout-dialog>', () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it('refuses a signed-out visitor: no dialog, checkout:close with status error', async () => {
    const element = await mount('auth-checkout-dialog', { demo: '', 'app-name': `out-${Date.now()}` });
    const closed = nextEvent<{ status: string }>(element, 'checkout:close');
    element.setAttribute('open', '');
    expect((await closed).detail.status).to.equal('error');
    expect(root(element).querySelector('[role="dialog"]')).to.equal(null);
    expect(element.hasAttribute('open')).to.equal(false);
  });

  it('opens with the plan preselected, traps focus, closes on Escape and gives focus back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Open checkout';
    document.body.append(opener);
    try {
      const element = await signedIn({ 'plan-id': 'business' });
      opener.focus();
      const opened = nextEvent(element, 'checkout:open');
      element.setAttribute('open', '');
      const dialog = await waitFor(() => root(element).querySelector<HTMLElement>('[role="dialog"]'));
      expect((await opened).detail).to.deep.equal({ planId: 'business' });
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      const business = await waitFor(() =>
        [...root(element).querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) =>
          r.closest('label')!.textContent!.includes('Business'),
        ),
      );
      expect(business.checked).to.equal(true);
      const closed = nextEvent<{ status: string }>(element, 'checkout:close');
      business.focus();
      await sendKeys({ press: 'Escape' });
      expect((await closed).detail.status).to.equal('cancel');
      await waitFor(() => !root(element).querySelector('[role="dialog"]'));
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });

  it('checks the card before sending: the error tied to its field, what was typed kept', async () => {
    const element = await signedIn({ 'plan-id': 'pro' });
    element.setAttribute('open', '');
    const next = await waitFor(() => part<HTMLButtonElement>(element, 'continue-button'));
    next.click();
    const number = await waitFor(() => part<HTMLInputElement>(element, 'card-number-input'));
    typeInto(number, '4242 4242 4242 4241');
    typeInto(part<HTMLInputElement>(element, 'card-expiry-input')!, '12/40');
    typeInto(part<HTMLInputElement>(element, 'card-cvc-input')!, '123');
    part<HTMLButtonElement>(element, 'pay-button')!.click();
    await waitFor(() => number.getAttribute('aria-invalid') === 'true');
    const described = root(element).getElementById(
      number.getAttribute('aria-describedby')!.split(' ').pop()!,
    );
    expect(described!.textContent).to.equal('Your card number is invalid.');
    expect(number.value).to.equal('4242 4242 4242 4241');
  });

  it('pays with 4242 4242 4242 4242 and closes with success', async () => {
    const element = await signedIn({ 'plan-id': 'pro' });
    element.setAttribute('open', '');
    (await waitFor(() => part<HTMLButtonElement>(element, 'continue-button'))).click();
    typeInto(
      await waitFor(() => part<HTMLInputElement>(element, 'card-number-input')),
      '4242 4242 4242 4242',
    );
    typeInto(part<HTMLInputElement>(element, 'card-expiry-input')!, '12/40');
    typeInto(part<HTMLInputElement>(element, 'card-cvc-input')!, '123');
    part<HTMLButtonElement>(element, 'pay-button')!.click();
    const status = await waitFor(() => root(element).querySelector('[role="status"]'), 8000);
    expect(status.textContent).to.equal('You are on the Pro plan.');
    const closed = nextEvent<{ status: string }>(element, 'checkout:close');
    part<HTMLButtonElement>(element, 'close-button')!.click();
    expect((await closed).detail.status).to.equal('success');
  });
});
