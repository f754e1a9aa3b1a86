// MFA in demo mode: no server. TOTP is real (otplib in the page), SMS codes go to the demo outbox in
// localStorage; the test computes TOTP codes from the secret shown and reads SMS codes from there.
// Authenticator-app enrolment, passkeys and WebAuthn run on both backends in mfa.spec.ts; this flow
// sets up differently on the server (its seeded MFA policies) and is still apart.
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { STATIC_ORIGIN } from '../playwright.config';
import { seedDemoDatabase } from '../../core/demo/data';
import { axeViolations, box, partOf, signIn } from './helpers';

const DEMO_KEY = 'auth-elements.demo.v1';
const DEMO = { email: 'demo@auth-elements.dev', password: 'demo-password' };
const totpAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function demoCode(page: Page, to: string): Promise<string> {
  const text = await page.evaluate(
    ([key, address]) => {
      const db = JSON.parse(localStorage.getItem(key!) ?? '{}') as {
        outbox?: Array<{ to: string; text: string }>;
      };
      return db.outbox?.find((m) => m.to === address)?.text ?? '';
    },
    [DEMO_KEY, to],
  );
  return text.match(/\b\d{6}\b/)![0];
}

test(
  'demo mode: a phone added from the privacy page beside an authenticator app, then sign-in by SMS with remember-device; no API request',
  { tag: '@static' },
  async ({ page }) => {
    // Authenticator-app enrolment, TOTP and recovery-code sign-in are mfa.spec.ts's, on both backends;
    // here the app is only the first method, so that sign-in offers a choice.
    test.setTimeout(90_000);
    const apiRequests: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(STATIC_ORIGIN)) apiRequests.push(r.url());
    });
    const seeded = JSON.stringify({ ...seedDemoDatabase(), settings: { mfaEnforced: true } });
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
      },
      [DEMO_KEY, seeded],
    );
    await page.goto(`${STATIC_ORIGIN}/demo.html`);
    const login = box(page);
    await signIn(page, DEMO.email, DEMO.password);
    await login.getByRole('button', { name: 'Authenticator app' }).click();
    const secret = (await partOf(login, 'totp-secret').textContent())!.trim();
    await partOf(login, 'code-input').fill(await totpAt(secret, 0));
    await partOf(login, 'submit-button').click();
    await partOf(login, 'continue-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();

    // A phone from the portal's privacy page, then sign-in by SMS with "remember this device".
    const portal = page.locator('auth-admin-portal');
    await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/privacy`);
    await partOf(portal, 'add-phone').click();
    const phone = '+14155550199';
    const dialog = portal.getByRole('dialog', { name: 'Add a phone' });
    await partOf(dialog, 'phone-input').fill(phone);
    await partOf(dialog, 'submit-button').click();
    await expect(dialog.getByRole('status')).toBeVisible();
    await partOf(dialog, 'code-input').fill(await demoCode(page, phone));
    await partOf(dialog, 'submit-button').click();
    await expect(partOf(portal, 'mfa-device')).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);

    await partOf(login, 'sign-out-button').click();
    await signIn(page, DEMO.email, DEMO.password);
    await login.getByRole('button', { name: /Text message to/ }).click();
    await expect(login.getByRole('status').first()).toHaveText('We sent a 6-digit code to +•••••••0199.');
    await partOf(login, 'code-input').fill(await demoCode(page, phone));
    await login.getByLabel('Remember this device for 14 days').check();
    await partOf(login, 'submit-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    await partOf(login, 'sign-out-button').click();
    await signIn(page, DEMO.email, DEMO.password);
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    expect(apiRequests).toEqual([]);
  },
);
