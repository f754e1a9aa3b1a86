/// <reference types="mocha" />
import { expect } from 'chai';
import '../login-box/login-box.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';
import { AUTOFILL_ATTRIBUTE } from './autofill';

const DEMO = { demo: '' };
const mirrorOf = (box: HTMLElement) => box.querySelector<HTMLFormElement>(`form[${AUTOFILL_ATTRIBUTE}]`);

/** What a password manager does: set the value, fire input and change. */
function fillLikeAPasswordManager(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<auth-login-box> autofill mirror', () => {
  afterEach(unmountAll);

  it('keeps a light-DOM form with username and password fields that the page (and its password manager) can see', async () => {
    const box = await mount('auth-login-box', DEMO);
    await waitFor(() => part(box, 'email-input'));
    const form = await waitFor(() => mirrorOf(box));
    expect([...document.forms]).to.include(form);
    const username = form.elements.namedItem('username') as HTMLInputElement;
    const password = form.elements.namedItem('password') as HTMLInputElement;
    expect(username.autocomplete).to.equal('username webauthn');
    expect(password.autocomplete).to.equal('current-password');
    expect(password.type).to.equal('password');
    // Out of the way of keyboard and screen-reader users, and slotted (so rendered, yet invisible).
    expect(username.tabIndex).to.equal(-1);
    expect(form.getAttribute('aria-hidden')).to.equal('true');
    expect(form.assignedSlot?.name).to.equal('ae-autofill');
    expect(form.getBoundingClientRect().width).to.be.at.most(1);
  });

  it('copies what the user types into the mirror, and the sign-up password as new-password', async () => {
    const box = await mount('auth-login-box', { ...DEMO, screen: 'sign-up' });
    const form = await waitFor(() => mirrorOf(box));
    typeInto(await waitFor(() => part<HTMLInputElement>(box, 'email-input')), 'ada@example.com');
    typeInto(part<HTMLInputElement>(box, 'password-input')!, 'a-new-password');
    expect((form.elements.namedItem('username') as HTMLInputElement).value).to.equal('ada@example.com');
    const password = form.elements.namedItem('password') as HTMLInputElement;
    expect(password.value).to.equal('a-new-password');
    expect(password.autocomplete).to.equal('new-password');
  });

  it('types what a password manager fills into the visible fields, also the password field that appears later, then leaves after sign-in', async () => {
    const box = await mount('auth-login-box', DEMO);
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    const form = await waitFor(() => mirrorOf(box));
    fillLikeAPasswordManager(
      form.elements.namedItem('username') as HTMLInputElement,
      'demo@auth-elements.dev',
    );
    fillLikeAPasswordManager(form.elements.namedItem('password') as HTMLInputElement, 'demo-password');
    await waitFor(() => email.value === 'demo@auth-elements.dev');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    const password = await waitFor(() => part<HTMLInputElement>(box, 'password-input'), 3000);
    await waitFor(() => password.value === 'demo-password');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => part(box, 'signed-in-user'), 3000);
    expect(mirrorOf(box), 'the mirror form left the page after sign-in').to.equal(null);
    part<HTMLButtonElement>(box, 'sign-out-button')!.click();
    await waitFor(() => mirrorOf(box), 3000);
    expect((mirrorOf(box)!.elements.namedItem('password') as HTMLInputElement).value).to.equal('');
  });

  it('shows our branding unless the vendor is in white-label mode', async () => {
    const box = await mount('auth-login-box', DEMO);
    const branding = await waitFor(() => part(box, 'powered-by'), 3000);
    expect(branding.textContent).to.equal('Secured by Auth Elements');
  });
});
