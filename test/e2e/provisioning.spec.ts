// Provisioning through the portal (issue 16), against the reference server: an administrator of
// their own account (fixtures/provisioning.ts) adds a SCIM connection on the provisioning page and
// copies its token, shown once; an identity provider (this test, with that token) provisions a
// person into the account over SCIM; the users page shows them as managed by SCIM, without the
// Remove action; the person signs in; deactivating them over SCIM (PATCH active false) ends their
// session at once; the page counts the connection's users; the connection is deleted and its token
// stops working. axe finds nothing on each screen.
import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { PROVISIONED, PROVISIONING_ADMIN } from './fixtures/provisioning';
import { axeViolations, partOf, rowMenu, signIn } from './helpers';

const API = `${API_ORIGIN}/frontegg/identity/resources`;
const SCIM = `${API_ORIGIN}/frontegg/scim/v2`;
const portal = (page: Page) => page.locator('auth-admin-portal');

test('a SCIM connection made on the page provisions and deprovisions a member', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/portal.html#/portal/provisioning');
  await signIn(page, PROVISIONING_ADMIN.email, PROVISIONING_ADMIN.password);
  const host = portal(page);
  await expect(host.getByRole('heading', { name: 'Provisioning', level: 2 })).toBeVisible();
  await expect(host.getByText('No SCIM connection yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Add: Okta, named; the base URL and the token, once, with copy buttons.
  await partOf(host, 'add-scim-connection').click();
  const add = host.getByRole('dialog', { name: 'Add a SCIM connection' });
  await add.getByLabel('Identity provider').selectOption('okta');
  await add.getByLabel('Connection name').fill('Okta production');
  expect(await axeViolations(page)).toEqual([]);
  await add.getByRole('button', { name: 'Create' }).click();
  const created = host.getByRole('dialog', { name: 'Connection created' });
  await expect(created.getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(
    `${API_ORIGIN}/frontegg/scim/v2`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await created.getByRole('button', { name: 'Copy the token' }).click();
  await expect(created.getByRole('button', { name: 'Copy the token' })).toHaveText('Copied');
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(/^scim_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
  expect(await created.getByRole('textbox', { name: 'Bearer token' }).inputValue()).toBe(token);
  expect(await axeViolations(page)).toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  const row = host.getByRole('row', { name: /Okta production/ });
  await expect(row).toContainText('Okta');
  await expect(partOf(row, 'scim-users')).toHaveText('0');

  // The identity provider provisions a person with the token.
  const scim = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const find = await request.get(
    `${SCIM}/Users?filter=${encodeURIComponent(`userName eq "${PROVISIONED.email}"`)}`,
    {
      headers: scim,
    },
  );
  expect((await find.json()).totalResults).toBe(0);
  const provisioned = await request.post(`${SCIM}/Users`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: PROVISIONED.email,
      name: { givenName: 'Pat', familyName: 'Provisioned' },
      emails: [{ value: PROVISIONED.email, type: 'work', primary: true }],
      active: true,
    },
  });
  expect(provisioned.status()).toBe(201);
  const userId = (await provisioned.json()).id as string;

  // The users page shows them as managed by SCIM, and offers no Remove.
  await page.goto('/portal.html#/portal/users');
  const userRow = host.getByRole('row', { name: new RegExp(PROVISIONED.email) });
  await expect(partOf(userRow, 'managed-by-scim')).toHaveText('SCIM');
  expect(await axeViolations(page)).toEqual([]);
  await rowMenu(host, 'Pat Provisioned').click();
  await expect(
    host.getByRole('menuitem', { name: 'Remove Pat Provisioned from this account', exact: true }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  // They sign in; deactivation over SCIM ends their session at once.
  const login = await request.post(`${API}/auth/v1/user`, {
    data: PROVISIONED,
    headers: { origin: API_ORIGIN },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const me = () => request.get(`${API}/users/v2/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect((await me()).status()).toBe(200);
  const off = await request.patch(`${SCIM}/Users/${userId}`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    },
  });
  expect(off.status()).toBe(200);
  expect((await off.json()).active).toBe(false);
  expect((await me()).status()).toBe(401);
  // The users page shows the deactivation (opened again: it reloads its list).
  await page.goto('/portal.html#/portal/provisioning');
  await expect(host.getByRole('heading', { name: 'Provisioning', level: 2 })).toBeVisible();
  await page.goto('/portal.html#/portal/users');
  await expect(
    partOf(host.getByRole('row', { name: new RegExp(PROVISIONED.email) }), 'user-status'),
  ).toHaveText('Deactivated');

  // The page counts the connection's users; deleting it ends its token.
  await page.goto('/portal.html#/portal/provisioning');
  await expect(partOf(host.getByRole('row', { name: /Okta production/ }), 'scim-users')).toHaveText('1');
  await rowMenu(host, 'Okta production').click();
  await host.getByRole('menuitem', { name: 'Delete the connection Okta production' }).click();
  const confirm = host.getByRole('dialog', { name: 'Delete this SCIM connection?' });
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(host.getByText('No SCIM connection yet.')).toBeVisible();
  expect((await request.get(`${SCIM}/Users`, { headers: scim })).status()).toBe(401);
});
