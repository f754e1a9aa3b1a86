// Invitations end to end against the real server (fresh database): the admin invites, the invitation
// arrives in the dev outbox, the invitee accepts and appears active with the role; bulk add; resend;
// the invite link; bad input; permissions; the same in demo mode. Each test signs up its own admin,
// so the seeded tenant other specs count stays untouched.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { E2E_VIEWER } from './fixtures/team';
import { axeViolations, box, expectSignedInAs, latestLink, newUser, partOf, signIn, signUp } from './helpers';

const USERS = `${API_ORIGIN}/frontegg/identity/resources/users`;
const INVITES = `${API_ORIGIN}/frontegg/identity/resources/tenants/invites/v1`;
const portal = (page: Page) => page.locator('auth-admin-portal');
const dialog = (page: Page) => portal(page).locator('[role="dialog"]');
const row = (page: Page, email: string): Locator =>
  partOf(portal(page), 'user-row').filter({ hasText: email });

/** A fresh admin with their own account (sign-up makes them its Admin), on the users page. */
async function adminOnUsersPage(page: Page) {
  const admin = newUser();
  await page.goto('/portal.html#/portal/users');
  await signUp(page, admin);
  await expect(partOf(portal(page), 'users-total')).toHaveText('1 user');
  return { ...admin, tenant: `${admin.name}'s account` };
}

async function inviteThroughDialog(
  page: Page,
  person: { name: string; email: string; phone?: string; role?: string },
) {
  await partOf(portal(page), 'invite-user').click();
  await expect(dialog(page).locator('[part~="roles-choice"]')).toBeVisible();
  await dialog(page).getByLabel('Full name').fill(person.name);
  await dialog(page).getByLabel('Email').fill(person.email);
  if (person.phone) await dialog(page).getByLabel('Phone number (optional)').fill(person.phone);
  if (person.role)
    await dialog(page)
      .getByRole('checkbox', { name: new RegExp(`^${person.role}( —|$)`) })
      .check();
  await partOf(dialog(page), 'confirm-button').click();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('invite: the admin invites with a role, the invitation arrives, the invitee accepts with a password and is active with that role', async ({
  page,
  request,
  browser,
}) => {
  await adminOnUsersPage(page);
  const invitee = newUser();
  await partOf(portal(page), 'invite-user').click();
  await expect(dialog(page).locator('[part~="roles-choice"]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog(page).getByLabel('Full name').fill(invitee.name);
  await dialog(page).getByLabel('Email').fill(invitee.email);
  await dialog(page).getByLabel('Phone number (optional)').fill('+44 20 7946 0000');
  await dialog(page)
    .getByRole('checkbox', { name: /^Editor —/ })
    .check();
  await partOf(dialog(page), 'confirm-button').click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(partOf(portal(page), 'users-notice')).toHaveText(`Invitation sent to ${invitee.email}.`);
  await expect(row(page, invitee.email).locator('[part~="user-status"]')).toHaveText('Invited');
  await expect(row(page, invitee.email)).toContainText('Editor');
  await expect(row(page, invitee.email).locator('[part~="user-provider"]')).toHaveText('local');
  await expect(row(page, invitee.email).locator('[part~="user-locked"]')).toHaveText('No');

  const first = await latestLink(request, invitee.email.toLowerCase());
  expect(new URL(first).pathname).toBe('/account/invitation/accept');
  // Resend: a new link; the first stops working.
  // Row actions are in the row's menu (drawn over the page, not inside the row).
  await row(page, invitee.email).locator('[part~="row-actions"]').click();
  await partOf(portal(page), 'resend-invitation').click();
  await expect(partOf(portal(page), 'users-notice')).toHaveText(
    `Email sent again to ${invitee.email.toLowerCase()}.`,
  );
  const link = await latestLink(request, invitee.email.toLowerCase());
  expect(link).not.toBe(first);

  const other = await newPage(browser);
  await other.goto(link);
  const login = box(other);
  await expect(partOf(login, 'invitation-tenant')).toHaveText(/^You are invited to join .+'s account\.$/);
  expect(await axeViolations(other)).toEqual([]);
  await partOf(login, 'password-input').fill('short');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText(/at least 8 characters/);
  await expect(partOf(login, 'password-input')).toHaveValue('short');
  await partOf(login, 'password-input').fill(invitee.password);
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'accept-invitation-success')).toHaveText(
    /^You joined .+'s account\. Sign in to continue\.$/,
  );
  expect(await axeViolations(other)).toEqual([]);
  await partOf(login, 'sign-in-link').click();
  await expect(other).toHaveURL(/\/account\/login$/);
  await other.goto('/portal.html');
  await signIn(other, invitee.email, invitee.password);
  await expectSignedInAs(other, `${invitee.name} (${invitee.email.toLowerCase()})`);

  await page.reload();
  await expect(row(page, invitee.email).locator('[part~="user-status"]')).toHaveText('Active');
  await expect(row(page, invitee.email)).toContainText('Editor');
  await row(page, invitee.email).locator('[part~="row-actions"]').click();
  await expect(partOf(portal(page), 'change-roles'), 'the row menu is open').toBeVisible();
  await expect(partOf(portal(page), 'resend-invitation')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The used link and the superseded one: "We couldn't verify your invitation".
  for (const old of [link, first]) {
    await other.goto(old);
    await expect(box(other).getByRole('alert')).toHaveText("We couldn't verify your invitation");
    await expect(partOf(box(other), 'accept-invitation-detail')).toHaveText(
      'This invitation is invalid or has expired. Ask the account administrator for a new one.',
    );
  }
  expect(await axeViolations(other)).toEqual([]);
});

test('bulk add: one by one, allowed and unallowed listed, then the list reloads at offset 0 with 10 a page', async ({
  page,
}) => {
  const admin = await adminOnUsersPage(page);
  const a = newUser();
  const b = newUser();
  await partOf(portal(page), 'bulk-add').click();
  await expect(dialog(page).locator('[part~="roles-choice"]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog(page).getByLabel('Email addresses').fill(`${a.email}, not-an-address`);
  await partOf(dialog(page), 'confirm-button').click();
  await expect(partOf(dialog(page), 'field-error')).toHaveText('Not email addresses: not-an-address');
  await dialog(page).getByLabel('Email addresses').fill(`${a.email}\n${b.email}\n${admin.email}`);
  await dialog(page)
    .getByRole('checkbox', { name: /^Viewer —/ })
    .check();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/identity/resources/users/v2'))
      posts.push(JSON.parse(r.postData() ?? '{}').email);
  });
  const reload = page.waitForRequest(
    (r) =>
      r.url().includes('/identity/resources/users/v3') &&
      r.url().includes('_offset=0') &&
      r.url().includes('_limit=10'),
  );
  await partOf(dialog(page), 'confirm-button').click();
  await expect(partOf(dialog(page), 'bulk-allowed').locator('li')).toHaveText([a.email, b.email]);
  await expect(partOf(dialog(page), 'bulk-unallowed').locator('li')).toHaveText([
    `${admin.email}: A user with this email is already a member of this account`,
  ]);
  await reload;
  expect(posts).toEqual([a.email, b.email, admin.email]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(partOf(portal(page), 'bulk-add')).toBeFocused();
  await expect(partOf(portal(page), 'users-total')).toHaveText('3 users');
  await expect(row(page, b.email)).toContainText('Viewer');
  // The v3 NEVER_SIGNED_IN preset: the two who never signed in, not the admin who just did; they
  // are not INACTIVE (issue 24: inactive means signed in before, not for 90 days).
  await partOf(portal(page), 'users-preset').selectOption('NEVER_SIGNED_IN');
  await expect(partOf(portal(page), 'users-total')).toHaveText('2 users');
  await expect(row(page, admin.email)).toHaveCount(0);
  await partOf(portal(page), 'users-preset').selectOption('INACTIVE');
  await expect(row(page, b.email)).toHaveCount(0);
  await expect(row(page, admin.email)).toHaveCount(0);
  // The v3 MFA_UNENROLLED preset: nobody in this new account has a second factor yet.
  await partOf(portal(page), 'users-preset').selectOption('MFA_UNENROLLED');
  await expect(partOf(portal(page), 'users-total')).toHaveText('3 users');
  await expect(row(page, admin.email)).toHaveCount(1);
});

test('invite link: create (30 days), join by sign-up showing the account name, update, delete; a forged link is refused', async ({
  page,
  browser,
}) => {
  const admin = await adminOnUsersPage(page);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await partOf(portal(page), 'invite-link').click();
  await expect(partOf(dialog(page), 'invite-link-status')).toHaveText('This account has no invite link.');
  // "No link yet" is an answer, not a failed request: nothing red in the console.
  expect(consoleErrors).toEqual([]);
  await expect(partOf(dialog(page), 'invite-link-lifetime')).toHaveValue('43200');
  expect(await axeViolations(page)).toEqual([]);
  await partOf(dialog(page), 'create-link').click();
  const url = await partOf(dialog(page), 'invite-link-url').inputValue();
  expect(new URL(url).pathname).toBe('/account/sign-up');
  await expect(partOf(dialog(page), 'invite-link-status')).toHaveText(/^A link is active until /);
  expect(await axeViolations(page)).toEqual([]);

  const joiner = newUser();
  const other = await newPage(browser);
  await other.goto(url);
  const login = box(other);
  await expect(partOf(login, 'invitation-tenant')).toHaveText(`You are joining ${admin.tenant}.`);
  await expect(partOf(login, 'company-input')).toHaveCount(0);
  expect(await axeViolations(other)).toEqual([]);
  await login.getByLabel('Full name').fill(joiner.name);
  await login.getByLabel('Email').fill(joiner.email);
  await login.getByLabel('Password', { exact: true }).fill(joiner.password);
  await partOf(login, 'submit-button').click();
  await expectSignedInAs(other, `${joiner.name} (${joiner.email})`);

  await page.keyboard.press('Escape');
  await page.reload();
  await expect(row(page, joiner.email).locator('[part~="user-status"]')).toHaveText(/Active|Not activated/);

  // Update the lifetime, then delete: the link stops working. The saved link can be copied again.
  await partOf(portal(page), 'invite-link').click();
  await expect(partOf(dialog(page), 'invite-link-url')).toHaveValue(url);
  await partOf(dialog(page), 'invite-link-lifetime').selectOption('1440');
  await partOf(dialog(page), 'save-link').click();
  await expect(dialog(page).getByRole('status')).toHaveText('Invite link updated.');
  await partOf(dialog(page), 'delete-link').click();
  await expect(dialog(page).getByRole('status')).toHaveText('Invite link deleted: it no longer works.');
  const stranger = newUser();
  const fresh = await newPage(browser);
  await fresh.goto(url);
  await expect(box(fresh).getByRole('alert')).toHaveText("We couldn't verify your invitation");
  await fresh.goto('/account/sign-up?invitationToken=forged-token');
  await expect(box(fresh).getByRole('alert')).toHaveText("We couldn't verify your invitation");
  expect(await axeViolations(fresh)).toEqual([]);
  // Signing up anyway is refused by the server with its message, and nothing typed is lost.
  await box(fresh).getByLabel('Full name').fill(stranger.name);
  await box(fresh).getByLabel('Email').fill(stranger.email);
  await box(fresh).getByLabel('Password', { exact: true }).fill(stranger.password);
  await partOf(box(fresh), 'submit-button').click();
  await expect(box(fresh).getByRole('alert').last()).toHaveText(
    'This invite link is invalid or has expired. Ask the account administrator for a new one.',
  );
  await expect(box(fresh).getByLabel('Email')).toHaveValue(stranger.email);
});

test('invite link: someone who already has an account signs in from the link and joins the account', async ({
  page,
  browser,
  request,
}) => {
  await adminOnUsersPage(page);
  const existing = newUser();
  const created = await request.post(`${USERS}/v1/signUp`, {
    data: { email: existing.email, password: existing.password, name: existing.name },
    headers: { origin: API_ORIGIN },
  });
  expect(created.status()).toBe(200);
  await partOf(portal(page), 'invite-link').click();
  await partOf(dialog(page), 'create-link').click();
  const url = await partOf(dialog(page), 'invite-link-url').inputValue();
  await page.keyboard.press('Escape');

  const other = await newPage(browser);
  await other.goto(url);
  await expect(partOf(box(other), 'invitation-tenant')).toHaveText(/^You are joining /);
  await partOf(box(other), 'sign-in-link').click();
  await signIn(other, existing.email, existing.password);
  await expectSignedInAs(other, `${existing.name} (${existing.email})`);
  await page.reload();
  await expect(row(page, existing.email).locator('[part~="user-status"]')).toHaveText(/Active|Not activated/);
  await expect(row(page, existing.email).locator('td').nth(2)).toHaveText('—');
});

test('bad input: empty, overlong and duplicate fields in the invite dialog; forged and incomplete invitation links', async ({
  page,
}) => {
  const admin = await adminOnUsersPage(page);
  await partOf(portal(page), 'invite-user').click();
  await partOf(dialog(page), 'confirm-button').click();
  await expect(dialog(page).getByLabel('Full name')).toBeFocused();
  await expect(dialog(page).locator('[part~="field-error"]')).toHaveText([
    'Enter the full name',
    'Enter your email address.',
  ]);
  await dialog(page).getByLabel('Full name').fill('n'.repeat(101));
  await dialog(page).getByLabel('Email').fill('someone@example.com');
  await dialog(page).getByLabel('Phone number (optional)').fill('call me maybe');
  await partOf(dialog(page), 'confirm-button').click();
  await expect(dialog(page).locator('[part~="field-error"]')).toHaveText([
    'At most 100 characters',
    'Enter a phone number: digits, spaces, +, ( ) and -',
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await dialog(page).getByLabel('Full name').fill('Dup Licate');
  await dialog(page).getByLabel('Phone number (optional)').fill('');
  await dialog(page).getByLabel('Email').fill(admin.email);
  await partOf(dialog(page), 'confirm-button').click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'A user with this email is already a member of this account',
  );
  await expect(dialog(page).getByLabel('Full name')).toHaveValue('Dup Licate');

  await page.goto('/account/invitation/accept?userId=00000000-0000-4000-8000-000000000000&token=forged');
  await expect(box(page).getByRole('alert')).toHaveText("We couldn't verify your invitation");
  await page.goto('/account/invitation/accept?token=only-a-token');
  await expect(box(page).getByRole('alert')).toHaveText("We couldn't verify your invitation");
  await expect(partOf(box(page), 'accept-invitation-detail')).toHaveText(
    'This invitation link is incomplete. Open the link from the email again, or ask for a new invitation.',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('permissions: a member without the permission gets 403 with an errors list from every new endpoint', async ({
  request,
}) => {
  const login = await request.post(`${API_ORIGIN}/frontegg/identity/resources/auth/v1/user`, {
    data: { email: E2E_VIEWER.email, password: E2E_VIEWER.password },
    headers: { origin: API_ORIGIN },
  });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken as string}` };
  const userId = '00000000-0000-4000-8000-000000000000';
  const calls = [
    request.post(`${USERS}/v2`, { headers, data: { email: 'x@example.com', name: 'X' } }),
    request.post(`${USERS}/v1/invitation/reset`, { headers, data: { userId } }),
    request.post(`${USERS}/v1/invitation/reset/all`, { headers, data: { userId } }),
    request.get(`${USERS}/v3`, { headers }),
    request.get(`${INVITES}/configuration`, { headers }),
    request.get(`${INVITES}/user`, { headers }),
    request.post(`${INVITES}/user`, { headers, data: {} }),
    request.patch(`${INVITES}/user`, { headers, data: { shouldSendEmail: true } }),
    request.delete(`${INVITES}/user`, { headers }),
  ];
  for (const response of await Promise.all(calls)) {
    expect(response.status(), response.url()).toBe(403);
    expect((await response.json()).errors[0]).toMatch(
      /^You need the fe\.secure\.(read|write)\.users permission to do this$/,
    );
  }
});

test('demo mode: invite, the demo outbox link, accept, active; bulk add and invite link, with no API request @static', async ({
  page,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) apiRequests.push(r.url());
  });
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/users`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  await expect(partOf(portal(page), 'invite-user')).toBeVisible();
  await inviteThroughDialog(page, {
    name: 'Demo Invitee',
    email: 'invitee@auth-elements.dev',
    role: 'Viewer',
  });
  await expect(row(page, 'invitee@auth-elements.dev').locator('[part~="user-status"]')).toHaveText('Invited');
  expect(await axeViolations(page)).toEqual([]);
  const text = await page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('auth-elements.demo.v6') ?? '{}') as {
          outbox: Array<{ to: string; text: string }>;
        }
      ).outbox.find((m) => m.to === 'invitee@auth-elements.dev')?.text ?? '',
  );
  const link = text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  const login = box(page);
  await expect(partOf(login, 'invitation-tenant')).toHaveText('You are invited to join Demo Company.');
  await partOf(login, 'password-input').fill('demo-invitee-password');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'accept-invitation-success')).toHaveText(
    'You joined Demo Company. Sign in to continue.',
  );
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/users`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  await expect(row(page, 'invitee@auth-elements.dev').locator('[part~="user-status"]')).toHaveText('Active');

  await partOf(portal(page), 'bulk-add').click();
  await expect(dialog(page).locator('[part~="roles-choice"]')).toBeVisible();
  await dialog(page).getByLabel('Email addresses').fill('bulk-1@auth-elements.dev, grace@auth-elements.dev');
  await partOf(dialog(page), 'confirm-button').click();
  await expect(partOf(dialog(page), 'bulk-allowed').locator('li')).toHaveText(['bulk-1@auth-elements.dev']);
  await expect(partOf(dialog(page), 'bulk-unallowed').locator('li')).toHaveText([
    'grace@auth-elements.dev: A user with this email is already a member of this account',
  ]);
  await page.keyboard.press('Escape');
  await partOf(portal(page), 'invite-link').click();
  await partOf(dialog(page), 'create-link').click();
  await expect(partOf(dialog(page), 'invite-link-url')).toHaveValue(/\/account\/sign-up\?invitationToken=/);
  expect(await axeViolations(page)).toEqual([]);
  expect(apiRequests).toEqual([]);
});
