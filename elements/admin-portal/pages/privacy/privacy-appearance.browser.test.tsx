/// <reference types="mocha" />
// The vendor's appearance settings on the privacy page (issue 28 item 9; spec 001 §2 "Privacy page
// sections: loginSessions, mfa", tab appearance hidden or edit), read from the admin-box metadata as
// the account and security pages read theirs.
import { expect } from 'chai';
import { getOrCreateApp } from '../../../../core/app';
import type { AdminBoxMetadata } from '../../../../core/portal/pages';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import '../../admin-portal.define';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

let apps = 0;
/** The portal in demo mode, signed in, on `page`, with this admin-box metadata. */
async function portalWith(page: string, configuration: object, ready: string) {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...seedDemoDatabase(),
      session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' },
    }),
  );
  const appName = `appearance-${++apps}`;
  const app = getOrCreateApp(appName, { demoMode: true });
  app.services.api.metadata.getAdminBoxMetadata = async () => configuration as AdminBoxMetadata;
  history.replaceState(null, '', `#/portal/${page}`);
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
  await waitFor(() => part(portal, ready), 10_000);
  return portal;
}

describe('privacy page: the vendor appearance of its sections', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('shows login sessions and MFA by default', async () => {
    const portal = await portalWith('privacy', {}, 'sessions');
    await waitFor(() => part(portal, 'mfa'), 10_000);
  });

  it('hides a section the metadata hides, and only that one', async () => {
    const portal = await portalWith(
      'privacy',
      { privacy: { tabs: { loginSessions: { appearance: 'hidden' } } } },
      'mfa',
    );
    expect(part(portal, 'sessions')).to.equal(null);
    unmountAll();
    const other = await portalWith(
      'privacy',
      { privacy: { tabs: { mfa: { appearance: 'hidden' } } } },
      'sessions',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(part(other, 'mfa')).to.equal(null);
  });
});
