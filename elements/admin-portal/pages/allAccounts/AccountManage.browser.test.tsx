/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../admin-portal.define';
import { getApp } from '../../../../core/app';
import { loginWithPassword } from '../../../../core/store/auth/thunks';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

const all = (element: Element, name: string) => [
  ...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`),
];
const active = (element: Element) => element.shadowRoot!.activeElement as HTMLElement | null;
const type = (input: HTMLInputElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const choose = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};

/** The portal in demo mode, signed in as the demo admin, on the all-accounts page with its first 50 accounts. */
async function openPage() {
  const appName = `manage-${Math.random().toString(36).slice(2)}`;
  location.hash = '#/portal/allAccounts';
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
  await getApp(appName).store.dispatch(
    loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
  );
  await waitFor(() => all(portal, 'account-item').length === 50, 6000);
  return portal;
}
const itemOf = (portal: Element, name: string) =>
  all(portal, 'account-item').find(
    (item) => item.querySelector('[part~="account-name"]')?.textContent === name,
  );

describe('all-accounts page: managing accounts', () => {
  afterEach(() => {
    unmountAll();
    location.hash = '';
  });

  it('renames an account: the field has focus, a blank name is refused, the new name is listed', async () => {
    const portal = await openPage();
    const rename = itemOf(portal, 'Demo Company Europe')!.querySelector<HTMLButtonElement>(
      '[part~="account-rename"]',
    )!;
    expect(rename.getAttribute('aria-label')).to.equal('Rename Demo Company Europe');
    rename.focus();
    rename.click();
    const input = await waitFor(() => part<HTMLInputElement>(portal, 'rename-account-input'));
    expect(active(portal) === input, 'focus in the name field').to.equal(true);
    type(input, '   ');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => portal.shadowRoot!.textContent?.includes('Enter a name for the sub-account.'));
    expect(active(portal) === input, 'focus back in the field').to.equal(true);
    type(input, 'Demo Company EMEA');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => itemOf(portal, 'Demo Company EMEA'), 4000);
    await waitFor(() => portal.shadowRoot!.querySelector('[role="dialog"]') === null);
    expect(part(portal, 'accounts-notice')!.textContent).to.equal(
      'The account is now called Demo Company EMEA.',
    );
  });

  it('asks before deleting; Cancel gives focus back; Delete removes the account and focus goes to the notice', async () => {
    const portal = await openPage();
    const remove = () =>
      itemOf(portal, 'Demo Store 01')!.querySelector<HTMLButtonElement>('[part~="account-delete"]')!;
    remove().focus();
    remove().click();
    const dialog = await waitFor(() => portal.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.textContent).to.contain('Delete this account?');
    expect(dialog.textContent).to.contain(
      'Demo Store 01 will be deleted with every membership there. This cannot be undone.',
    );
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !portal.shadowRoot!.querySelector('[role="dialog"]'));
    expect(active(portal) === remove(), 'focus back on Delete').to.equal(true);
    remove().click();
    (await waitFor(() => part<HTMLButtonElement>(portal, 'confirm-button'))).click();
    await waitFor(() => !itemOf(portal, 'Demo Store 01'), 4000);
    const notice = part(portal, 'accounts-notice')!;
    expect(notice.textContent).to.equal('Demo Store 01 was deleted.');
    await waitFor(() => active(portal) === notice);
  });

  it('removes a member of a sub-account after asking, and says so', async () => {
    const portal = await openPage();
    itemOf(portal, 'Demo Company Europe')!
      .querySelector<HTMLButtonElement>('[part~="account-users"]')!
      .click();
    await waitFor(() => all(portal, 'account-user').length === 1, 4000);
    const button = part<HTMLButtonElement>(portal, 'account-user-remove')!;
    expect(button.getAttribute('aria-label')).to.equal('Remove Demo Admin from this account');
    button.click();
    const confirm = await waitFor(() => part(portal, 'remove-member-confirm'));
    expect(confirm.textContent).to.contain(
      'Demo Admin will leave Demo Company Europe and every account below it.',
    );
    // Cancel: nothing removed, focus back on the member's Remove.
    [...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    await waitFor(() => part(portal, 'remove-member-confirm') === null);
    expect(active(portal) === button, 'focus back on Remove').to.equal(true);
    button.click();
    (await waitFor(() => part<HTMLButtonElement>(portal, 'confirm-button'))).click();
    await waitFor(() => part(portal, 'account-users-empty'), 4000);
    const notice = part(portal, 'account-users-notice')!;
    expect(notice.textContent).to.equal('Demo Admin was removed from this account.');
    await waitFor(() => active(portal) === notice);
  });

  it('adds a member to an account and to the accounts directly below it', async () => {
    const portal = await openPage();
    itemOf(portal, 'Demo Company Europe')!
      .querySelector<HTMLButtonElement>('[part~="account-users"]')!
      .click();
    await waitFor(() => all(portal, 'account-user').length === 1, 4000);
    const form = part(portal, 'add-account-user')!;
    expect(form.textContent).to.contain('A member of your account or of an account above this one.');
    const below = part<HTMLInputElement>(portal, 'add-account-user-below')!;
    expect(below.closest('label')!.textContent).to.contain(
      'Also add to the accounts directly below this one',
    );
    below.click();
    type(part<HTMLInputElement>(portal, 'add-account-user-email')!, 'katherine@auth-elements.dev');
    part<HTMLButtonElement>(portal, 'add-account-user-button')!.click();
    await waitFor(
      () =>
        form.textContent?.includes(
          'katherine@auth-elements.dev was added to this account and 2 accounts below it.',
        ),
      4000,
    );
    await waitFor(() => all(portal, 'account-user').length === 2, 4000);
  });

  it('sets a type when adding an account, shows it in the list, and changes it when editing (issue 28 item 12)', async () => {
    const portal = await openPage();
    part<HTMLButtonElement>(portal, 'add-account')!.click();
    type(await waitFor(() => part<HTMLInputElement>(portal, 'account-name-input')), 'Aardvark Resellers');
    const typeSelect = part<HTMLSelectElement>(portal, 'account-type')!;
    expect([...typeSelect.options].map((o) => o.textContent)).to.deep.equal([
      'None',
      'Customer',
      'Spam',
      'Test',
      'Reseller',
      'Headquarters',
    ]);
    choose(typeSelect, 'reseller');
    part<HTMLButtonElement>(portal, 'create-account')!.click();
    const badge = () =>
      itemOf(portal, 'Aardvark Resellers')?.querySelector('[part~="account-type"]')?.textContent;
    await waitFor(() => badge() === 'Reseller', 4000);
    itemOf(portal, 'Aardvark Resellers')!
      .querySelector<HTMLButtonElement>('[part~="account-rename"]')!
      .click();
    const edit = await waitFor(() => part<HTMLSelectElement>(portal, 'rename-account-type'));
    expect(edit.value).to.equal('reseller');
    choose(edit, 'test');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => badge() === 'Test', 4000);
  });

  it('sorts the accounts by the field and order chosen', async () => {
    const portal = await openPage();
    expect(all(portal, 'account-name')[0]!.textContent).to.equal('Demo Company Europe');
    choose(part<HTMLSelectElement>(portal, 'accounts-order')!, 'DESC');
    await waitFor(() => all(portal, 'account-name')[0]?.textContent === 'Demo Store 55', 4000);
    choose(part<HTMLSelectElement>(portal, 'accounts-sort')!, 'tenantId');
    // Ids descending: demo-store-9 before demo-store-55 ('9' > '5').
    await waitFor(() => all(portal, 'account-name')[0]?.textContent === 'Demo Store 09', 4000);
  });
});
