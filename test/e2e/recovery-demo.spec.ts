// The same flows in demo mode: no server. The demo "sends" its emails to an outbox kept with the demo
// data in localStorage (and prints them to the console); the test reads the link from there.
import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { seedDemoDatabase } from '../../core/demo/data';
import { box, expectSignedInAs, newUser, partOf, signIn } from './helpers';

const DEMO_KEY = 'auth-elements.demo.v1';

/** The plain static host has no /account/* pages: answer them with the demo page, as a host app would. */
async function serveAccountRoutes(page: Page) {
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
}

async function demoLink(page: Page, to: string): Promise<string> {
  const text = await page.evaluate(
    ([key, email]) => {
      const db = JSON.parse(localStorage.getItem(key!) ?? '{}') as {
        outbox?: Array<{ to: string; text: string }>;
      };
      return db.outbox?.find((m) => m.to === email)?.text ?? '';
    },
    [DEMO_KEY, to],
  );
  const match = text.match(/https?:\/\/\S+/);
  expect(match, `a demo email to ${to}`).toBeTruthy();
  return match![0];
}

test('demo mode: forgot password, emailed link, new password, sign in, with no API request', async ({
  page,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) apiRequests.push(r.url());
  });
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await serveAccountRoutes(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const login = box(page);
  await partOf(login, 'email-input').fill('demo@auth-elements.dev');
  await partOf(login, 'submit-button').click();
  await partOf(login, 'forgot-password-link').click();
  // The reset screen is a chunk of its own: its button, not the sign-in form's, sends the link.
  await expect(login.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toContainText('If an account exists for demo@auth-elements.dev');
  const link = await demoLink(page, 'demo@auth-elements.dev');
  expect(logged.some((line) => line.includes(link))).toBe(true);

  await page.goto(link);
  await partOf(login, 'password-input').fill('demo-password-2');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with your new password.',
  );
  await partOf(login, 'sign-in-link').click();
  await signIn(page, 'demo@auth-elements.dev', 'demo-password-2');
  // Signed in on the login route: the box goes to the authenticated URL (spec 000 §4).
  await expect(page).toHaveURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, 'Demo Admin (demo@auth-elements.dev)');
  expect(apiRequests).toEqual([]);
});

test('demo mode: sign-up with activation required, activation link, signed in', async ({ page }) => {
  await serveAccountRoutes(page);
  const seeded = JSON.stringify({ ...seedDemoDatabase(), settings: { signUpRequiresActivation: true } });
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [DEMO_KEY, seeded],
  );
  const user = newUser();
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const login = box(page);
  await partOf(login, 'sign-up-link').click();
  await partOf(login, 'name-input').fill(user.name);
  await partOf(login, 'email-input').fill(user.email);
  await partOf(login, 'password-input').fill(user.password);
  await partOf(login, 'submit-button').click();
  await expect(
    login.getByText('Check your email for a link to activate your account, then sign in.'),
  ).toBeVisible();
  const link = await demoLink(page, user.email);
  await page.route(`${STATIC_ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Home</title><p>Home</p>' }),
  );
  await page.goto(link);
  await expect(login.getByRole('status')).toHaveText('Your account is active. Taking you in…');
  await page.waitForURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, `${user.name} (${user.email})`);
});
