import { expect, test } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { E2E_MEMBERS, E2E_VIEWER } from './fixtures/team';
import { axeViolations, partOf, rowAction, rowMenu, signIn } from './helpers';

const portal = (page: import('@playwright/test').Page) => page.locator('auth-admin-portal');

test('users: the admin pages, sorts and searches the tenant users on the server', async ({ page }) => {
  // Other specs may add members to the seeded account before this one runs (invitations, for
  // example), so the expectations come from the server's own answers to the page's requests.
  type UsersPage = {
    items: Array<{ name: string; email: string }>;
    _metadata: { totalItems: number; totalPages: number };
  };
  // A predicate on the URL keeps an answer still in flight for an earlier order from being taken for this one.
  const nextList = (wanted: (url: string) => boolean = () => true) =>
    page
      .waitForResponse(
        (r) =>
          /\/identity\/resources\/users\/v3\?/.test(r.url()) &&
          r.request().method() === 'GET' &&
          wanted(r.url()),
      )
      .then(async (r) => (await r.json()) as UsersPage);
  const sortedBy = (field: string, order: 'ASC' | 'DESC') => (url: string) =>
    url.includes(`_sortBy=${field}`) && url.includes(`_order=${order}`);
  let answer = nextList();
  await page.goto('/portal.html#/portal/users');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const users = portal(page);
  let list = await answer;
  const total = list._metadata.totalItems;
  const pages = Math.ceil(total / 20);
  expect(total).toBeGreaterThanOrEqual(E2E_MEMBERS + 3); // the members, the admin, the viewer, the breached-password user
  await expect(partOf(users, 'users-total')).toHaveText(`${total} users`);
  await expect(partOf(users, 'user-row')).toHaveCount(20);
  await expect(partOf(users, 'page-indicator')).toHaveText(`Page 1 of ${pages}`);
  await expect(partOf(users, 'user-row').first()).toContainText(list.items[0]!.name);
  expect(await axeViolations(page)).toEqual([]);

  answer = nextList();
  await partOf(users, 'next-page').click();
  list = await answer;
  await expect(partOf(users, 'page-indicator')).toHaveText(`Page 2 of ${pages}`);
  await expect(partOf(users, 'user-row').first()).toContainText(list.items[0]!.name);

  answer = nextList(sortedBy('email', 'ASC'));
  await partOf(users, 'sort-email').click();
  await expect(users.locator('th[aria-sort="ascending"]')).toContainText('Email');
  await expect(partOf(users, 'page-indicator')).toHaveText(`Page 1 of ${pages}`);
  list = await answer;
  await expect(partOf(users, 'user-row').first()).toContainText(list.items[0]!.email);
  // The page asks the server for the order (sorting is the server's: team-users tests) and shows its answer.
  answer = nextList(sortedBy('email', 'DESC'));
  await partOf(users, 'sort-email').click();
  list = await answer;
  await expect(users.locator('th[aria-sort="descending"]')).toContainText('Email');
  await expect(partOf(users, 'user-row').first()).toContainText(list.items[0]!.email);

  await users.getByLabel('Search users by name or email').fill('member 07');
  await expect(partOf(users, 'users-total')).toHaveText('1 user');
  await expect(partOf(users, 'user-row')).toHaveCount(1);
  await expect(partOf(users, 'user-row')).toContainText('member07@example.com');
  await users.getByLabel('Search users by name or email').fill('nobody-here');
  await expect(users.getByText('No users match your search.')).toBeVisible();
});

test('permissions: a user without roles sees only the always-visible pages, no user list, and the API refuses them', async ({
  page,
  request,
}) => {
  await page.goto('/portal.html#/portal/users');
  await signIn(page, E2E_VIEWER.email, E2E_VIEWER.password);
  const nav = partOf(portal(page), 'nav');
  await expect(nav.getByRole('link')).toHaveText([
    'Profile',
    'Privacy & security',
    'Account',
    'Users',
    'Security',
    'Audit logs',
  ]);
  await expect(portal(page).getByRole('status')).toHaveText(
    "You don't have permission to see this page. Ask an administrator of your account.",
  );
  await expect(partOf(portal(page), 'users-table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const login = await request.post(`${API_ORIGIN}/frontegg/identity/resources/auth/v1/user`, {
    data: { email: E2E_VIEWER.email, password: E2E_VIEWER.password },
    headers: { origin: API_ORIGIN },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).accessToken as string;
  const direct = await request.get(`${API_ORIGIN}/frontegg/identity/resources/users/v2`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toEqual({
    errors: ['You need the fe.secure.read.users permission to do this'],
    errorCodes: ['PERMISSION_REQUIRED'],
  });
});

test('users in demo mode: the demo tenant is listed with no server @static', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/users`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  await expect(partOf(portal(page), 'user-row').filter({ hasText: 'demo@auth-elements.dev' })).toContainText(
    'Demo Admin (you)',
  );
  await expect(partOf(portal(page), 'page-indicator')).toHaveText('Page 1 of 1');
});

test("users: the admin changes a member's roles, clears them, and removes a member, through dialogs", async ({
  page,
}) => {
  await page.goto('/portal.html#/portal/users');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const users = portal(page);
  await users.getByLabel('Search users by name or email').fill('member 03');
  await expect(partOf(users, 'user-row')).toHaveCount(1);
  await expect(partOf(users, 'user-row')).toContainText('Viewer');

  await (await rowAction(users, 'Member 03', 'Change the roles of Member 03')).click();
  const rolesDialog = users.getByRole('dialog', { name: 'Roles of Member 03' });
  await rolesDialog.getByRole('checkbox', { name: /^Editor/ }).check();
  await rolesDialog.getByRole('checkbox', { name: /^Viewer/ }).uncheck();
  expect(await axeViolations(page)).toEqual([]);
  await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(rolesDialog).toHaveCount(0);
  await expect(partOf(users, 'user-row')).toContainText('Editor');

  // Clearing every role sends [""] (spec 001 §5) and the row shows none.
  // The client SDK's path and body (teams.updateUser): the member's id and their roles.
  const cleared = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/frontegg/team/resources/members/v1'),
  );
  await (await rowAction(users, 'Member 03', 'Change the roles of Member 03')).click();
  await rolesDialog.getByRole('checkbox', { name: /^Editor/ }).uncheck();
  await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
  expect((await cleared).postDataJSON()).toEqual({ id: expect.any(String), roleIds: [''] });
  await expect(partOf(users, 'user-row').locator('td').nth(2)).toHaveText('—');

  await users.getByLabel('Search users by name or email').fill('member 04');
  await expect(partOf(users, 'user-row')).toHaveCount(1);
  await (await rowAction(users, 'Member 04', 'Remove Member 04 from this account')).click();
  const removeDialog = users.getByRole('dialog', { name: 'Remove this user?' });
  await expect(removeDialog).toContainText(
    'Member 04 (member04@example.com) will lose access to this account at once.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await partOf(users, 'confirm-button').click();
  await expect(removeDialog).toHaveCount(0);
  await expect(users.getByText('No users match your search.')).toBeVisible();
  // The admin cannot act on themselves.
  await users.getByLabel('Search users by name or email').fill('admin@example.com');
  await expect(partOf(users, 'user-row')).toContainText('Ada Admin (you)');
  // No actions menu at all on their own row (and so no "Remove").
  await expect(rowMenu(users, 'Ada Admin')).toHaveCount(0);
  await expect(partOf(users, 'remove-user')).toHaveCount(0);
});

test('users: the admin signs a member out of the account on every device', async ({ page, playwright }) => {
  // Vera Viewer is signed in elsewhere: her own browser, her own refresh cookie.
  const elsewhere = await playwright.request.newContext({ baseURL: API_ORIGIN });
  const login = await elsewhere.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: E2E_VIEWER.email, password: E2E_VIEWER.password },
    headers: { origin: API_ORIGIN },
  });
  expect(login.status()).toBe(200);
  const refreshViewer = () =>
    elsewhere.post('/frontegg/identity/resources/auth/v1/user/token/refresh', {
      headers: { origin: API_ORIGIN },
    });
  expect((await refreshViewer()).status()).toBe(200);

  await page.goto('/portal.html#/portal/users');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const users = portal(page);
  await users.getByLabel('Search users by name or email').fill(E2E_VIEWER.email);
  await expect(partOf(users, 'user-row')).toHaveCount(1);
  const revoke = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/users/sessions/v1/revoke'),
  );
  await (
    await rowAction(users, E2E_VIEWER.name, `Sign ${E2E_VIEWER.name} out of this account on every device`)
  ).click();
  const dialog = users.getByRole('dialog', { name: 'Sign this user out?' });
  await expect(dialog).toContainText(`${E2E_VIEWER.name} (${E2E_VIEWER.email}) will be signed out`);
  expect(await axeViolations(page)).toEqual([]);
  await partOf(dialog, 'confirm-button').click();
  expect((await revoke).postDataJSON()).toEqual({ userId: expect.any(String) });
  await expect(dialog).toHaveCount(0);
  await expect(partOf(users, 'users-notice')).toHaveText(
    `${E2E_VIEWER.name} was signed out of this account.`,
  );
  // Her session is over: the refresh cookie no longer works. The admin stays signed in.
  expect((await refreshViewer()).status()).toBe(401);
  await expect(partOf(users, 'user-row')).toHaveCount(1);
  await elsewhere.dispose();
});

test('users in demo mode: remove a sample teammate with no server @static', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/users`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const users = portal(page);
  await expect(partOf(users, 'users-total')).toHaveText('4 users');
  await (await rowAction(users, 'Alan Turing', 'Remove Alan Turing from this account')).click();
  await partOf(users, 'confirm-button').click();
  await expect(partOf(users, 'users-total')).toHaveText('3 users');
  await page.reload();
  await expect(partOf(users, 'users-total')).toHaveText('3 users');
});
