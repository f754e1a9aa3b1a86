// The sign-in page's server-rendered first frame (server/prerender.ts, elements/login-box/
// prerendered.ts; docs/architecture.md "Server-rendered first frame"): the email field is usable
// before any of the kit's scripts has run, and what the visitor did there survives the hand-over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { readFrames, withFirstFrame } from '../../server/prerender';
import { axeViolations, box, expectSignedInAs, kitTookOver, partOf, signIn } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };

/** Holds the loader and every bundle file until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/cdn\//, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const email = (page: Page) => partOf(box(page), 'email-input');
const defined = (page: Page) => page.evaluate(() => Boolean(customElements.get('auth-login-box')));
async function tookOver(page: Page): Promise<void> {
  await kitTookOver(page);
  await expect(email(page)).toHaveCount(1);
}
const focusedPart = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('auth-login-box')?.shadowRoot?.activeElement?.getAttribute('part'),
  );

test('the email field is drawn and takes input before any script; text, focus and caret move into the live form, and sign-in completes', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login.html', { waitUntil: 'commit' });
  await expect(email(page)).toBeEditable();
  expect(await defined(page)).toBe(false);
  // The frame's field has the focus (autofocus), as the kit's own form would.
  await expect.poll(() => focusedPart(page)).toBe('input email-input');
  await page.keyboard.type('admin@example');
  release();
  await tookOver(page);
  await expect(email(page)).toHaveValue('admin@example');
  expect(await focusedPart(page)).toBe('input email-input');
  // The caret is still at the end: typing goes on where it stopped.
  await page.keyboard.type('.com');
  await expect(email(page)).toHaveValue(ADMIN.email);
  await partOf(box(page), 'submit-button').click();
  await partOf(box(page), 'password-input').fill(ADMIN.password);
  await partOf(box(page), 'submit-button').click();
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
});

test('Enter before the bundle has run neither navigates nor loses the text; the kit sends it once it is there', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login.html', { waitUntil: 'commit' });
  await email(page).fill(ADMIN.email);
  await email(page).press('Enter');
  await partOf(box(page), 'submit-button').click();
  await page.waitForTimeout(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login.html');
  await expect(email(page)).toHaveValue(ADMIN.email);
  release();
  await partOf(box(page), 'password-input').fill(ADMIN.password);
  await partOf(box(page), 'submit-button').click();
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
});

test('a failed bundle load shows the loader\'s message and "Try again" instead of the frame', async ({
  page,
}) => {
  let failures = 1;
  await page.route('**/cdn/6.138.0/login-box/index.js*', (route) =>
    failures-- > 0 ? route.abort() : route.continue(),
  );
  await page.goto('/login.html');
  const marker = page.locator('auth-login-box > [data-auth-elements-loading]');
  await expect(marker.locator('[role="alert"]')).toBeVisible();
  await expect(email(page)).toHaveCount(0);
  await marker.getByRole('button', { name: 'Try again' }).click();
  await expect(email(page)).toBeEditable();
});

test('the sign-up link clicked before the bundle has run opens sign-up once the kit is there', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login.html', { waitUntil: 'commit' });
  await partOf(box(page), 'sign-up-link').click();
  release();
  await expect(box(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

/** login.html as the server sends it with `theme` on the element (the same splice, this theme's frame). */
async function pageWithTheme(page: Page, theme: 'light' | 'dark'): Promise<string> {
  if (theme === 'light') return '/login.html';
  await page.route('**/login-dark.html', async (route) => {
    const base = new URL(route.request().url()).origin;
    const html = readFileSync(join(ROOT, 'demo-pages', 'login.html'), 'utf8')
      .replaceAll('%BASE_URL%', base)
      .replace(
        '<auth-login-box base-url="' + base + '">',
        `<auth-login-box base-url="${base}" theme="dark">`,
      );
    await route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: withFirstFrame(html, await readFrames(join(ROOT, 'cdn'))),
    });
  });
  return '/login-dark.html';
}

for (const theme of ['light', 'dark'] as const)
  test(`the email field does not move when the kit takes over (${theme} theme, 375, 768 and 1280 px)`, async ({
    page,
  }) => {
    const path = await pageWithTheme(page, theme);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(email(page)).toBeVisible();
      await expect(box(page).locator('form[method="dialog"]')).toHaveCount(1);
      const before = await email(page).boundingBox();
      const colours = await email(page).evaluate((field) => getComputedStyle(field).backgroundColor);
      release();
      await tookOver(page);
      const after = await email(page).boundingBox();
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(
          Math.abs((after?.[key] ?? NaN) - (before?.[key] ?? NaN)),
          `${key} at ${width} px`,
        ).toBeLessThanOrEqual(1);
      expect(await email(page).evaluate((field) => getComputedStyle(field).backgroundColor)).toBe(colours);
      await page.unrouteAll({ behavior: 'wait' });
      if (theme === 'dark') await pageWithTheme(page, theme);
    }
  });

test('the frame stays hidden, its place kept, while the page’s stylesheet holds its guard; then it shows, or gives way to the signed-in state', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // An inline script waits for the stylesheets before it: the guard cannot run while demo.css loads.
  await page.route('**/demo.css', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login.html', { waitUntil: 'commit' });
  await expect(email(page)).toHaveCount(1);
  await expect(email(page)).toBeHidden();
  expect(await email(page).evaluate((field) => field.getBoundingClientRect().height)).toBeGreaterThan(0);
  release();
  await expect(email(page)).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  const again = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/demo.css', async (route) => {
    await again;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(email(page)).toHaveCount(1);
  await expect(email(page)).toBeHidden();
  release();
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
});

test('a returning signed-in visitor never sees the frame’s form; the signed-in state comes as before', async ({
  page,
}) => {
  await page.goto('/login.html');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(box(page)).toHaveCount(1);
  await expect(email(page)).toHaveCount(0);
  // Watched every frame until the signed-in state: the form is never drawn.
  await page.evaluate(() => {
    const check = () => {
      const root = document.querySelector('auth-login-box')?.shadowRoot;
      if (root?.querySelector('[part~="email-input"]'))
        (window as unknown as { formShown: boolean }).formShown = true;
      else if (!root?.querySelector('[part~="signed-in-user"]')) requestAnimationFrame(check);
    };
    check();
  });
  release();
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  expect(await page.evaluate(() => (window as unknown as { formShown?: boolean }).formShown)).toBeUndefined();
});

test('axe finds no violations on the first frame, before any script', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login.html', { waitUntil: 'commit' });
  await expect(email(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await defined(page)).toBe(false);
  release();
});
