// The vendor's Portal configuration page (issue 24 §3 item 1) in real Chromium against the real
// server: a vendor super user shows a page and turns a flag on from the portal, by keyboard, and the
// navigation follows; a tenant administrator has no such page and the flag API answers 403.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { METHODS_VENDOR } from './fixtures/sign-in-methods';
import { axeViolations, partOf, signIn } from './helpers';

const F = `${API_ORIGIN}/frontegg`;
const portal = (page: Page) => page.locator('auth-admin-portal');

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const response = await request.post(`${F}/identity/resources/auth/v1/user`, {
    data: { email, password },
    headers: { origin: API_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).accessToken as string;
}

test('a tenant administrator has no Portal configuration page; the flag API refuses them', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, 'admin@example.com', 'Admin-demo-2026');
  const refused = await request.put(`${F}/flags/api/v1/flags/fe-roles-page`, {
    headers: { authorization: `Bearer ${admin}`, origin: API_ORIGIN },
    data: { enabled: true },
  });
  expect(refused.status()).toBe(403);
  await page.goto('/portal.html#/portal/portalConfiguration');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const nav = partOf(portal(page), 'nav');
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Portal configuration' })).toHaveCount(0);
});

test('the vendor shows Groups and turns the Roles flag on from the portal, by keyboard; the navigation follows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const vendor = await tokenOf(request, METHODS_VENDOR.email, METHODS_VENDOR.password);
  const headers = { authorization: `Bearer ${vendor}`, origin: API_ORIGIN };
  const flagsBefore = (await (await request.get(`${F}/flags/api/v1/flags`, { headers })).json())
    .items as Array<{
    key: string;
    enabled: boolean;
  }>;
  const rolesFlagWas = flagsBefore.find((f) => f.key === 'fe-roles-page')?.enabled ?? false;
  const metadataBefore = (await (await request.get(`${F}/metadata?entityName=adminBox`, { headers })).json())
    .rows?.[0]?.configuration?.navigation as Record<string, { visibility?: string }> | undefined;
  const was = (page: string) => metadataBefore?.[page]?.visibility ?? null;
  try {
    await page.goto('/portal.html#/portal/portalConfiguration');
    await signIn(page, METHODS_VENDOR.email, METHODS_VENDOR.password);
    const p = portal(page);
    const nav = partOf(p, 'nav');
    await expect(p.getByRole('heading', { name: 'Portal configuration', level: 2 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const pages = p.getByRole('region', { name: 'Pages' });
    const save = pages.getByRole('button', { name: 'Save page visibility' });
    await expect(pages.getByLabel('Users')).toHaveValue('always');
    // Only pages this build has a screen for: the Usage page has one (issue 28 item 3), so its
    // select and its flag's switch are offered.
    await expect(pages.getByLabel('Usage')).toHaveCount(1);
    await expect(p.getByRole('switch', { name: 'fe-usage-page' })).toBeVisible();
    await pages.getByLabel('Groups').selectOption('hidden');
    await save.press('Enter');
    await expect(nav.getByRole('link', { name: 'Groups' })).toHaveCount(0);
    await pages.getByLabel('Groups').selectOption('byPermissions');
    await pages.getByLabel('Roles').selectOption('always');
    await save.press('Enter');
    await expect(pages.getByRole('status')).toHaveText('Page visibility saved.');
    await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
    // Saved on the server: a new load shows the same choice.
    await page.reload();
    await expect(pages.getByLabel('Groups')).toHaveValue('byPermissions');

    const flags = p.getByRole('region', { name: 'Feature flags' });
    const roles = flags.getByRole('switch', { name: 'fe-roles-page' });
    await expect(flags.getByRole('switch', { name: 'security-center-admin-portal' })).toBeVisible();
    await expect(flags.getByRole('switch', { name: 'admin_portal_login_per_tenant' })).toBeVisible();
    if (rolesFlagWas) {
      await roles.focus();
      await page.keyboard.press('Space');
      await expect(roles).toHaveAttribute('aria-checked', 'false');
    }
    await expect(nav.getByRole('link', { name: 'Roles' })).toHaveCount(0);
    await roles.focus();
    await page.keyboard.press('Space');
    await expect(roles).toHaveAttribute('aria-checked', 'true');
    await expect(flags.getByRole('status')).toHaveText('fe-roles-page turned on.');
    await expect(nav.getByRole('link', { name: 'Roles' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    // Vendor-wide settings: put them back for the other specs.
    await request.post(`${F}/metadata`, {
      headers,
      data: {
        entityName: 'adminBox',
        actions: [
          { path: 'navigation.groups.visibility', value: was('groups') },
          { path: 'navigation.roles.visibility', value: was('roles') },
        ],
      },
    });
    await request.put(`${F}/flags/api/v1/flags/fe-roles-page`, { headers, data: { enabled: rolesFlagWas } });
  }
});
