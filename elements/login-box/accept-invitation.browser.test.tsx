/// <reference types="mocha" />
import { expect } from 'chai';
import { STORAGE_KEY } from '../../core/demo/backend';
import { builtInRoleId, DEMO_VENDOR_ID, seedDemoDatabase, type DemoDatabase } from '../../core/demo/data';
import { newUserRow } from '../../core/domain/user-tables';
import { addMembership, addUser, membershipOf } from '../../core/test-support/demoUsers';
import '../login-box/login-box.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';

const here = `${location.pathname}${location.search}`;
/** A live link's token (43 base64url characters, as every link's). */
const TOKEN = 'L'.repeat(43);

/** A demo database holding one invited member with a live invitation link. */
function seedInvitation(): DemoDatabase {
  const db = seedDemoDatabase();
  const createdAt = '2026-01-01T00:00:00.000Z';
  const user = {
    id: 'invited-1',
    email: 'ivy@auth-elements.dev',
    name: 'Ivy',
    passwordHash: null,
    createdAt,
  };
  addUser(
    db,
    newUserRow({ ...user, vendorId: DEMO_VENDOR_ID, verified: false, activeTenantId: 'demo-tenant' }),
  );
  const membership = {
    id: 'membership-1',
    userId: user.id,
    tenantId: 'demo-tenant',
    createdAt,
    invitationPending: true,
  };
  addMembership(db, membership, [builtInRoleId('Viewer')]);
  // The demo keeps the link's token itself where the server keeps its hash (core/domain/one-time-tokens.ts).
  db.tables = {
    ...db.tables,
    one_time_tokens: [
      {
        id: 'invitation-1',
        purpose: 'invitation',
        userId: 'invited-1',
        tokenHash: TOKEN,
        data: { tenantId: 'demo-tenant' },
        failedAttempts: 0,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        usedAt: null,
        createdAt: new Date().toISOString(),
      },
    ],
  };
  return db;
}

describe('<auth-login-box> accept invitation (demo mode)', function () {
  this.timeout(20_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', here);
  });

  it('invalid without a userId: "We couldn\'t verify your invitation" and a way to sign in', async () => {
    history.replaceState(null, '', '/account/invitation/accept?token=only-a-token');
    const box = await mount('auth-login-box', { demo: '' });
    const alert = await waitFor(() => box.shadowRoot!.querySelector('[role="alert"]'));
    expect(alert.textContent).to.equal("We couldn't verify your invitation");
    expect(part(box, 'accept-invitation-detail')?.textContent).to.contain('incomplete');
    expect(part(box, 'sign-in-link')).to.not.equal(null);
  });

  it('validate shows the tenant name; a short password stays with its error; then success', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(seedInvitation()));
    history.replaceState(null, '', `/account/invitation/accept?userId=invited-1&token=${TOKEN}`);
    const box = await mount('auth-login-box', { demo: '' });
    const tenant = await waitFor(() => part(box, 'invitation-tenant'), 5000);
    expect(tenant.textContent).to.equal('You are invited to join Demo Company.');
    const password = part<HTMLInputElement>(box, 'password-input')!;
    typeInto(password, 'short');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    await waitFor(() => password.getAttribute('aria-invalid') === 'true');
    expect(password.value).to.equal('short');
    typeInto(password, 'a-long-enough-password');
    part<HTMLButtonElement>(box, 'submit-button')!.click();
    const success = await waitFor(() => part(box, 'accept-invitation-success'), 5000);
    expect(success.textContent).to.equal('You joined Demo Company. Sign in to continue.');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as DemoDatabase;
    expect(membershipOf(stored, 'demo-tenant', 'invited-1')?.invitationPending).to.equal(false);
  });

  it('a used or forged token is invalid with the catalogue message', async () => {
    const db = seedInvitation();
    db.tables!.one_time_tokens![0]!.usedAt = new Date().toISOString();
    localStorage.setItem(STORAGE_KEY, JSON.stringify(db));
    history.replaceState(null, '', `/account/invitation/accept?userId=invited-1&token=${TOKEN}`);
    const box = await mount('auth-login-box', { demo: '' });
    const alert = await waitFor(() => box.shadowRoot!.querySelector('[role="alert"]'), 5000);
    expect(alert.textContent).to.equal("We couldn't verify your invitation");
    expect(part(box, 'accept-invitation-detail')?.textContent).to.equal(
      'This invitation is invalid or has expired. Ask the account administrator for a new one.',
    );
  });
});
