// The passwordless, reset-phone-number, breached-password and rate-limit flows in demo mode: no
// server. The demo keeps its "sent" emails and SMS in an outbox in localStorage; codes and links are
// read from there. Demo settings (sign-in method, flags) are switched in the same stored data.
import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { seedDemoDatabase, type DemoDatabase } from '../../core/demo/data';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';

const DEMO_KEY = 'auth-elements.demo.v1';
const ADMIN = 'demo@auth-elements.dev';

/** Opens demo.html with fresh demo data changed by `edit`, and records any request off the static host. */
async function openDemo(page: Page, edit: (db: DemoDatabase) => void): Promise<string[]> {
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) apiRequests.push(r.url());
  });
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const db = seedDemoDatabase();
  edit(db);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [DEMO_KEY, JSON.stringify(db)]);
  await page.reload();
  return apiRequests;
}

async function demoMessage(page: Page, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await page.evaluate(
          ([key, recipient]) => {
            const db = JSON.parse(localStorage.getItem(key!) ?? '{}') as DemoDatabase;
            return db.outbox?.find((m) => m.to === recipient)?.text ?? '';
          },
          [DEMO_KEY, to],
        );
        return text;
      },
      { message: `a demo message to ${to}` },
    )
    .not.toBe('');
  return text;
}
const codeIn = (text: string) => text.match(/\b\d{6}\b/)![0];

async function submitEmail(page: Page, email = ADMIN) {
  await partOf(box(page), 'email-input').fill(email);
  await partOf(box(page), 'submit-button').click();
}

test('demo mode: email code, with a wrong code first, signs in with no API request', async ({ page }) => {
  const apiRequests = await openDemo(page, (db) => {
    db.settings = { authStrategy: 'Code' };
  });
  const login = box(page);
  await submitEmail(page);
  await expect(login.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const code = codeIn(await demoMessage(page, ADMIN));
  await partOf(login, 'code-input').fill(code === '000000' ? '111111' : '000000');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toHaveText('The code is incorrect. Check it and try again.');
  await partOf(login, 'code-input').fill(code);
  await partOf(login, 'submit-button').click();
  await expectSignedInAs(page, `Demo Admin (${ADMIN})`);
  expect(apiRequests).toEqual([]);
});

test('demo mode: magic link signs in once; used again it is refused', async ({ page }) => {
  await openDemo(page, (db) => {
    db.settings = { authStrategy: 'MagicLink' };
  });
  const login = box(page);
  await submitEmail(page);
  await expect(login.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = (await demoMessage(page, ADMIN)).match(/https?:\/\/\S+/)![0];
  expect(new URL(link).pathname).toBe('/account/login/magic-link');
  await page.route(`${STATIC_ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Home</title><p>Home</p>' }),
  );
  await page.goto(link);
  await page.waitForURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, `Demo Admin (${ADMIN})`);
  await partOf(login, 'sign-out-button').click();
  await page.goto(link);
  await expect(login.getByRole('alert')).toHaveText(
    'This sign-in link is invalid or has expired. Ask for a new one.',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('demo mode: SMS code without a phone goes through reset phone number, then the texted code signs in', async ({
  page,
}) => {
  await openDemo(page, (db) => {
    db.settings = { authStrategy: 'SmsCode' };
  });
  const login = box(page);
  await submitEmail(page);
  await expect(login.getByRole('heading', { name: 'Change your phone number' })).toBeVisible();
  await partOf(login, 'code-input').fill(codeIn(await demoMessage(page, ADMIN)));
  await partOf(login, 'submit-button').click();
  await partOf(login, 'phone-input').fill('+44 20 7946 0958');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText('We sent a 6-digit code to the phone of +••••••••••58.');
  await expect(page).toHaveURL(`${STATIC_ORIGIN}/account/login`);
  await page.route(`${STATIC_ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Home</title><p>Home</p>' }),
  );
  await partOf(login, 'code-input').fill(codeIn(await demoMessage(page, '+442079460958')));
  await partOf(login, 'submit-button').click();
  // Signed in on the login route: the box goes to the authenticated URL.
  await page.waitForURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, `Demo Admin (${ADMIN})`);
});

test('demo mode: a breached password with the flag on shows breachedPassword, then breachedPasswordSuccess', async ({
  page,
}) => {
  await openDemo(page, (db) => {
    db.settings = { flags: { 'security-center-show-login-flows': true } };
    db.users[0]!.password = 'password1';
  });
  const login = box(page);
  await submitEmail(page);
  await partOf(login, 'password-input').fill('password1');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText(`We sent a link to ${ADMIN}.`);
  expect(await demoMessage(page, ADMIN)).toContain('/account/reset-password');
});

test('demo mode: ten wrong passwords, then the rate-limit message even for the right password', async ({
  page,
}) => {
  await openDemo(page, () => {});
  const login = box(page);
  await submitEmail(page);
  for (let i = 0; i < 10; i += 1) {
    await partOf(login, 'password-input').fill(`wrong-${i}`);
    await partOf(login, 'submit-button').click();
    await expect(login.getByRole('alert')).toHaveText('Incorrect email or password');
    await expect(partOf(login, 'submit-button')).toBeEnabled();
  }
  await partOf(login, 'password-input').fill('demo-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toHaveText('Too many failed attempts. Try again in 15 minutes.');
  await expect(partOf(login, 'password-input')).toHaveValue('demo-password');
});
