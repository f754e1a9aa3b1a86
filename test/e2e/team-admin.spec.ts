import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { E2E_VIEWER } from './fixtures/team';
import { E2E_AGENT } from './fixtures/team-admin';
import { axeViolations, partOf, rowAction, rowMenu, signIn } from './helpers';

const portal = (page: Page) => page.locator('auth-admin-portal');
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const API = `${API_ORIGIN}/frontegg/identity/resources`;

async function tokenOf(
  request: import('@playwright/test').APIRequestContext,
  email: string,
  password: string,
) {
  const login = await request.post(`${API}/auth/v1/user`, {
    data: { email, password },
    headers: { origin: API_ORIGIN },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).accessToken as string;
}

/** Escape closes the dialog and focus goes back to the button that opened it. */
async function expectEscapeReturnsFocus(page: Page, opener: Locator, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('roles and groups: a role with permissions, given through a group, lets a member in', async ({
  page,
  browser,
}) => {
  // One long path with nine axe scans and a second browser: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/portal.html#/portal/roles');
  await signIn(page, ADMIN.email, ADMIN.password);
  const roles = portal(page);
  await expect(partOf(roles, 'nav').getByRole('link')).toHaveText([
    'Profile',
    'Privacy & security',
    'Account',
    'Users',
    'Groups',
    'Roles',
    'Personal API tokens',
    'API tokens',
    'Security',
    'Single sign-on',
    'Provisioning',
    'Audit logs',
    // Shown by test/e2e/fixtures/connectivity.ts and billing.ts to whoever holds their permissions
    // (Admin holds fe.*).
    'Webhooks',
    'Subscriptions',
    'All accounts',
  ]);
  await expect(partOf(roles, 'roles-total')).toHaveText('4 roles');
  await expect(partOf(roles, 'role-row').filter({ hasText: 'Read only' })).toContainText('2 permissions');
  await expect(partOf(roles, 'permission-row')).not.toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Add a role with two permissions.
  const addRole = partOf(roles, 'add-role');
  await addRole.click();
  const add = roles.getByRole('dialog', { name: 'Add a role' });
  await expect(add.getByLabel('Name')).toBeFocused();
  await add.getByLabel('Name').fill('Support agents');
  await expect(add.getByLabel('Key')).toHaveValue('support-agents');
  await add.getByRole('checkbox', { name: /Read users/ }).check();
  await add.getByRole('checkbox', { name: /Read groups/ }).check();
  expect(await axeViolations(page)).toEqual([]);
  await add.getByRole('button', { name: 'Add role' }).click();
  await expect(add).toHaveCount(0);
  await expect(partOf(roles, 'roles-total')).toHaveText('5 roles');
  const row = partOf(roles, 'role-row').filter({ hasText: 'Support agents' });
  await expect(row).toContainText('2 permissions');

  // Attach one more permission to it from the permission's side (a permission to several roles).
  // The catalogue is paged: find the permission by its key first.
  await roles.getByLabel('Search permissions by name or key').fill('fe.secure.read.roles');
  const chooseRoles = roles.getByRole('button', { name: 'Choose the roles that hold fe.secure.read.roles' });
  await chooseRoles.click();
  const attach = roles.getByRole('dialog', { name: 'Roles holding fe.secure.read.roles' });
  await expect(attach.getByRole('checkbox', { name: /Read only/ })).toBeChecked();
  await expect(attach.getByRole('checkbox', { name: /Read only/ })).toBeDisabled();
  await attach.getByRole('checkbox', { name: 'Support agents' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await attach.getByRole('button', { name: 'Save' }).click();
  await expect(attach).toHaveCount(0);
  await expect(row).toContainText('3 permissions');

  // The role's own permissions dialog shows the three; Escape closes it and focus returns.
  const permissionsButton = rowMenu(roles, 'Support agents');
  await (await rowAction(roles, 'Support agents', 'Choose the permissions of Support agents')).click();
  const own = roles.getByRole('dialog', { name: 'Permissions of Support agents' });
  await expect(own.getByRole('checkbox', { name: /Read roles/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await expectEscapeReturnsFocus(page, permissionsButton, own);

  // Editing with nothing changed sends nothing and says so.
  const editButton = rowMenu(roles, 'Support agents');
  await (await rowAction(roles, 'Support agents', 'Edit the role Support agents')).click();
  const editRole = roles.getByRole('dialog', { name: 'Edit Support agents' });
  await editRole.getByRole('button', { name: 'Save' }).click();
  await expect(editRole.getByRole('alert')).toHaveText('Nothing changed.');
  expect(await axeViolations(page)).toEqual([]);
  await expectEscapeReturnsFocus(page, editButton, editRole);

  // Groups: create one with the role and the member.
  await partOf(roles, 'nav').getByRole('link', { name: 'Groups' }).click();
  const groups = portal(page);
  await expect(groups.getByText('No groups yet.')).toBeVisible();
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/groups/v1'));
  await partOf(groups, 'add-group').click();
  const addGroup = groups.getByRole('dialog', { name: 'Create a group' });
  await addGroup.getByLabel('Name').fill('Helpdesk');
  await addGroup.getByLabel('Colour').selectOption({ label: 'Green' });
  expect(await axeViolations(page)).toEqual([]);
  await addGroup.getByRole('button', { name: 'Create group' }).click();
  // Spec 001 §5: no description typed, none sent.
  expect((await created).postDataJSON()).toEqual({ name: 'Helpdesk', color: '#1a7f37' });
  await expect(partOf(groups, 'group-row')).toContainText('Helpdesk');

  const reloads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/groups\/v1\?/.test(r.url())) reloads.push(r.url());
  });
  await (await rowAction(groups, 'Helpdesk', 'Choose the roles of Helpdesk')).click();
  const groupRoles = groups.getByRole('dialog', { name: 'Roles of Helpdesk' });
  await groupRoles.getByRole('checkbox', { name: 'Support agents' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await groupRoles.getByRole('button', { name: 'Save roles' }).click();
  await expect(partOf(groups, 'group-row')).toContainText('Support agents');
  expect(reloads.length, 'the groups reload after the change').toBeGreaterThanOrEqual(1);

  const membersButton = rowMenu(groups, 'Helpdesk');
  await (await rowAction(groups, 'Helpdesk', 'Manage the members of Helpdesk')).click();
  const members = groups.getByRole('dialog', { name: 'Members of Helpdesk' });
  await expect(members.getByText('Nobody is in this group yet.')).toBeVisible();
  await members.getByLabel('Find people to add').fill('member 44');
  await members.getByRole('button', { name: 'Add Member 44 to the group' }).click();
  await expect(partOf(members, 'group-members')).toContainText(E2E_AGENT.email);
  await expect(partOf(groups, 'group-row')).toContainText('Member 44');
  expect(await axeViolations(page)).toEqual([]);
  await expectEscapeReturnsFocus(page, membersButton, members);

  // The member signs in elsewhere: the group's role shows them the users and groups pages.
  const other = await browser.newContext({ baseURL: API_ORIGIN });
  const agentPage = await other.newPage();
  await agentPage.goto('/portal.html#/portal/groups');
  await signIn(agentPage, E2E_AGENT.email, E2E_AGENT.password);
  await expect(partOf(portal(agentPage), 'nav').getByRole('link')).toHaveText([
    'Profile',
    'Privacy & security',
    'Account',
    'Users',
    'Groups',
    'Roles',
    'Security',
    'Audit logs',
  ]);
  await expect(partOf(portal(agentPage), 'group-row')).toContainText('Helpdesk');
  await expect(partOf(portal(agentPage), 'add-group'), 'reading is not changing').toHaveCount(0);
  await other.close();

  // Edit, then delete the group; the member loses the role again.
  await (await rowAction(groups, 'Helpdesk', 'Edit the group Helpdesk')).click();
  const edit = groups.getByRole('dialog', { name: 'Edit Helpdesk' });
  const patched = page.waitForRequest((r) => r.method() === 'PATCH');
  await edit.getByLabel('Description (optional)').fill('First line of support');
  expect(await axeViolations(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await patched).postDataJSON()).toEqual({ description: 'First line of support' });
  await expect(partOf(groups, 'group-row')).toContainText('First line of support');
  await (await rowAction(groups, 'Helpdesk', 'Delete the group Helpdesk')).click();
  const remove = groups.getByRole('dialog', { name: 'Delete this group?' });
  expect(await axeViolations(page)).toEqual([]);
  await partOf(remove, 'confirm-button').click();
  await expect(groups.getByText('No groups yet.')).toBeVisible();
  const agentToken = await tokenOf(page.request, E2E_AGENT.email, E2E_AGENT.password);
  expect(
    (
      await page.request.get(`${API}/groups/v1`, { headers: { authorization: `Bearer ${agentToken}` } })
    ).status(),
  ).toBe(403);

  // Delete the role.
  await partOf(groups, 'nav').getByRole('link', { name: 'Roles' }).click();
  await (await rowAction(portal(page), 'Support agents', 'Delete the role Support agents')).click();
  const deleteRole = portal(page).getByRole('dialog', { name: 'Delete this role?' });
  await expect(deleteRole).toContainText('Support agents will be deleted. This cannot be undone.');
  expect(await axeViolations(page)).toEqual([]);
  await partOf(deleteRole, 'confirm-button').click();
  await expect(partOf(portal(page), 'roles-total')).toHaveText('4 roles');
});

test('API tokens: a tenant token is created (days sent as minutes), its secret shown once, used, and deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/portal.html#/portal/apiTokens');
  await signIn(page, ADMIN.email, ADMIN.password);
  const tokens = portal(page);
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const addButton = partOf(tokens, 'add-token');
  await addButton.click();
  const add = tokens.getByRole('dialog', { name: 'Generate an API token' });
  await add.getByLabel('Description').fill('Nightly export');
  await add.getByLabel('Expires after (days)').fill('1.5');
  await add.getByRole('button', { name: 'Generate token' }).click();
  await expect(add.getByText('Enter a whole number of days, 1 or more, or leave it empty.')).toBeVisible();
  await expect(add.getByLabel('Description')).toHaveValue('Nightly export');
  await add.getByLabel('Expires after (days)').fill('30');
  await add.getByRole('checkbox', { name: 'Read only' }).check();
  expect(await axeViolations(page)).toEqual([]);
  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/tenants/api-tokens/v1'),
  );
  await add.getByRole('button', { name: 'Generate token' }).click();
  const body = (await posted).postDataJSON();
  expect(body.description).toBe('Nightly export');
  expect(body.expiresInMinutes).toBe(30 * 1440);
  expect(body.roleIds).toHaveLength(1);

  // The add dialog closes, then (200 ms later) the token is listed first and the secret shown once.
  await expect(add).toHaveCount(0);
  const success = tokens.getByRole('dialog', { name: 'Your API token' });
  await expect(success).toBeVisible();
  const secret = await success.getByRole('textbox', { name: 'Secret' }).inputValue();
  const clientId = await success.getByRole('textbox', { name: 'Client ID' }).inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(partOf(tokens, 'token-row').first()).toContainText('Nightly export');
  await expect(partOf(tokens, 'token-row').first()).toContainText(clientId);
  await expect(partOf(tokens, 'token-row').first()).toContainText('Read only');
  expect(await axeViolations(page)).toEqual([]);
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(success).toHaveCount(0);
  await expect(addButton).toBeFocused();

  // The token works: exchanged for an access token that reads users (its role's permission).
  const exchange = await page.request.post(`${API}/auth/v1/api-token`, { data: { clientId, secret } });
  expect(exchange.status()).toBe(200);
  const machine = (await exchange.json()).accessToken as string;
  expect(
    (await page.request.get(`${API}/users/v2`, { headers: { authorization: `Bearer ${machine}` } })).status(),
  ).toBe(200);

  // After a reload the secret is nowhere on the page.
  await page.reload();
  await expect(partOf(tokens, 'token-row')).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);
  expect(await tokens.evaluate((host, s) => host.shadowRoot!.innerHTML.includes(s), secret)).toBe(false);

  const deleteButton = rowMenu(tokens, 'Nightly export');
  await (await rowAction(tokens, 'Nightly export', 'Delete the token Nightly export')).click();
  const remove = tokens.getByRole('dialog', { name: 'Delete this API token?' });
  await expect(remove).toContainText('Anything using "Nightly export" will stop working at once.');
  expect(await axeViolations(page)).toEqual([]);
  await expectEscapeReturnsFocus(page, deleteButton, remove);
  await (await rowAction(tokens, 'Nightly export', 'Delete the token Nightly export')).click();
  await partOf(remove, 'confirm-button').click();
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
  expect((await page.request.post(`${API}/auth/v1/api-token`, { data: { clientId, secret } })).status()).toBe(
    401,
  );
});

test('personal API tokens: empty expiry means never', async ({ page }) => {
  await page.goto('/portal.html#/portal/personalApiTokens');
  await signIn(page, ADMIN.email, ADMIN.password);
  const tokens = portal(page);
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(tokens, 'add-token').click();
  const add = tokens.getByRole('dialog', { name: 'Generate an API token' });
  await expect(add.getByRole('group', { name: 'Roles of the token' })).toHaveCount(0);
  await add.getByLabel('Description').fill('My laptop script');
  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/users/api-tokens/v1'),
  );
  await add.getByRole('button', { name: 'Generate token' }).click();
  expect((await posted).postDataJSON()).toEqual({ description: 'My laptop script', expiresInMinutes: null });
  const success = tokens.getByRole('dialog', { name: 'Your API token' });
  await expect(success.getByRole('textbox', { name: 'Secret' })).not.toHaveValue('');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(partOf(tokens, 'token-row').first()).toContainText('Never');
  await (await rowAction(tokens, 'My laptop script', 'Delete the token My laptop script')).click();
  await partOf(tokens.getByRole('dialog', { name: 'Delete this API token?' }), 'confirm-button').click();
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
});

test('permissions: a user without roles sees none of these pages, deep links fall back, and the API refuses them', async ({
  page,
}) => {
  await page.goto('/portal.html#/portal/roles');
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
  await expect(partOf(portal(page), 'roles-table')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  expect(await axeViolations(page)).toEqual([]);

  const token = await tokenOf(page.request, E2E_VIEWER.email, E2E_VIEWER.password);
  const headers = { authorization: `Bearer ${token}` };
  const calls: Array<[string, string, string]> = [
    ['GET', '/roles/v2', 'fe.secure.read.roles'],
    ['GET', '/permissions/v1', 'fe.secure.read.roles'],
    ['GET', '/groups/v1', 'fe.secure.read.groups'],
    ['GET', '/users/api-tokens/v1', 'fe.secure.read.userApiTokens'],
    ['GET', '/tenants/api-tokens/v1', 'fe.secure.read.tenantApiTokens'],
    ['POST', '/tenants/api-tokens/v1', 'fe.secure.write.tenantApiTokens'],
  ];
  for (const [method, path, permission] of calls) {
    const answer = await page.request.fetch(`${API}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { data: { description: 'x' } } : {}),
    });
    expect(answer.status(), `${method} ${path}`).toBe(403);
    expect(await answer.json()).toEqual({
      errors: [`You need the ${permission} permission to do this`],
      errorCodes: ['PERMISSION_REQUIRED'],
    });
  }
});

test('demo mode: roles, groups and API tokens with no server @static', async ({ page }) => {
  // Every demo answer waits 200 to 500 ms (spec 001 §1), and there are two axe scans.
  test.setTimeout(90_000);
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/roles`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const demo = portal(page);
  await expect(partOf(demo, 'roles-total')).toHaveText('4 roles');
  await partOf(demo, 'add-role').click();
  const add = demo.getByRole('dialog', { name: 'Add a role' });
  await add.getByLabel('Name').fill('Billing');
  await add.getByRole('checkbox', { name: /Read subscriptions/ }).check();
  await add.getByRole('button', { name: 'Add role' }).click();
  await expect(partOf(demo, 'role-row').filter({ hasText: /^Billing/ })).toContainText('1 permission');
  expect(await axeViolations(page)).toEqual([]);

  await partOf(demo, 'nav').getByRole('link', { name: 'Groups' }).click();
  await partOf(demo, 'add-group').click();
  const group = demo.getByRole('dialog', { name: 'Create a group' });
  await group.getByLabel('Name').fill('Finance');
  await group.getByLabel('Description (optional)').fill('Pays the bills');
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(partOf(demo, 'group-row')).toContainText('Pays the bills');
  await (await rowAction(demo, 'Finance', 'Choose the roles of Finance')).click();
  await demo
    .getByRole('dialog', { name: 'Roles of Finance' })
    .getByRole('checkbox', { name: /^Billing/ })
    .check();
  await demo.getByRole('button', { name: 'Save roles' }).click();
  await expect(partOf(demo, 'group-row')).toContainText('Billing');
  expect(await axeViolations(page)).toEqual([]);

  await partOf(demo, 'nav').getByRole('link', { name: 'API tokens', exact: true }).click();
  await partOf(demo, 'add-token').click();
  const token = demo.getByRole('dialog', { name: 'Generate an API token' });
  await token.getByLabel('Description').fill('Demo export');
  await token.getByLabel('Expires after (days)').fill('7');
  await token.getByRole('button', { name: 'Generate token' }).click();
  const success = demo.getByRole('dialog', { name: 'Your API token' });
  await expect(success.getByRole('textbox', { name: 'Secret' })).not.toHaveValue('');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(partOf(demo, 'token-row')).toContainText('Demo export');
  await page.reload();
  await expect(partOf(demo, 'token-row')).toContainText('Demo export');
});
