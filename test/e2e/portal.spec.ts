import { expect, test } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, expectSignedInAs, latestMessage, newUser, partOf, signIn, signUp } from './helpers';

const portal = (page: import('@playwright/test').Page) => page.locator('auth-admin-portal');

test('portal: a deep link opens the profile; saving it updates the login box through the shared store and survives a reload', async ({
  page,
}) => {
  const user = newUser();
  await page.goto('/portal.html#/portal/profile');
  await signUp(page, user);
  await expectSignedInAs(page, `${user.name} (${user.email})`);

  await expect(portal(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await expect(partOf(portal(page), 'profile-email')).toHaveValue(user.email);
  await portal(page).getByLabel('Name').fill('Grace Hopper');
  await portal(page).getByLabel('Phone number').fill('+1 555 0100');
  await portal(page).getByLabel('Job title').fill('Rear Admiral');
  await partOf(portal(page), 'submit-button').click();
  await expect(portal(page).getByRole('status')).toHaveText('Your profile was saved.');
  await expectSignedInAs(page, `Grace Hopper (${user.email})`);
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await expect(portal(page).getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(portal(page).getByLabel('Phone number')).toHaveValue('+1 555 0100');
  await expect(portal(page).getByLabel('Job title')).toHaveValue('Rear Admiral');
});

test('portal: bad input is refused at the field, keeps what was typed, and sends nothing', async ({
  page,
}) => {
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await page.goto('/portal.html');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const name = portal(page).getByLabel('Name');
  await name.fill('');
  await portal(page).getByLabel('Phone number').fill('call me maybe');
  await partOf(portal(page), 'submit-button').click();
  await expect(name).toBeFocused();
  await expect(portal(page).getByText('Enter your name.')).toBeVisible();
  await expect(
    portal(page).getByText('Enter a phone number with digits, spaces, +, -, ( or ) only.'),
  ).toBeVisible();
  await expect(portal(page).getByLabel('Phone number')).toHaveValue('call me maybe');
  expect(puts).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test('portal in demo mode: the profile saves with no server @static', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  await portal(page).getByLabel('Job title').fill('Demo lead');
  await partOf(portal(page), 'submit-button').click();
  await expect(portal(page).getByRole('status')).toHaveText('Your profile was saved.');
  await page.reload();
  await expect(portal(page).getByLabel('Job title')).toHaveValue('Demo lead');
});

test('portal: a phone number for sign-in codes is set only with the code texted to it', async ({
  page,
  request,
}) => {
  const user = newUser();
  await page.goto('/portal.html#/portal/profile');
  await signUp(page, user);
  await expectSignedInAs(page, `${user.name} (${user.email})`);
  const phone = `+1555${String(Date.now()).slice(-7)}`;

  await partOf(portal(page), 'verified-phone-input').fill('555 0100');
  await partOf(portal(page), 'send-phone-code').click();
  await expect(portal(page).getByText('Enter a phone number with its country code')).toBeVisible();
  await partOf(portal(page), 'verified-phone-input').fill(phone);
  await partOf(portal(page), 'send-phone-code').click();
  await expect(partOf(portal(page), 'phone-code-input')).toBeFocused();
  const code = (await latestMessage(request, phone)).text.match(/\b\d{6}\b/)![0];
  await partOf(portal(page), 'phone-code-input').fill(code === '000000' ? '111111' : '000000');
  await partOf(portal(page), 'verify-phone-code').click();
  await expect(portal(page).getByText('The code is incorrect. Check it and try again.')).toBeVisible();
  await partOf(portal(page), 'phone-code-input').fill(code);
  await partOf(portal(page), 'verify-phone-code').click();
  await expect(partOf(portal(page), 'phone-verified')).toHaveText('Your phone number was confirmed.');
  await expect(portal(page).getByText(`Sign-in codes go to ${phone}.`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/** A 2×2 PNG, made here so the test needs no file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

for (const mode of ['server', 'demo'] as const)
  test(`portal (${mode}): the profile picture is uploaded, shown and kept; a file the server would refuse is refused first`, async ({
    page,
  }) => {
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/profile/me/image')) puts.push(r.url());
    });
    if (mode === 'server') {
      const user = newUser();
      await page.goto('/portal.html#/portal/profile');
      await signUp(page, user);
    } else {
      await page.goto(`${STATIC_ORIGIN}/demo.html`);
      await signIn(page, 'demo@auth-elements.dev', 'demo-password');
    }
    const section = partOf(portal(page), 'profile-picture');
    const input = partOf(portal(page), 'profile-picture-input');
    await expect(partOf(section, 'profile-picture-initials')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Upload a picture' })).toBeVisible();

    // Refused in the browser with the server's words: nothing is sent.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(section.getByRole('alert')).toHaveText('The picture must be a PNG, JPEG, WebP or GIF image');
    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1024 * 1024 + 1),
    });
    await expect(section.getByRole('alert')).toHaveText('The picture must be at most 1 MB');
    expect(puts).toEqual([]);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(section.getByRole('status')).toHaveText('Your picture was saved.');
    await expect(section.getByRole('alert')).toHaveCount(0);
    const image = section.getByRole('img', { name: 'Your profile picture' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    // Demo mode answers in the page: no request leaves it.
    expect(puts).toHaveLength(mode === 'server' ? 1 : 0);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await expect
      .poll(() =>
        section
          .getByRole('img', { name: 'Your profile picture' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(2);
  });
