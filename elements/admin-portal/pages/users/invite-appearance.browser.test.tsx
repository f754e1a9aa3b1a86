/// <reference types="mocha" />
// The vendor's appearance settings in the invite dialog (issue 28 item 9; spec 001 §2 "Invite dialog
// fields: name, phoneNumber", admin-box metadata inviteUser.fields.<field>.appearance).
import { expect } from 'chai';
import { getOrCreateApp } from '../../../../core/app';
import type { AdminBoxMetadata } from '../../../../core/portal/pages';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import '../../admin-portal.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../../../test-support/fixtures';

let apps = 0;
/** The users page in demo mode, signed in, with this admin-box metadata; the invite dialog open. */
async function inviteDialogWith(configuration: object) {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...seedDemoDatabase(),
      session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' },
    }),
  );
  const appName = `invite-appearance-${++apps}`;
  const app = getOrCreateApp(appName, { demoMode: true });
  app.services.api.metadata.getAdminBoxMetadata = async () => configuration as AdminBoxMetadata;
  history.replaceState(null, '', '#/portal/users');
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
  await waitFor(() => part(portal, 'invite-user'), 10_000);
  part<HTMLButtonElement>(portal, 'invite-user')!.click();
  const dialog = await waitFor(() => portal.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'));
  await waitFor(() => dialog.querySelector('[part~="roles-choice"]'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { portal, dialog };
}

describe('invite dialog: the vendor appearance of its fields', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('by default both fields are editable, the name required', async () => {
    const { portal } = await inviteDialogWith({});
    expect(part<HTMLInputElement>(portal, 'invite-name')!.readOnly).to.equal(false);
    expect(part<HTMLInputElement>(portal, 'invite-name')!.required).to.equal(true);
    expect(part<HTMLInputElement>(portal, 'invite-phone')!.readOnly).to.equal(false);
  });

  it('a hidden name is not asked for: the invitation goes with the email alone', async () => {
    const { portal, dialog } = await inviteDialogWith({
      inviteUser: { fields: { name: { appearance: 'hidden' }, phoneNumber: { appearance: 'viewOnly' } } },
    });
    expect(part(portal, 'invite-name')).to.equal(null);
    expect(part<HTMLInputElement>(portal, 'invite-phone')!.readOnly).to.equal(true);
    typeInto(part<HTMLInputElement>(portal, 'invite-email')!, 'no-name@example.com');
    part<HTMLButtonElement>(portal, 'confirm-button')!.click();
    await waitFor(() => !dialog.isConnected, 10_000);
    await waitFor(() =>
      [...portal.shadowRoot!.querySelectorAll('[part~="user-row"]')].some((row) =>
        row.textContent?.includes('no-name@example.com'),
      ),
    );
  });
});
