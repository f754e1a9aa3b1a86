/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../admin-portal.define';
import '../../../login-box/login-box.define';
import { getApp } from '../../../../core/app';
import type { HttpClient } from '../../../../core/api/http';
import { loginWithPassword } from '../../../../core/store/auth/thunks';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';
import { builtInRoleId } from '../../../../core/demo/data';

/** The demo's built-in Editor role (its id is fixed: core/demo/teamAdmin.ts). */
const EDITOR = builtInRoleId('Editor');

const all = (element: Element, name: string) => [
  ...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`),
];
const active = (element: Element) => element.shadowRoot!.activeElement as HTMLElement | null;

/** The portal in demo mode, signed in as the demo admin, on the all-accounts page. */
async function openPage(prepare?: (appName: string) => void) {
  const appName = `accounts-${Math.random().toString(36).slice(2)}`;
  location.hash = '#/portal/allAccounts';
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
  prepare?.(appName);
  await getApp(appName).store.dispatch(
    loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
  );
  return { portal, appName };
}

describe('all-accounts page', () => {
  afterEach(() => {
    unmountAll();
    location.hash = '';
  });

  it('shows a loading state, then 50 accounts, and loads more without repeating any', async () => {
    const { portal } = await openPage();
    await waitFor(() => part(portal, 'loading') ?? all(portal, 'account-item').length > 0);
    await waitFor(() => all(portal, 'account-item').length === 50);
    part<HTMLButtonElement>(portal, 'load-more')!.click();
    await waitFor(() => all(portal, 'account-item').length === 56, 4000);
    const names = all(portal, 'account-name').map((n) => n.textContent);
    expect(new Set(names).size).to.equal(names.length);
    expect(part(portal, 'load-more')).to.equal(null);
  });

  it('opens a branch with its toggle (aria-expanded) and lists its children', async () => {
    const { portal } = await openPage();
    await waitFor(() => all(portal, 'account-item').length === 50);
    const europe = all(portal, 'account-item').find((item) =>
      item.textContent?.includes('Demo Company Europe'),
    )!;
    const toggle = europe.querySelector<HTMLButtonElement>('[part~="account-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-label')).to.equal('Show the sub-accounts of Demo Company Europe');
    toggle.click();
    await waitFor(() => europe.querySelectorAll('[part~="account-item"]').length === 2, 4000);
    expect(
      [...europe.querySelectorAll(':scope [part~="account-item"] [part~="account-name"]')].map(
        (n) => n.textContent,
      ),
    ).to.deep.equal(['Demo Company Berlin', 'Demo Company Paris']);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
  });

  it('shows an error with a retry when the accounts cannot be loaded, and the retry loads them', async () => {
    let failing = true;
    const { portal } = await openPage((appName) => {
      const services = getApp(appName).services;
      const real = services.http!;
      const flaky = (client: HttpClient): HttpClient => ({
        ...client,
        get: ((path: string, options?: unknown) =>
          failing && path.includes('hierarchy')
            ? Promise.reject(Object.assign(new Error('Error 503 - Service Unavailable'), { statusCode: 503 }))
            : client.get(path, options as never)) as HttpClient['get'],
        withRequestSource: (source) => flaky(client.withRequestSource(source)),
      });
      services.http = flaky(real);
    });
    const alert = await waitFor(() => portal.shadowRoot!.querySelector('[role="alert"]'), 4000);
    expect(alert.textContent).to.contain('The accounts could not be loaded.');
    failing = false;
    [...portal.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => all(portal, 'account-item').length === 50, 4000);
  });

  it('the users dialog moves focus in, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const { portal } = await openPage();
    await waitFor(() => all(portal, 'account-item').length === 50);
    const europe = all(portal, 'account-item').find((item) =>
      item.textContent?.includes('Demo Company Europe'),
    )!;
    const opener = europe.querySelector<HTMLButtonElement>('[part~="account-users"]')!;
    opener.focus();
    opener.click();
    const dialog = await waitFor(() => portal.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(dialog.contains(active(portal))).to.equal(true);
    await waitFor(() => all(portal, 'account-user').length === 1, 4000);
    const close = part<HTMLButtonElement>(portal, 'close-dialog')!;
    close.focus();
    await sendKeys({ press: 'Tab' });
    expect(dialog.contains(active(portal)), 'Tab from the last control stays in the dialog').to.equal(true);
    await sendKeys({ press: 'Shift+Tab' });
    expect(active(portal)).to.equal(close);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !portal.shadowRoot!.querySelector('[role="dialog"]'));
    expect(active(portal)).to.equal(opener);
  });

  it('the users dialog adds a member of the account by email, with a role', async () => {
    const { portal } = await openPage();
    await waitFor(() => all(portal, 'account-item').length === 50);
    const europe = all(portal, 'account-item').find((item) =>
      item.textContent?.includes('Demo Company Europe'),
    )!;
    europe.querySelector<HTMLButtonElement>('[part~="account-users"]')!.click();
    await waitFor(() => all(portal, 'account-user').length === 1, 4000);
    const email = part<HTMLInputElement>(portal, 'add-account-user-email')!;
    const role = part<HTMLSelectElement>(portal, 'add-account-user-role')!;
    await waitFor(() => [...role.options].some((o) => o.value === EDITOR));
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(email, 'grace@auth-elements.dev');
    email.dispatchEvent(new Event('input', { bubbles: true }));
    role.value = EDITOR;
    role.dispatchEvent(new Event('change', { bubbles: true }));
    part<HTMLButtonElement>(portal, 'add-account-user-button')!.click();
    await waitFor(() => all(portal, 'account-user').length === 2, 4000);
    const grace = all(portal, 'account-user').find((u) =>
      u.textContent?.includes('grace@auth-elements.dev'),
    )!;
    expect(grace.querySelector<HTMLSelectElement>('[part~="account-user-role"]')!.value).to.equal(EDITOR);
    expect(portal.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(
      'grace@auth-elements.dev was added to this account.',
    );
    expect(email.value).to.equal('');
  });

  it('after a switch into a sub-account without children the page shows its empty state', async () => {
    const { portal, appName } = await openPage();
    await waitFor(() => all(portal, 'account-item').length === 50);
    const select = await waitFor(() => part<HTMLSelectElement>(portal, 'tenant-select'), 4000);
    expect([...select.options].map((o) => o.textContent)).to.deep.equal([
      'Demo Company',
      'Demo Company Europe',
      'Demo Company Paris',
    ]);
    select.value = 'demo-paris';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => getApp(appName).store.getState().auth.activeTenant?.tenantId === 'demo-paris', 4000);
    const empty = await waitFor(() => part(portal, 'accounts-empty'), 4000);
    expect(empty.textContent).to.equal('No sub-accounts yet.');
  });
});

describe('tenant switcher in the login box', () => {
  afterEach(unmountAll);

  it('is shown only to a user of several accounts, switches, and names the new account', async () => {
    const box = await mount('auth-login-box', { demo: '' });
    const appName = box.getAttribute('app-name')!;
    await getApp(appName).store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    const select = await waitFor(() => part<HTMLSelectElement>(box, 'tenant-select'), 4000);
    expect(select.labels?.[0]?.textContent).to.equal('Active account');
    select.value = 'demo-europe';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => part(box, 'tenant-switching'), 2000);
    await waitFor(() => part(box, 'active-tenant')?.textContent === 'Account: Demo Company Europe', 4000);
  });
});

describe('one "Active account" switcher on a page', () => {
  afterEach(unmountAll);

  it("with a portal of the same app on the page, only the portal's shows; without it, the login box's comes back", async () => {
    const { portal, appName } = await openPage();
    const box = document.createElement('auth-login-box');
    box.setAttribute('app-name', appName);
    box.setAttribute('demo', '');
    document.body.append(box);
    try {
      await waitFor(() => part(portal, 'tenant-select'), 4000);
      await waitFor(() => part(box, 'signed-in-user'), 4000);
      // Give the login box's lazy switcher time to appear if it were going to.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(part(box, 'tenant-select')).to.equal(null);
      const selects = [portal, box].flatMap((el) => all(el, 'tenant-select'));
      expect(selects.length).to.equal(1);
      portal.remove();
      await waitFor(() => part(box, 'tenant-select'), 4000);
    } finally {
      box.remove();
    }
  });
});
