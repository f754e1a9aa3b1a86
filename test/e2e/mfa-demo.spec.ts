// MFA in demo mode: no server. TOTP is real (otplib in the page), SMS codes go to the demo outbox in
// localStorage; the test computes TOTP codes from the secret shown and reads SMS codes from there.
// Authenticator-app enrolment and sign-in run on both backends in mfa.spec.ts; these flows set up
// differently on the server (its seeded MFA policies, passkeys on localhost) and are still apart.
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

// WebAuthn and passkeys in demo mode: Chromium's virtual authenticator (DevTools WebAuthn domain)
// signs real assertions; the demo backend in the page checks them with WebCrypto. The page is on
// localhost (an IP address cannot be a WebAuthn rp id); nothing may leave that origin.
const LOCAL_DEMO = `http://localhost:${new URL(STATIC_ORIGIN).port}`;
const FAILED = 'The passkey or security key could not be verified. Try again.';

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function openDemo(page: Page, settings: Record<string, unknown>) {
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(`${LOCAL_DEMO}/`)) offOrigin.push(r.url());
  });
  const seeded = JSON.stringify({ ...seedDemoDatabase(), settings });
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [DEMO_KEY, seeded],
  );
  await page.goto(`${LOCAL_DEMO}/demo.html`);
  return offOrigin;
}

/** Swaps a stored credential's public key in the demo data (a key that did not sign), returning the original. */
async function swapPasskeyKey(page: Page, publicKey: string | null): Promise<string> {
  return page.evaluate(
    async ([key, replacement]) => {
      const db = JSON.parse(localStorage.getItem(key!)!) as {
        mfa: { devices: Array<{ passkey?: boolean; publicKey?: string }> };
      };
      const device = db.mfa.devices.find((d) => d.passkey)!;
      const original = device.publicKey!;
      let next = replacement;
      if (!next) {
        const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
          'sign',
          'verify',
        ]);
        const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
        next = btoa(String.fromCharCode(...spki))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      }
      device.publicKey = next;
      localStorage.setItem(key!, JSON.stringify(db));
      return original;
    },
    [DEMO_KEY, publicKey],
  );
}

test(
  'demo mode: passkey from the prompt, passkey sign-in (a wrong key refused); no request leaves the page',
  { tag: '@static' },
  async ({ page }) => {
    test.setTimeout(60_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const offOrigin = await openDemo(page, { flags: { 'show-passkeys-new': true } });
    const login = box(page);
    await expect(partOf(login, 'passkey-sign-in-button')).toBeVisible();
    await signIn(page, DEMO.email, DEMO.password);
    await expect(login.getByRole('heading', { name: 'Sign in faster with a passkey' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await partOf(login, 'create-passkey-button').click();
    await expect(login.getByRole('status')).toHaveText(
      'Your passkey is ready. Next time, choose “Sign in with a passkey”.',
    );
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await partOf(login, 'continue-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();

    // The demo stored the credential's SPKI key; an assertion checked against another key is refused.
    await partOf(login, 'sign-out-button').click();
    const original = await swapPasskeyKey(page, null);
    await partOf(login, 'passkey-sign-in-button').click();
    await expect(login.getByRole('alert')).toHaveText(FAILED);
    expect(await axeViolations(page)).toEqual([]);
    await swapPasskeyKey(page, original);
    await partOf(login, 'passkey-sign-in-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    const counter = await page.evaluate(
      (key) =>
        (
          JSON.parse(localStorage.getItem(key)!) as {
            mfa: { devices: Array<{ passkey?: boolean; signCount?: number; lastUsedAt?: string }> };
          }
        ).mfa.devices.find((d) => d.passkey),
      DEMO_KEY,
    );
    expect(counter?.lastUsedAt).toBeTruthy();

    // A passkey exists now: no prompt after a password sign-in.
    await partOf(login, 'sign-out-button').click();
    await page.evaluate(() => {
      localStorage.removeItem('auth-elements.preferred-login-method');
    });
    await signIn(page, DEMO.email, DEMO.password);
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    expect(offOrigin).toEqual([]);
  },
);

test(
  'demo mode: WebAuthn second factor in forced enrolment and at sign-in; no request leaves the page',
  { tag: '@static' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await virtualAuthenticator(page);
    const offOrigin = await openDemo(page, { mfaEnforced: true });
    const login = box(page);
    await signIn(page, DEMO.email, DEMO.password);
    await expect(login.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await login.getByRole('button', { name: 'This device (fingerprint, face or screen lock)' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await partOf(login, 'webauthn-button').click();
    await expect(login.getByRole('heading', { name: 'Save your recovery code' })).toBeVisible();
    await partOf(login, 'continue-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();

    await partOf(login, 'sign-out-button').click();
    await signIn(page, DEMO.email, DEMO.password);
    await login.getByRole('button', { name: 'Passkey on this device' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await partOf(login, 'webauthn-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    expect(offOrigin).toEqual([]);
  },
);

test(
  'demo mode: a security key added from the privacy page is then asked at sign-in, and removed with its own assertion; no request leaves the page',
  { tag: '@static' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await virtualAuthenticator(page);
    const offOrigin = await openDemo(page, {});
    const login = box(page);
    await signIn(page, DEMO.email, DEMO.password);
    await expect(partOf(login, 'signed-in-user')).toBeVisible();
    const portal = page.locator('auth-admin-portal');
    await page.goto(`${LOCAL_DEMO}/demo.html#/portal/privacy`);
    await partOf(portal, 'add-platform').click();
    await expect(partOf(portal, 'recovery-code').first()).toHaveText(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(await axeViolations(page)).toEqual([]);
    await partOf(portal, 'done-button').click();
    await expect(partOf(portal, 'mfa-device')).toHaveCount(1);
    await expect(partOf(portal, 'mfa-device')).toContainText('Built-in fingerprint, face or screen lock');

    await partOf(login, 'sign-out-button').click();
    await signIn(page, DEMO.email, DEMO.password);
    await login.getByRole('button', { name: 'Passkey on this device' }).click();
    await partOf(login, 'webauthn-button').click();
    await expect(partOf(login, 'signed-in-user')).toBeVisible();

    // Removing it asks the device itself (a fresh assertion), then it is gone.
    await page.goto(`${LOCAL_DEMO}/demo.html#/portal/privacy`);
    await portal.getByRole('button', { name: 'Remove Built-in fingerprint, face or screen lock' }).click();
    const remove = portal.getByRole('dialog', { name: 'Remove this verification method?' });
    await expect(remove).toContainText('your browser asks for this security key or device');
    await partOf(remove, 'confirm-button').click();
    await expect(partOf(portal, 'mfa-off')).toBeVisible();
    expect(offOrigin).toEqual([]);
  },
);
