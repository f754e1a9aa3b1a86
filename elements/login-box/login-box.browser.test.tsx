/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../login-box/login-box.define';
import { applyLocalizations, resetLocalizations } from '../i18n/localize';
import { mount, nextEvent, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';

const DEMO = { demo: '' };

/** Types the demo address, then a wrong password, and answers the alert that comes back. */
async function signInWithWrongPassword(box: HTMLElement) {
  typeInto(await waitFor(() => part<HTMLInputElement>(box, 'email-input')), 'demo@auth-elements.dev');
  part<HTMLButtonElement>(box, 'submit-button')!.click();
  typeInto(await waitFor(() => part<HTMLInputElement>(box, 'password-input'), 3000), 'wrong-password');
  part<HTMLButtonElement>(box, 'submit-button')!.click();
  return waitFor(() => box.shadowRoot!.querySelector('[role="alert"]'), 3000);
}

describe('<auth-login-box>', () => {
  afterEach(unmountAll);

  it('renders into an open shadow root, and its styles go into that root, never into document.head', async () => {
    const headStylesBefore = document.head.querySelectorAll('style').length;
    const box = await mount('auth-login-box', DEMO);
    await waitFor(() => part(box, 'email-input'));
    expect(box.shadowRoot, 'open shadow root').to.not.equal(null);
    expect(document.head.querySelectorAll('style').length).to.equal(headStylesBefore);
    const sheets = [...box.shadowRoot!.querySelectorAll('style')];
    expect(sheets.length).to.be.greaterThan(0);
    expect(sheets.every((s) => s.getAttribute('data-emotion')?.startsWith('ae'))).to.equal(true);
  });

  it('keeps host-page CSS out, and exposes the theme as custom properties on :host', async () => {
    const hostile = document.createElement('style');
    hostile.textContent =
      '*, input, button { color: rgb(255, 0, 0) !important; font-family: monospace !important; }';
    document.head.append(hostile);
    try {
      const box = await mount('auth-login-box', DEMO);
      const input = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
      expect(getComputedStyle(input).color).to.not.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(box).getPropertyValue('--ae-color-primary').trim()).to.equal('#3b5bdb');
    } finally {
      hostile.remove();
    }
  });

  it('derives the palette from the primary-color attribute, and a host rule on the tag overrides a variable', async () => {
    const box = await mount('auth-login-box', { ...DEMO, 'primary-color': '#808080' });
    await waitFor(() => part(box, 'submit-button'));
    expect(getComputedStyle(box).getPropertyValue('--ae-color-primary-light').trim()).to.equal('#b3b3b3');
    const override = document.createElement('style');
    override.textContent = 'auth-login-box { --ae-color-primary: rgb(0, 170, 119); }';
    document.head.append(override);
    try {
      expect(getComputedStyle(part(box, 'submit-button')!).backgroundColor).to.equal('rgb(0, 170, 119)');
    } finally {
      override.remove();
    }
  });

  it('labels its inputs and sets autocomplete for password managers', async () => {
    const box = await mount('auth-login-box', DEMO);
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    expect(email.labels?.[0]?.textContent).to.equal('Email');
    expect(email.autocomplete).to.equal('username webauthn');
    expect(email.type).to.equal('email');
  });

  it('shows a field error tied to the input and sends nothing when the email is invalid; what was typed stays', async () => {
    const box = await mount('auth-login-box', DEMO);
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    typeInto(email, 'not-an-email');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    const error = await waitFor(() => part(box, 'field-error'));
    expect(error.textContent).to.equal('Enter a valid email address, like name@example.com.');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(email.getAttribute('aria-describedby')).to.equal(error.id);
    expect(email.value).to.equal('not-an-email');
    expect(part<HTMLButtonElement>(box, 'submit-button')!.disabled).to.equal(false);
    expect(part(box, 'password-input')).to.equal(null);
  });

  it('works with the keyboard alone: type the email, Enter, then the password field has focus', async () => {
    const box = await mount('auth-login-box', DEMO);
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    email.focus();
    await sendKeys({ type: 'demo@auth-elements.dev' });
    await sendKeys({ press: 'Enter' });
    const password = await waitFor(() => part<HTMLInputElement>(box, 'password-input'), 3000);
    await waitFor(() => box.shadowRoot!.activeElement === password);
    expect(password.autocomplete).to.equal('current-password');
    expect(password.labels?.[0]?.textContent).to.equal('Password');
  });

  it('shows a loading state while submitting, signs in, and re-dispatches bus events as DOM events on the element', async () => {
    const box = await mount('auth-login-box', DEMO);
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    typeInto(email, 'demo@auth-elements.dev');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => part<HTMLButtonElement>(box, 'submit-button')?.getAttribute('aria-busy') === 'true');
    const password = await waitFor(() => part<HTMLInputElement>(box, 'password-input'), 3000);
    typeInto(password, 'demo-password');
    const login = nextEvent<{ user: { email: string } }>(box, 'auth:login');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    expect((await login).detail.user.email).to.equal('demo@auth-elements.dev');
    const who = await waitFor(() => part(box, 'signed-in-user'));
    expect(who.textContent).to.equal('Signed in as Demo Admin (demo@auth-elements.dev)');
  });

  it('shows the server message next to the form after a wrong password and keeps the email', async () => {
    const box = await mount('auth-login-box', DEMO);
    const alert = await signInWithWrongPassword(box);
    expect(alert.textContent).to.equal('Incorrect email or password');
    expect(part<HTMLInputElement>(box, 'email-input')!.value).to.equal('demo@auth-elements.dev');
    expect(part<HTMLInputElement>(box, 'password-input')!.value).to.equal('wrong-password');
  });

  it('shows a host localization of the server message, found by its error code', async () => {
    // The demo backend answers { errors: ['Incorrect email or password'], errorCodes: ['CREDENTIALS_INCORRECT'] }.
    applyLocalizations({ serverErrors: { CREDENTIALS_INCORRECT: 'Adresse ou mot de passe incorrect' } });
    try {
      const box = await mount('auth-login-box', DEMO);
      const alert = await signInWithWrongPassword(box);
      expect(alert.textContent).to.equal('Adresse ou mot de passe incorrect');
    } finally {
      resetLocalizations();
    }
  });

  it('opens on the sign-up screen with screen="sign-up", and validates before sending', async () => {
    const box = await mount('auth-login-box', { ...DEMO, screen: 'sign-up' });
    const password = await waitFor(() => part<HTMLInputElement>(box, 'password-input'));
    expect(password.autocomplete).to.equal('new-password');
    typeInto(part<HTMLInputElement>(box, 'email-input')!, 'new@example.com');
    typeInto(password, 'short');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    const error = await waitFor(() => part(box, 'field-error'));
    expect(error.textContent).to.equal('Use at least 8 characters.');
    expect(box.shadowRoot!.activeElement).to.equal(password);
  });

  it('two elements of one app share one store: signing in in one shows the other signed in', async () => {
    const first = await mount('auth-login-box', { ...DEMO, 'app-name': 'shared-app' });
    const second = document.createElement('auth-login-box');
    second.setAttribute('app-name', 'shared-app');
    second.setAttribute('demo', '');
    document.body.append(second);
    try {
      typeInto(await waitFor(() => part<HTMLInputElement>(first, 'email-input')), 'demo@auth-elements.dev');
      part<HTMLButtonElement>(first, 'submit-button')!.click();
      typeInto(await waitFor(() => part<HTMLInputElement>(first, 'password-input'), 3000), 'demo-password');
      part<HTMLButtonElement>(first, 'submit-button')!.click();
      await waitFor(() => part(second, 'signed-in-user'), 3000);
    } finally {
      second.remove();
    }
  });
});
