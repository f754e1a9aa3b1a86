import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { CLIENT_ACCOUNTS, RESELLER, SUPPORT } from './fixtures/sub-accounts';
import { E2E_VIEWER } from './fixtures/team';
import { axeViolations, box, partOf, signIn } from './helpers';

const portal = (page: Page) => page.locator('auth-admin-portal');
const API = `${API_ORIGIN}/frontegg`;

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post(`${API}/identity/resources/auth/v1/user`, {
    data: { email, password },
    headers: { origin: API_ORIGIN },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).accessToken as string;
}

test('all accounts: browse, load more, search, add sub-accounts, manage a member, switch into a sub-account and back', async ({
  page,
  request,
}) => {
  // One long full path (four axe runs over 50+ accounts): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/portal.html#/portal/allAccounts');
  await signIn(page, RESELLER.email, RESELLER.password);
  const p = portal(page);
  await expect(p.getByRole('link', { name: 'All accounts' })).toHaveAttribute('aria-current', 'page');

  // 50 a page (spec 001 §9), then load more: every client once.
  await expect(partOf(p, 'account-item')).toHaveCount(50);
  await expect(partOf(p, 'account-name').first()).toHaveText('Client 01');
  await partOf(p, 'load-more').click();
  await expect(partOf(p, 'account-item')).toHaveCount(CLIENT_ACCOUNTS);
  await expect(partOf(p, 'load-more')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Search runs on the server across the tree.
  await p.getByLabel('Search accounts by name').fill('client 0');
  await expect(partOf(p, 'account-item')).toHaveCount(9);
  await p.getByLabel('Search accounts by name').fill('no such account');
  await expect(partOf(p, 'accounts-empty')).toHaveText('No accounts match your search.');
  await p.getByLabel('Search accounts by name').fill('');
  await expect(partOf(p, 'account-item')).toHaveCount(50);

  // Add dialog: an empty name is refused at the field with nothing sent; Escape closes and focus returns.
  const add = partOf(p, 'add-account');
  await add.click();
  const dialog = p.getByRole('dialog', { name: 'Add a sub-account' });
  await expect(dialog.getByLabel('Account name')).toBeFocused();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/sub-tenants/')) posts.push(r.url());
  });
  await partOf(dialog, 'create-account').click();
  await expect(dialog.getByText('Enter a name for the sub-account.')).toBeVisible();
  expect(posts).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  // Focus stays inside: Tab from the last control goes back to the first (the dialog's close button).
  await partOf(dialog, 'create-account').focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close this dialog' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Account name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  await add.click();
  await dialog.getByLabel('Account name').fill('Northwind EU');
  await partOf(dialog, 'create-account').click();
  await expect(dialog).toHaveCount(0);
  // A search result can be the parent of the next account.
  await p.getByLabel('Search accounts by name').fill('Northwind');
  await expect(partOf(p, 'account-item')).toHaveCount(1);
  await add.click();
  await dialog.getByLabel('Account name').fill('Northwind Paris');
  await dialog.getByLabel('Parent account').selectOption({ label: 'Northwind EU' });
  await partOf(dialog, 'create-account').click();
  await expect(dialog).toHaveCount(0);

  // The tree: Northwind EU (on the second page) now has a child, shown when its branch opens.
  await p.getByLabel('Search accounts by name').fill('');
  await expect(partOf(p, 'account-item')).toHaveCount(50);
  await partOf(p, 'load-more').click();
  const eu = partOf(p, 'account-item').filter({
    has: page.locator('[part~="account-name"]', { hasText: /^Northwind EU$/ }),
  });
  await eu.getByRole('button', { name: 'Show the sub-accounts of Northwind EU' }).click();
  await expect(eu.getByRole('button', { name: 'Hide the sub-accounts of Northwind EU' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(partOf(eu, 'account-name').filter({ hasText: 'Northwind Paris' })).toBeVisible();

  // A member of HQ is added to Northwind Paris with access denied (API), then managed in the users dialog.
  const token = await tokenOf(request, RESELLER.email, RESELLER.password);
  const search = await request.get(`${API}/tenants/resources/hierarchy/v2?_filter=Northwind%20Paris`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const paris = (await search.json()).items[0].tenantId as string;
  const added = await request.post(`${API}/identity/resources/sub-tenants/v1/${paris}/users`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: SUPPORT.email, roleIds: [], allowSubAccountAccess: false },
  });
  expect(added.status()).toBe(201);
  const samToken = await tokenOf(request, SUPPORT.email, SUPPORT.password);
  const refused = await request.put(`${API}/identity/resources/users/v1/tenant`, {
    headers: { authorization: `Bearer ${samToken}` },
    data: { tenantId: paris },
  });
  expect(refused.status()).toBe(403);

  const open = eu.getByRole('button', { name: 'Users of Northwind Paris' });
  await open.click();
  const users = p.getByRole('dialog', { name: 'Users of Northwind Paris' });
  const sam = partOf(users, 'account-user').filter({ hasText: SUPPORT.email });
  await expect(partOf(users, 'account-user')).toHaveCount(2);
  await expect(partOf(sam, 'account-user-access')).toHaveText('Access: Denied');
  await partOf(sam, 'account-user-access').click();
  await expect(partOf(sam, 'account-user-access')).toHaveText('Access: Allowed');
  await sam.getByLabel(`Roles of ${SUPPORT.name} in this account`).focus();
  await sam.getByLabel(`Roles of ${SUPPORT.name} in this account`).selectOption({ label: 'Editor' });
  await expect(sam.getByLabel(`Roles of ${SUPPORT.name} in this account`)).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(sam.getByLabel(`Roles of ${SUPPORT.name} in this account`)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(users).toHaveCount(0);
  await expect(open).toBeFocused();
  // Allowed now: Sam may switch into Paris (server/routes/hierarchy.test.ts checks his token there carries the Editor role).
  const allowed = await request.put(`${API}/identity/resources/users/v1/tenant`, {
    headers: { authorization: `Bearer ${samToken}` },
    data: { tenantId: paris },
  });
  expect(allowed.status()).toBe(200);

  // Tenant switch from the portal: loading, switch, session reload; everything follows the new tenant.
  const switcher = partOf(p, 'tenant-select');
  await expect(switcher.locator('option')).toHaveText([RESELLER.tenant, 'Northwind EU', 'Northwind Paris']);
  await switcher.selectOption({ label: 'Northwind Paris' });
  await expect(box(page).getByText('Account: Northwind Paris')).toBeVisible();
  await expect(switcher).toHaveValue(paris);
  await expect(partOf(p, 'accounts-empty')).toHaveText('No sub-accounts yet.');
  // The session really moved: a reload restores it in Northwind Paris.
  await page.reload();
  await expect(box(page).getByText('Account: Northwind Paris')).toBeVisible();
  // One "Active account" control on a page with both elements: the portal's; the login box shows none.
  await expect(partOf(p, 'tenant-select')).toBeVisible();
  await expect(partOf(box(page), 'tenant-select')).toHaveCount(0);
  await partOf(p, 'tenant-select').selectOption({ label: RESELLER.tenant });
  await expect(box(page).getByText(`Account: ${RESELLER.tenant}`)).toBeVisible();
  await expect(partOf(p, 'account-item')).toHaveCount(50);
});

test('custom login tab: an invalid alias is refused at the field; a valid one is saved and survives a reload', async ({
  page,
}) => {
  await page.goto('/portal.html#/portal/account');
  await signIn(page, RESELLER.email, RESELLER.password);
  const p = portal(page);
  await p.getByRole('tab', { name: 'Custom login' }).click();
  await expect(p.getByRole('tab', { name: 'Custom login' })).toHaveAttribute('aria-selected', 'true');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await p.getByLabel('Use a custom login for this account').check();
  await p.getByLabel('Login alias').fill('Not OK!');
  await partOf(p, 'save-custom-login').click();
  await expect(p.getByText('Use 3 to 40 lowercase letters, digits and single dashes.')).toBeVisible();
  await expect(p.getByLabel('Login alias')).toBeFocused();
  await expect(p.getByLabel('Login alias')).toHaveValue('Not OK!');
  expect(puts).toEqual([]);
  await p.getByLabel('Login alias').fill('reseller-hq');
  await partOf(p, 'save-custom-login').click();
  await expect(p.getByRole('status')).toHaveText('Your custom login was saved.');
  await expect(partOf(p, 'custom-login-address')).toContainText('/account/login?loginAlias=reseller-hq');
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await p.getByRole('tab', { name: 'Custom login' }).click();
  await expect(p.getByLabel('Login alias')).toHaveValue('reseller-hq');
  await expect(p.getByLabel('Use a custom login for this account')).toBeChecked();
  // The settings tab is still there, and the arrow keys move between tabs.
  await p.getByRole('tab', { name: 'Custom login' }).press('ArrowLeft');
  await expect(p.getByRole('tab', { name: 'Settings' })).toBeFocused();
  await expect(p.getByLabel('Company name')).toHaveValue(RESELLER.tenant);
});

test('admin-box metadata set through the API hides and locks fields and hides a tab', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, RESELLER.email, RESELLER.password);
  const set = (actions: Array<{ path: string; value: string | null }>) =>
    request.post(`${API}/metadata`, {
      headers: { authorization: `Bearer ${token}` },
      data: { entityName: 'adminBox', actions },
    });
  const bad = await set([{ path: 'profile.fields.email.appearance', value: 'hidden' }]);
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    errors: ['Unknown field "email" in profile'],
    errorCodes: ['PORTAL_FIELD_UNKNOWN'],
  });
  const viewerToken = await tokenOf(request, E2E_VIEWER.email, E2E_VIEWER.password);
  expect(
    (
      await request.post(`${API}/metadata`, {
        headers: { authorization: `Bearer ${viewerToken}` },
        data: {
          entityName: 'adminBox',
          actions: [{ path: 'profile.fields.name.appearance', value: 'hidden' }],
        },
      })
    ).status(),
  ).toBe(403);

  const changes = [
    { path: 'profile.fields.phoneNumber.appearance', value: 'hidden' },
    { path: 'profile.fields.jobTitle.appearance', value: 'viewOnly' },
    { path: 'account.tabs.customLogin.appearance', value: 'hidden' },
    { path: 'account.fields.website.appearance', value: 'hidden' },
  ];
  expect((await set(changes)).status()).toBe(200);
  try {
    await page.goto('/portal.html#/portal/profile');
    await signIn(page, RESELLER.email, RESELLER.password);
    const p = portal(page);
    await expect(p.getByLabel('Name')).toBeVisible();
    await expect(p.getByLabel('Phone number')).toHaveCount(0);
    await expect(p.getByLabel('Job title')).toHaveAttribute('readonly', '');
    expect(await axeViolations(page)).toEqual([]);
    await p.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(p.getByLabel('Company name')).toBeVisible();
    await expect(p.getByLabel('Website')).toHaveCount(0);
    // One tab left: no tab list, the settings are shown under their heading.
    await expect(p.getByRole('tab')).toHaveCount(0);
    await expect(p.getByRole('heading', { name: 'Settings' })).toBeVisible();
  } finally {
    // The configuration is vendor-wide: put it back for the other specs.
    expect((await set(changes.map(({ path }) => ({ path, value: null })))).status()).toBe(200);
  }
});

test('permissions: a user without roles sees no All accounts page, and its API answers 403', async ({
  page,
  request,
}) => {
  await page.goto('/portal.html#/portal/allAccounts');
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
  // The deep link to the hidden page falls back to the first visible page.
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  const token = await tokenOf(request, E2E_VIEWER.email, E2E_VIEWER.password);
  const direct = await request.get(`${API}/tenants/resources/hierarchy/v2`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toEqual({
    errors: ['You need the fe.account-hierarchy.read.subAccount permission to do this'],
    errorCodes: ['PERMISSION_REQUIRED'],
  });
  const create = await request.post(`${API}/tenants/resources/sub-tenants/v1`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Sneaky' },
  });
  expect(create.status()).toBe(403);
});

test('all accounts and tenant switch in demo mode, with no server', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/allAccounts`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const p = portal(page);
  await expect(partOf(p, 'account-item')).toHaveCount(50);
  await partOf(p, 'load-more').click();
  await expect(partOf(p, 'account-item')).toHaveCount(56);
  await p.getByLabel('Search accounts by name').fill('paris');
  await expect(partOf(p, 'account-item')).toHaveCount(1);
  await partOf(p, 'account-users').click();
  const users = p.getByRole('dialog', { name: 'Users of Demo Company Paris' });
  const alan = partOf(users, 'account-user').filter({ hasText: 'Alan Turing' });
  await expect(partOf(alan, 'account-user-access')).toHaveText('Access: Denied');
  await partOf(alan, 'account-user-access').click();
  await expect(partOf(alan, 'account-user-access')).toHaveText('Access: Allowed');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await partOf(p, 'tenant-select').selectOption({ label: 'Demo Company Paris' });
  await expect(box(page).getByText('Account: Demo Company Paris')).toBeVisible();
  await expect(partOf(p, 'accounts-empty')).toHaveText('No sub-accounts yet.');
  await page.reload();
  await expect(box(page).getByText('Account: Demo Company Paris')).toBeVisible();

  await p.getByRole('link', { name: 'Account', exact: true }).click();
  await p.getByRole('tab', { name: 'Custom login' }).click();
  await p.getByLabel('Login alias').fill('demo-paris');
  await p.getByLabel('Use a custom login for this account').check();
  await partOf(p, 'save-custom-login').click();
  await expect(p.getByRole('status')).toHaveText('Your custom login was saved.');
});
