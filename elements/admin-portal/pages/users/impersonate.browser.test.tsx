/// <reference types="mocha" />
// The users list's Impersonate (issue 28 item 5; spec 000 §4 "Impersonation: impersonating, success;
// then a 1 s pause, page reload"): offered to a holder of fe.secure.write.impersonate on other
// members' rows only; a confirmation, then the impersonation thunk opens the member's session.
import { expect } from 'chai';
import { getOrCreateApp } from '../../../../core/app';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import '../../admin-portal.define';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

let apps = 0;
/** The portal in demo mode on the users page, signed in as `userId`; `navigated` records navigations. */
async function usersPageAs(userId: string) {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({ ...seedDemoDatabase(), session: { id: 's1', userId, refreshToken: 'r1' } }),
  );
  const appName = `impersonate-${++apps}`;
  const app = getOrCreateApp(appName, { demoMode: true });
  const navigated: string[] = [];
  // The thunk's reload would leave the test page: record it instead.
  app.services.navigate = (url: string) => navigated.push(url);
  history.replaceState(null, '', '#/portal/users');
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
  await waitFor(() => portal.shadowRoot!.querySelectorAll('[part~="user-row"]').length > 1, 10_000);
  return { portal, navigated };
}

const rowOf = (portal: HTMLElement, email: string) =>
  [...portal.shadowRoot!.querySelectorAll('[part~="user-row"]')].find((r) => r.textContent?.includes(email))!;

async function openMenu(portal: HTMLElement, email: string) {
  rowOf(portal, email).querySelector<HTMLButtonElement>('[part~="row-actions"]')!.click();
  return waitFor(() => part(portal, 'row-menu'));
}

describe('users page: Impersonate', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('an admin confirms, the member is signed in, and after a pause the page reloads as them', async () => {
    const { portal, navigated } = await usersPageAs('demo-user-1');
    // Never on one's own row (the row has no actions at all).
    expect(rowOf(portal, 'demo@auth-elements.dev').querySelector('[part~="row-actions"]')).to.equal(null);
    const menu = await openMenu(portal, 'grace@auth-elements.dev');
    const item = menu.querySelector<HTMLButtonElement>('[part~="impersonate-user"]')!;
    expect(item.getAttribute('aria-label')).to.equal('Impersonate Grace Hopper');
    item.click();
    const dialog = await waitFor(() => portal.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.textContent).to.contain('Impersonate this user?');
    expect(dialog.textContent).to.contain('Grace Hopper (grace@auth-elements.dev)');
    expect(navigated).to.deep.equal([]);
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    const notice = await waitFor(() => part(portal, 'users-notice'), 8000);
    expect(notice.textContent).to.equal('Signed in as this user. Reloading…');
    expect(portal.shadowRoot!.querySelector('[role="dialog"]')).to.equal(null);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).session.userId).to.equal('demo-user-2');
    await waitFor(() => navigated.length === 1, 5000);
  });

  it('a member without fe.secure.write.impersonate is not offered it', async () => {
    // Grace is an Editor: she may change roles, not impersonate.
    const { portal } = await usersPageAs('demo-user-2');
    const menu = await openMenu(portal, 'alan@auth-elements.dev');
    expect(menu.querySelector('[part~="change-roles"]')).to.not.equal(null);
    expect(menu.querySelector('[part~="impersonate-user"]')).to.equal(null);
  });
});
