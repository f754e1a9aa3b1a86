/// <reference types="mocha" />
// The usage page (issue 28 item 3): in the navigation only with its flag (fe-usage-page) on and the
// permission fe.usage.read held; its figures come from GET usage v1 (core/domain/usage.ts), here the
// demo backend's answer over the demo's data.
import { expect } from 'chai';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import { withDemoFlags } from '../../../../core/test-support/demoFlags';
import '../../admin-portal.define';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

/** The portal in demo mode, signed in as `userId`, on `page`, with the vendor's flags `flags`. */
async function portalAs(userId: string, flags: Record<string, boolean> = {}, rows: object = {}) {
  const db = withDemoFlags(seedDemoDatabase(), flags);
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...db,
      // `rows`: more tables' rows beside the sample's own (its accounts, the flags).
      tables: { ...db.tables, ...rows },
      settings: {},
      session: { id: 's1', userId, refreshToken: 'r1' },
    }),
  );
  history.replaceState(null, '', '#/portal/usage');
  const portal = await mount('auth-admin-portal', { demo: '' });
  await waitFor(() => part(portal, 'nav'), 10_000);
  return portal;
}

const links = (portal: HTMLElement) =>
  [...portal.shadowRoot!.querySelectorAll('[part~="nav-link"]')].map((a) => a.getAttribute('href'));
const figure = (portal: HTMLElement, name: string) => part(portal, name)?.querySelector('dd')?.textContent;

describe('usage page', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it("an admin sees it in the navigation and the account's figures and sign-ins per day", async () => {
    const now = new Date().toISOString();
    // Two rows of the demo's `audits` table (core/domain/audit.ts), as its sign-ins record them.
    const signIn = {
      actorUserId: 'demo-user-2',
      tenantId: 'demo-tenant',
      action: 'User signed in',
      createdAt: now,
    };
    const portal = await portalAs(
      'demo-user-1',
      {},
      { audits: [signIn, { ...signIn, actorUserId: 'demo-user-1' }] },
    );
    expect(links(portal)).to.include('#/portal/usage');
    await waitFor(() => part(portal, 'usage-members'), 10_000);
    expect(figure(portal, 'usage-members')).to.equal('4');
    expect(figure(portal, 'usage-active-members')).to.equal('2');
    expect(figure(portal, 'usage-account-tokens')).to.equal('0');
    // The demo's sample tree: Europe (Paris, Berlin) and 55 stores below the demo company.
    expect(figure(portal, 'usage-sub-accounts')).to.equal('58');
    const days = portal.shadowRoot!.querySelectorAll('[part~="usage-day"]');
    expect(days.length).to.equal(30);
    expect(days[0]!.querySelector('td')!.textContent).to.equal(' 2');
    expect(part(portal, 'usage-sign-ins-total')!.textContent).to.equal('2 sign-ins over the last 30 days.');
  });

  it('hidden with its flag off', async () => {
    const portal = await portalAs('demo-user-1', { 'fe-usage-page': false });
    await waitFor(() => links(portal).includes('#/portal/users'));
    expect(links(portal)).to.not.include('#/portal/usage');
    expect(part(portal, 'usage-members')).to.equal(null);
  });

  it('hidden without fe.usage.read (an Editor)', async () => {
    const portal = await portalAs('demo-user-2');
    await waitFor(() => links(portal).includes('#/portal/users'));
    expect(links(portal)).to.not.include('#/portal/usage');
  });
});
