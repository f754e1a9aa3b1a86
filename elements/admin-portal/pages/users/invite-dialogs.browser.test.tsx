/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import '../../admin-portal.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../../../test-support/fixtures';

/** The portal in demo mode, signed in as the demo admin, on the users page. */
async function usersPage() {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...seedDemoDatabase(),
      session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' },
    }),
  );
  history.replaceState(null, '', '#/portal/users');
  const portal = await mount('auth-admin-portal', { demo: '' });
  await waitFor(() => part(portal, 'invite-user'), 10_000);
  await waitFor(() => portal.shadowRoot!.querySelectorAll('[part~="user-row"]').length > 0, 10_000);
  return portal;
}

const active = (portal: HTMLElement) => portal.shadowRoot!.activeElement;
const dialogOf = (portal: HTMLElement) => portal.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]');

/** Opens a dialog with its button; checks focus moved in, Tab wraps inside, Escape closes and focus returns. */
async function checkFocusManagement(portal: HTMLElement, opener: string) {
  const button = part<HTMLButtonElement>(portal, opener)!;
  button.focus();
  button.click();
  const dialog = await waitFor(() => dialogOf(portal));
  expect(dialog.getAttribute('aria-modal')).to.equal('true');
  expect(portal.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent)
    .to.be.a('string')
    .and.not.equal('');
  await waitFor(() => dialog.contains(active(portal)));
  for (let i = 0; i < 12; i += 1) {
    await sendKeys({ press: 'Tab' });
    expect(dialog.contains(active(portal)), 'focus stays in the dialog').to.equal(true);
  }
  await sendKeys({ press: 'Shift+Tab' });
  expect(dialog.contains(active(portal))).to.equal(true);
  await sendKeys({ press: 'Escape' });
  await waitFor(() => !dialogOf(portal));
  expect(active(portal), 'focus returns to the opener').to.equal(part(portal, opener));
}

describe('users page invite dialogs (demo mode)', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('each dialog traps focus, closes on Escape and gives focus back', async () => {
    const portal = await usersPage();
    await checkFocusManagement(portal, 'invite-user');
    await checkFocusManagement(portal, 'bulk-add');
    await waitFor(() => part(portal, 'invite-link'));
    await checkFocusManagement(portal, 'invite-link');
  });

  it('invite: bad input stays in the dialog with field errors and sends nothing; a good one closes it and lists the user as invited', async () => {
    const portal = await usersPage();
    part<HTMLButtonElement>(portal, 'invite-user')!.click();
    const dialog = await waitFor(() => dialogOf(portal));
    await waitFor(() => dialog.querySelector('[part~="roles-choice"]'));
    const name = part<HTMLInputElement>(portal, 'invite-name')!;
    const email = part<HTMLInputElement>(portal, 'invite-email')!;
    typeInto(email, 'not-an-email');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => name.getAttribute('aria-invalid') === 'true');
    expect(active(portal), 'the first invalid field gets focus').to.equal(name);
    const nameError = portal.shadowRoot!.getElementById(
      name.getAttribute('aria-describedby')!.split(' ')[0]!,
    );
    expect(nameError?.textContent).to.equal('Enter the full name');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(email.value, 'what was typed stays').to.equal('not-an-email');
    typeInto(name, 'Ivy Invitee');
    typeInto(email, 'ivy@auth-elements.dev');
    const editor = [...dialog.querySelectorAll('label')]
      .find((l) => l.textContent?.includes('Editor'))!
      .querySelector('input')!;
    editor.click();
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => !dialogOf(portal), 5000);
    expect(part(portal, 'users-notice')?.textContent).to.equal('Invitation sent to ivy@auth-elements.dev.');
    const row = await waitFor(() =>
      [...portal.shadowRoot!.querySelectorAll('[part~="user-row"]')].find((r) =>
        r.textContent?.includes('ivy@auth-elements.dev'),
      ),
    );
    expect(row.querySelector('[part~="user-status"]')?.textContent).to.equal('Invited');
    expect(row.textContent).to.contain('Editor');
    // Its actions menu offers the resend.
    (row.querySelector('[part~="row-actions"]') as HTMLButtonElement).click();
    await waitFor(() => part(portal, 'resend-invitation'));
  });

  it("invite: a duplicate email shows the server's message and keeps the fields", async () => {
    const portal = await usersPage();
    part<HTMLButtonElement>(portal, 'invite-user')!.click();
    await waitFor(() => dialogOf(portal)?.querySelector('[part~="roles-choice"]'));
    typeInto(part<HTMLInputElement>(portal, 'invite-name')!, 'Grace Again');
    typeInto(part<HTMLInputElement>(portal, 'invite-email')!, 'grace@auth-elements.dev');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    const alert = await waitFor(() => dialogOf(portal)?.querySelector('[role="alert"]'));
    expect(alert.textContent).to.equal('A user with this email is already a member of this account');
    expect(part<HTMLInputElement>(portal, 'invite-name')!.value).to.equal('Grace Again');
  });

  it('bulk add lists allowed and unallowed addresses, then the list reloads 10 a page', async () => {
    const portal = await usersPage();
    part<HTMLButtonElement>(portal, 'bulk-add')!.click();
    const dialog = await waitFor(() => dialogOf(portal));
    await waitFor(() => dialog.querySelector('[part~="roles-choice"]'));
    const area = dialog.querySelector<HTMLTextAreaElement>('[part~="bulk-emails"]')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(area, 'new-one@auth-elements.dev, oops');
    area.dispatchEvent(new Event('input', { bubbles: true }));
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => area.getAttribute('aria-invalid') === 'true');
    expect(dialog.querySelector('[part~="field-error"]')?.textContent).to.equal('Not email addresses: oops');
    setter.call(area, 'new-one@auth-elements.dev\nalan@auth-elements.dev');
    area.dispatchEvent(new Event('input', { bubbles: true }));
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    const result = await waitFor(() => dialog.querySelector('[part~="bulk-result"]'), 8000);
    expect(
      [...result.querySelectorAll('[part~="bulk-allowed"] li')].map((li) => li.textContent),
    ).to.deep.equal(['new-one@auth-elements.dev']);
    expect(
      [...result.querySelectorAll('[part~="bulk-unallowed"] li')].map((li) => li.textContent),
    ).to.deep.equal(['alan@auth-elements.dev: A user with this email is already a member of this account']);
  });
});
