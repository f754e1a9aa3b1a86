/// <reference types="mocha" />
import { expect } from 'chai';
import '../login-box/login-box.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';

const DEMO = { demo: '' };
const alertOf = (box: HTMLElement) => box.shadowRoot!.querySelector('[role="alert"]');

async function passwordStep(box: HTMLElement): Promise<HTMLInputElement> {
  typeInto(await waitFor(() => part<HTMLInputElement>(box, 'email-input')), 'demo@auth-elements.dev');
  part<HTMLButtonElement>(box, 'submit-button')!.click();
  return waitFor(() => part<HTMLInputElement>(box, 'password-input'), 3000);
}

describe('login box polish (issue 14 item 4)', () => {
  afterEach(unmountAll);

  it('the password field has a show/hide button: named, aria-pressed, aria-controls its input, value kept', async () => {
    const box = await mount('auth-login-box', DEMO);
    const password = await passwordStep(box);
    typeInto(password, 'secret-typed');
    const toggle = part<HTMLButtonElement>(box, 'password-toggle')!;
    expect(toggle.type).to.equal('button');
    expect(toggle.getAttribute('aria-label')).to.equal('Show password');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(password.id);
    expect(password.type).to.equal('password');
    toggle.click();
    await waitFor(() => password.type === 'text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(password.value).to.equal('secret-typed');
    expect(password.autocomplete).to.equal('current-password');
    toggle.click();
    await waitFor(() => password.type === 'password');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
  });

  it('sign-up: the password has the toggle too, and the optional fields say so', async () => {
    const box = await mount('auth-login-box', { ...DEMO, screen: 'sign-up' });
    const password = await waitFor(() => part<HTMLInputElement>(box, 'password-input'));
    expect(part(box, 'password-toggle')!.getAttribute('aria-controls')).to.equal(password.id);
    expect(part<HTMLInputElement>(box, 'name-input')!.labels![0]!.textContent).to.equal(
      'Full name (optional)',
    );
    expect(part<HTMLInputElement>(box, 'company-input')!.labels![0]!.textContent).to.equal(
      'Company name (optional)',
    );
    expect(part<HTMLInputElement>(box, 'email-input')!.labels![0]!.textContent).to.equal('Email');
  });

  it("a field's error clears as soon as that field changes; another field's error stays", async () => {
    const box = await mount('auth-login-box', { ...DEMO, screen: 'sign-up' });
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    const password = part<HTMLInputElement>(box, 'password-input')!;
    typeInto(email, 'not-an-email');
    typeInto(password, 'short');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => box.shadowRoot!.querySelectorAll('[part~="field-error"]').length === 2);
    typeInto(email, 'not-an-email@');
    await waitFor(() => email.getAttribute('aria-invalid') === null);
    expect(email.getAttribute('aria-describedby')).to.equal(null);
    expect(password.getAttribute('aria-invalid')).to.equal('true');
    expect(box.shadowRoot!.querySelectorAll('[part~="field-error"]').length).to.equal(1);
  });

  it('the server message clears when the password changes, and never stands beside a new field error', async () => {
    const box = await mount('auth-login-box', DEMO);
    const password = await passwordStep(box);
    typeInto(password, 'wrong-password');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => alertOf(box), 3000);
    typeInto(password, 'wrong-password2');
    await waitFor(() => !alertOf(box));
    // Again wrong, then an empty submit: the field's own message, without the old banner beside it.
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => alertOf(box), 3000);
    typeInto(password, '');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => part(box, 'field-error'));
    expect(part(box, 'field-error')!.textContent).to.equal('Enter your password.');
    expect(alertOf(box)).to.equal(null);
  });

  it('signing out after a sign-up comes back to sign-in, not to the sign-up form', async () => {
    const box = await mount('auth-login-box', { ...DEMO, screen: 'sign-up' });
    typeInto(
      await waitFor(() => part<HTMLInputElement>(box, 'email-input')),
      `new-${Date.now()}@example.com`,
    );
    typeInto(part<HTMLInputElement>(box, 'password-input')!, 'a-long-enough-password-91');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    const signOut = await waitFor(() => part<HTMLButtonElement>(box, 'sign-out-button'), 4000);
    signOut.click();
    const title = await waitFor(() => box.shadowRoot!.querySelector('#ae-login-title'), 4000);
    expect(title.textContent).to.equal('Sign in');
    expect(box.shadowRoot!.querySelector('#ae-sign-up-title')).to.equal(null);
  });
});
