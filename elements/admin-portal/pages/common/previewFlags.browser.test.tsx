/// <reference types="mocha" />
// Preview-default flags (core/featureFlags/previewFlags.ts, issue 28 item 13): each portal feature of
// one is shown until the vendor turns its flag off, then hidden: the groups and all-accounts pages in
// the navigation, the security page's IP and email-domain restriction tabs, the privacy page's
// multi-factor section.
import { expect } from 'chai';
import { PREVIEW_DEFAULT_FLAGS } from '../../../../core/featureFlags/previewFlags';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import { withDemoFlags } from '../../../../core/test-support/demoFlags';
import '../../admin-portal.define';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

/** The portal in demo mode, signed in as the demo admin, on `page`, with the vendor's flags `flags`. */
async function portalOn(page: string, flags: Record<string, boolean>, ready: string) {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...withDemoFlags(seedDemoDatabase(), flags),
      session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' },
    }),
  );
  history.replaceState(null, '', `#/portal/${page}`);
  const portal = await mount('auth-admin-portal', { demo: '' });
  await waitFor(() => part(portal, ready), 10_000);
  return portal;
}

const navTexts = (portal: HTMLElement) =>
  [...portal.shadowRoot!.querySelectorAll('[part~="nav-link"]')].map((a) => a.getAttribute('href'));
const tab = (portal: HTMLElement, name: string) =>
  portal.shadowRoot!.getElementById(`ae-security-tab-${name}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const ALL_OFF = Object.fromEntries(Object.values(PREVIEW_DEFAULT_FLAGS).map((key) => [key, false]));

describe('preview-default flags gate their portal features', function () {
  this.timeout(40_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('on by default: groups and all accounts in the navigation, both restriction tabs, the MFA section', async () => {
    const security = await portalOn('security', {}, 'tabs');
    await settle();
    expect(navTexts(security)).to.include.members(['#/portal/allAccounts', '#/portal/groups']);
    expect(tab(security, 'ipRestrictions')).to.not.equal(null);
    expect(tab(security, 'domainRestrictions')).to.not.equal(null);
    unmountAll();
    const privacy = await portalOn('privacy', {}, 'sessions');
    await waitFor(() => part(privacy, 'mfa'), 10_000);
  });

  it('turned off by the vendor: each feature is hidden', async () => {
    const security = await portalOn('security', ALL_OFF, 'tabs');
    await waitFor(() => tab(security, 'ipRestrictions') === null, 10_000);
    expect(tab(security, 'domainRestrictions')).to.equal(null);
    expect(tab(security, 'sessionManagement')).to.not.equal(null);
    expect(navTexts(security)).to.not.include('#/portal/allAccounts');
    expect(navTexts(security)).to.not.include('#/portal/groups');
    unmountAll();
    // Shown while the flags load (on by default), then hidden once the vendor's answer arrives.
    const privacy = await portalOn('privacy', ALL_OFF, 'sessions');
    await waitFor(() => part(privacy, 'mfa') === null, 10_000);
  });

  it('one flag off hides only its feature', async () => {
    const security = await portalOn('security', { [PREVIEW_DEFAULT_FLAGS.ipRestrictions]: false }, 'tabs');
    await waitFor(() => tab(security, 'ipRestrictions') === null, 10_000);
    expect(tab(security, 'domainRestrictions')).to.not.equal(null);
    expect(navTexts(security)).to.include('#/portal/allAccounts');
  });
});
