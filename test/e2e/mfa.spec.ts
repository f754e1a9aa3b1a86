// MFA and passkeys in real Chromium: TOTP computed here from the secret the screen shows, SMS and
// email codes read from the outbox (the server's development outbox, the demo's in localStorage),
// recovery codes, remember-device, passkeys with Chromium's virtual authenticator (DevTools WebAuthn
// domain; demo mode checks its assertions with WebCrypto in the page). Each flow runs on both
// backends (test/e2e/backends.ts); after them, the checks only the real server has.
import { type Page } from '@playwright/test';
import { BACKENDS, expect, test, type Backend } from './backends';
import { generate } from 'otplib';
import { axeViolations, box, expectSignedInAs, partOf, signIn } from './helpers';
import { forcedUser, MFA_PASSWORD, promptUser } from './fixtures/mfa';

/** A TOTP code for a later 30-second step than `now`, so it is never a replay of the previous one. */
const totpAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function signOut(target: Page | Backend) {
  const page = 'page' in target ? target.page : target;
  await page.goto('loginPage' in target ? target.loginPage : '/login.html');
  await partOf(box(page), 'sign-out-button').click();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
}

/**
 * Someone whose account forces MFA enrolment: a seeded member of the server's "MFA Forced Co"
 * (test/e2e/fixtures/mfa.ts, one per test); in demo mode the admin (or the member), with enrolment
 * forced for all.
 */
async function forcedPerson(backend: Backend, n: number, inDemo: 'admin' | 'member' = 'admin') {
  if (backend.name === 'server') return { email: forcedUser(n), password: MFA_PASSWORD, name: `Forced ${n}` };
  await backend.configure({ mfaEnforced: true });
  return backend[inDemo];
}

/**
 * Someone who is offered the passkey prompt after a password sign-in: a seeded member of the
 * server's account with the show-passkeys-new flag on (one per test); in demo mode the admin, with
 * the flag switched on.
 */
async function promptPerson(backend: Backend, n: number) {
  if (backend.name === 'server') return { email: promptUser(n), password: MFA_PASSWORD, name: `Prompt ${n}` };
  await backend.configure({ flags: { 'show-passkeys-new': true } });
  return backend.admin;
}

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
/**
 * The page on localhost at the backend's port: an IP address cannot be a WebAuthn relying party id.
 * Returns that origin and every request that leaves it (neither backend's page sends one).
 */
function onLocalhost(backend: Backend) {
  const base = `http://localhost:${new URL(backend.origin).port}`;
  const offOrigin: string[] = [];
  backend.page.on('request', (r) => {
    if (!r.url().startsWith(`${base}/`) && !r.url().startsWith('data:')) offOrigin.push(r.url());
  });
  return { base, offOrigin };
}

const DEMO_KEY = 'auth-elements.demo.v6';
const FAILED = 'The passkey or security key could not be verified. Try again.';

/** Swaps the stored passkey's public key in the demo's data (a key that did not sign), returning the original. */
async function swapDemoPasskeyKey(page: Page, publicKey: string | null): Promise<string> {
  return page.evaluate(
    async ([key, replacement]) => {
      // The demo's rows of the mfa_devices table (core/domain/mfa-store.ts).
      const db = JSON.parse(localStorage.getItem(key!)!) as {
        tables: { mfa_devices: Array<{ passkey: boolean; publicKey: string | null }> };
      };
      const device = db.tables.mfa_devices.find((d) => d.passkey)!;
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

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('forced enrolment with an authenticator app, recovery code shown once, then sign-in with a TOTP code; wrong and replayed codes refused; recovery-code sign-in', async ({
      page,
      backend,
    }) => {
      test.setTimeout(90_000);
      const { email, password } = await forcedPerson(backend, 1);
      await backend.open(backend.loginPage);
      const login = box(page);
      await signIn(page, email, password);
      await expect(login.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await login.getByRole('button', { name: 'Authenticator app' }).click();
      await expect(partOf(login, 'qr-code')).toBeVisible();
      const secret = (await partOf(login, 'totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await axeViolations(page)).toEqual([]);

      await partOf(login, 'code-input').fill('12');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('Enter the 6-digit code.');
      await partOf(login, 'code-input').fill((await totpAt(secret, 0)) === '000000' ? '111111' : '000000');
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('That code is not correct. Check it and try again.');
      await partOf(login, 'code-input').fill(await totpAt(secret, 0));
      await partOf(login, 'submit-button').click();

      await expect(login.getByRole('heading', { name: 'Save your recovery code' })).toBeVisible();
      await expect(partOf(login, 'recovery-code')).toHaveCount(10);
      const recoveryCode = (await partOf(login, 'recovery-code').first().textContent())!.trim();
      expect(recoveryCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await partOf(login, 'copy-button').click();
      await expect(partOf(login, 'copy-button')).toHaveText('Copied');
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'continue-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);

      // Sign-in: one authenticator, so straight to the code; the next step's code works once.
      await signIn(page, email, password);
      await expect(login.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await expect(login.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      const code = await totpAt(secret, 1);
      await partOf(login, 'code-input').fill(code);
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);

      await signIn(page, email, password);
      await partOf(login, 'code-input').fill(code);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('That code is not correct. Check it and try again.');
      await expect(partOf(login, 'code-input')).toHaveValue(code);

      // Recovery code: signs in and is used up; the other nine of the set still work (no new set yet).
      await partOf(login, 'recover-link').click();
      await expect(login.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'recovery-code-input').fill(recoveryCode.toLowerCase());
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);
      await signIn(page, email, password);
      await partOf(login, 'recover-link').click();
      await partOf(login, 'recovery-code-input').fill(recoveryCode);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('That recovery code is not correct.');
      expect(backend.leftOrigin).toEqual([]);
    });

    test('SMS enrolment and sign-in by outbox code, remember this device, and email codes', async ({
      page,
      backend,
    }) => {
      test.setTimeout(90_000);
      const person = await forcedPerson(backend, 2);
      const other = await forcedPerson(backend, 3, 'member');
      // How long a device is remembered is the account's MFA policy: 7 days in the server's "MFA
      // Forced Co" (test/e2e/fixtures/mfa.ts), the default 14 in the demo's seed.
      const remember = `Remember this device for ${backend.name === 'server' ? 7 : 14} days`;
      const phone = '+4915112340002';
      await backend.open(backend.loginPage);
      const login = box(page);
      await signIn(page, person.email, person.password);
      await login.getByRole('button', { name: 'Text message (SMS)' }).click();
      await partOf(login, 'phone-input').fill('0151 1234');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText(
        'Enter a phone number in international format, like +14155550123.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'phone-input').fill(phone);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('status').first()).toHaveText(`We sent a 6-digit code to ${phone}.`);
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'code-input').fill(await backend.code(phone));
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('heading', { name: 'Save your recovery code' })).toBeVisible();
      await partOf(login, 'continue-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);

      // One phone: straight to the SMS code; "remember this device" for the policy's days.
      await signIn(page, person.email, person.password);
      await expect(login.getByRole('status').first()).toHaveText('We sent a 6-digit code to +•••••••••0002.');
      await expect(login.getByText(remember)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'code-input').fill(await backend.code(phone));
      await login.getByLabel(remember).check();
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);
      await signIn(page, person.email, person.password);
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, `${person.name} (${person.email})`);

      // Email code, forced enrolment of another user.
      await signOut(backend);
      await page.context().clearCookies();
      await signIn(page, other.email, other.password);
      await login.getByRole('button', { name: 'Email code' }).click();
      await expect(login.getByRole('status').first()).toHaveText(
        'We sent a 6-digit code to your email address.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'code-input').fill('999999');
      await partOf(login, 'submit-button').click();
      const sent = await backend.code(other.email);
      if (sent !== '999999')
        await expect(login.getByRole('alert')).toHaveText(
          'That code is not correct. Check it and try again.',
        );
      await partOf(login, 'code-input').fill(sent);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('heading', { name: 'Save your recovery code' })).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('a phone added from the privacy page beside an authenticator app, then sign-in by SMS with remember-device', async ({
      page,
      backend,
    }) => {
      // Authenticator-app enrolment, TOTP and recovery-code sign-in are the first test's; here the
      // app is only the first method, so that sign-in offers a choice.
      test.setTimeout(90_000);
      const { email, password } = await forcedPerson(backend, 5);
      const remember = `Remember this device for ${backend.name === 'server' ? 7 : 14} days`;
      await backend.open(backend.loginPage);
      const login = box(page);
      await signIn(page, email, password);
      await login.getByRole('button', { name: 'Authenticator app' }).click();
      const secret = (await partOf(login, 'totp-secret').textContent())!.trim();
      await partOf(login, 'code-input').fill(await totpAt(secret, 0));
      await partOf(login, 'submit-button').click();
      await partOf(login, 'continue-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();

      // A phone from the portal's privacy page, then sign-in by SMS with "remember this device".
      const portal = page.locator('auth-admin-portal');
      await page.goto(`${backend.portalPage}#/portal/privacy`);
      await partOf(portal, 'add-phone').click();
      const phone = '+14155550199';
      const dialog = portal.getByRole('dialog', { name: 'Add a phone' });
      await partOf(dialog, 'phone-input').fill(phone);
      await partOf(dialog, 'submit-button').click();
      await expect(dialog.getByRole('status')).toBeVisible();
      await partOf(dialog, 'code-input').fill(await backend.code(phone));
      await partOf(dialog, 'submit-button').click();
      await expect(partOf(portal, 'mfa-device')).toHaveCount(2);
      expect(await axeViolations(page)).toEqual([]);

      await signOut(backend);
      await signIn(page, email, password);
      await login.getByRole('button', { name: /Text message to/ }).click();
      await expect(login.getByRole('status').first()).toHaveText('We sent a 6-digit code to +•••••••0199.');
      await partOf(login, 'code-input').fill(await backend.code(phone));
      await login.getByLabel(remember).check();
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      await signOut(backend);
      await signIn(page, email, password);
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('passkeys: the prompt after sign-in, registration with the virtual authenticator, passkey sign-in (in demo mode a wrong key refused); prompt not shown again', async ({
      page,
      backend,
    }) => {
      test.setTimeout(60_000);
      const person = await promptPerson(backend, 1);
      const { base, offOrigin } = onLocalhost(backend);
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      await backend.open(`${base}${backend.loginPage}`);
      const login = box(page);
      await expect(partOf(login, 'passkey-sign-in-button')).toBeVisible();
      await signIn(page, person.email, person.password);
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

      await page.goto(`${base}${backend.loginPage}`);
      await partOf(login, 'sign-out-button').click();
      if (backend.name === 'demo') {
        // Demo mode keeps the credential's SPKI key in the page's storage, where the test can swap
        // it (the server's is in its database): an assertion checked against another key is refused.
        const original = await swapDemoPasskeyKey(page, null);
        await partOf(login, 'passkey-sign-in-button').click();
        await expect(login.getByRole('alert')).toHaveText(FAILED);
        expect(await axeViolations(page)).toEqual([]);
        await swapDemoPasskeyKey(page, original);
      }
      await partOf(login, 'passkey-sign-in-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      if (backend.name === 'demo') {
        const stored = await page.evaluate(
          (key) =>
            (
              JSON.parse(localStorage.getItem(key)!) as {
                tables: { mfa_devices: Array<{ passkey: boolean; lastUsedAt: string | null }> };
              }
            ).tables.mfa_devices.find((d) => d.passkey),
          DEMO_KEY,
        );
        expect(stored?.lastUsedAt).toBeTruthy();
      }
      await page.goto(`${base}${backend.loginPage}`);
      await expectSignedInAs(page, `${person.name} (${person.email})`);

      // The same user with a password again, the preferred method forgotten: a passkey exists, so no
      // prompt. Demo mode's data lives in localStorage, so only the preferred method is removed there.
      await partOf(login, 'sign-out-button').click();
      if (backend.name === 'server') await page.evaluate(() => localStorage.clear());
      else await page.evaluate(() => localStorage.removeItem('auth-elements.preferred-login-method'));
      await signIn(page, person.email, person.password);
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      expect(offOrigin).toEqual([]);
    });

    test('WebAuthn as a second factor: forced enrolment with this device (on the server a response for another challenge is refused first, nothing enrolled), then sign-in with it', async ({
      page,
      backend,
    }) => {
      test.setTimeout(60_000);
      const { email, password } = await forcedPerson(backend, 4);
      const { base, offOrigin } = onLocalhost(backend);
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      await backend.open(`${base}${backend.loginPage}`);
      const login = box(page);
      await signIn(page, email, password);
      await expect(login.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
      await login.getByRole('button', { name: 'This device (fingerprint, face or screen lock)' }).click();
      expect(await axeViolations(page)).toEqual([]);

      if (backend.name === 'server') {
        // Swap the webauthnToken for the one of a second, newer challenge: the signed response does
        // not match it. Demo mode's backend runs in the page: there is no request to intercept.
        let swapped = false;
        await page.route('**/user/mfa/webauthn/enroll/verify', async (route) => {
          const body = route.request().postDataJSON() as { mfaToken: string; webauthnToken: string };
          const other = await page.request.post(
            `${base}/frontegg/identity/resources/auth/v1/user/mfa/webauthn/enroll`,
            { data: { mfaToken: body.mfaToken, deviceType: 'platform' }, headers: { origin: base } },
          );
          swapped = true;
          await route.continue({
            postData: JSON.stringify({ ...body, webauthnToken: (await other.json()).webauthnToken }),
          });
        });
        await partOf(login, 'webauthn-button').click();
        await expect(login.getByRole('alert')).toHaveText(FAILED);
        expect(swapped).toBe(true);
        await page.unroute('**/user/mfa/webauthn/enroll/verify');
        // The authenticator made a credential, but the server kept nothing: enrolment starts again cleanly.
        await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      }
      await partOf(login, 'webauthn-button').click();
      await expect(login.getByRole('heading', { name: 'Save your recovery code' })).toBeVisible();
      await partOf(login, 'continue-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();

      // Next sign-in: the one WebAuthn device is listed; the ceremony signs in.
      await partOf(login, 'sign-out-button').click();
      await signIn(page, email, password);
      await login.getByRole('button', { name: 'Passkey on this device' }).click();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'webauthn-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      expect(offOrigin).toEqual([]);
    });

    test('a security key added from the privacy page is then asked at sign-in, and removed with its own assertion', async ({
      page,
      backend,
    }) => {
      test.setTimeout(60_000);
      const { email, password } = await backend.account();
      const { base, offOrigin } = onLocalhost(backend);
      await virtualAuthenticator(page);
      await backend.open(`${base}${backend.loginPage}`);
      const login = box(page);
      await signIn(page, email, password);
      await expect(partOf(login, 'signed-in-user')).toBeVisible();
      const portal = page.locator('auth-admin-portal');
      await page.goto(`${base}${backend.portalPage}#/portal/privacy`);
      await partOf(portal, 'add-platform').click();
      await expect(partOf(portal, 'recovery-code').first()).toHaveText(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      expect(await axeViolations(page)).toEqual([]);
      await partOf(portal, 'done-button').click();
      await expect(partOf(portal, 'mfa-device')).toHaveCount(1);
      await expect(partOf(portal, 'mfa-device')).toContainText('Built-in fingerprint, face or screen lock');

      await page.goto(`${base}${backend.loginPage}`);
      await partOf(login, 'sign-out-button').click();
      await signIn(page, email, password);
      await login.getByRole('button', { name: 'Passkey on this device' }).click();
      await partOf(login, 'webauthn-button').click();
      await expect(partOf(login, 'signed-in-user')).toBeVisible();

      // Removing it asks the device itself (a fresh assertion), then it is gone.
      await page.goto(`${base}${backend.portalPage}#/portal/privacy`);
      await portal.getByRole('button', { name: 'Remove Built-in fingerprint, face or screen lock' }).click();
      const remove = portal.getByRole('dialog', { name: 'Remove this verification method?' });
      await expect(remove).toContainText('your browser asks for this security key or device');
      await partOf(remove, 'confirm-button').click();
      await expect(partOf(portal, 'mfa-off')).toBeVisible();
      expect(offOrigin).toEqual([]);
    });
  });
}

// Server only from here: the seeded MFA policies and accounts (test/e2e/fixtures/mfa.ts), the API's
// mfaToken and the relying party's checks.
test('a forged or expired mfaToken is refused with a clear message', async ({ request }) => {
  const forged = await request.post('/frontegg/identity/resources/auth/v1/user/mfa/verify', {
    data: { mfaToken: 'x'.repeat(43), value: '123456' },
  });
  expect(forged.status()).toBe(401);
  expect((await forged.json()).errors).toEqual(['Your sign-in attempt has expired. Sign in again.']);
});

test('passkey prompt: "Don\'t show again" remembered; preferred method Passkeys and a user without the flag see no prompt', async ({
  page,
}) => {
  await page.goto('/login.html');
  const login = box(page);
  await signIn(page, promptUser(2), MFA_PASSWORD);
  await expect(login.getByRole('heading', { name: 'Sign in faster with a passkey' })).toBeVisible();
  await partOf(login, 'dont-show-again-link').click();
  await expect(partOf(login, 'signed-in-user')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth-elements.passkeys-dont-show-again'))).toBe(
    'true',
  );
  await signOut(page);
  await signIn(page, promptUser(2), MFA_PASSWORD);
  await expect(partOf(login, 'signed-in-user')).toBeVisible();

  // "Not now" shows it again next time; the stored preferred method Passkeys hides it.
  await signOut(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, promptUser(3), MFA_PASSWORD);
  await partOf(login, 'not-now-link').click();
  await expect(partOf(login, 'signed-in-user')).toBeVisible();
  await signOut(page);
  await signIn(page, promptUser(3), MFA_PASSWORD);
  await expect(login.getByRole('heading', { name: 'Sign in faster with a passkey' })).toBeVisible();
  await partOf(login, 'not-now-link').click();
  await signOut(page);
  await page.evaluate(() => localStorage.setItem('auth-elements.preferred-login-method', 'Passkeys'));
  await signIn(page, promptUser(3), MFA_PASSWORD);
  await expect(partOf(login, 'signed-in-user')).toBeVisible();

  // The flag is off for the seeded admin's account: no prompt.
  await signOut(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expect(partOf(login, 'signed-in-user')).toBeVisible();
});

test('a relying party that does not fit the page: the user is told the address is not set up, the integrator why (once, in the console)', async ({
  page,
}) => {
  // This server's relying party is "localhost"; the page runs at 127.0.0.1, which cannot be one.
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('passkey prompt')) warnings.push(m.text());
  });
  await virtualAuthenticator(page);
  await page.goto('/portal.html#/portal/privacy');
  await signIn(page, promptUser(5), MFA_PASSWORD);
  await partOf(box(page), 'not-now-link').click();
  const section = partOf(page.locator('auth-admin-portal'), 'passkeys');
  await partOf(section, 'add-passkey-platform').click();
  await expect(section.getByRole('alert')).toHaveText(
    'Passkeys and security keys are not set up for this web address. Choose another method, or tell the site’s administrator.',
  );
  await partOf(section, 'add-passkey-cross-platform').click();
  await expect(partOf(section, 'add-passkey-cross-platform')).toBeEnabled();
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('127.0.0.1 is an invalid domain');
  expect(warnings[0]).toContain('WEBAUTHN_RP_ID');
});

test('privacy page: the passkeys list, a passkey added with the virtual authenticator and removed after a confirmation', async ({
  page,
}) => {
  const origin = new URL(test.info().project.use.baseURL!);
  const base = `http://localhost:${origin.port}`;
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto(`${base}/portal.html#/portal/privacy`);
  await signIn(page, promptUser(4), MFA_PASSWORD);
  const login = box(page);
  // The prompt after sign-in (this account has the flag on): not now, the privacy page does it.
  await partOf(login, 'not-now-link').click();
  const portal = page.locator('auth-admin-portal');
  const section = partOf(portal, 'passkeys');
  await expect(section.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await partOf(section, 'add-passkey-platform').click();
  await expect(section.getByRole('status')).toHaveText('Your passkey was added.');
  await expect(partOf(section, 'passkey')).toHaveCount(1);
  await expect(partOf(section, 'passkey')).toContainText('Passkey on this device');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);

  // Removed on the server after the confirmation: the list is empty, and a passkey sign-in is refused.
  await partOf(section, 'remove-passkey').click();
  const dialog = portal.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await page.goto(`${base}/login.html`);
  await partOf(login, 'sign-out-button').click();
  await partOf(login, 'passkey-sign-in-button').click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(partOf(login, 'signed-in-user')).toHaveCount(0);
});
