// The admin portal's privacy page, MFA section: add an authenticator app (code computed here from the
// secret shown), a phone (code from the outbox), remove them; then sign-in asks for the second step.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations, box, latestMessage, newUser, partOf, signIn } from './helpers';

test('privacy page: add and remove an authenticator app and a phone; sign-in then asks for the code', async ({
  page,
  request,
}) => {
  const user = newUser();
  expect(
    (
      await request.post('/frontegg/identity/resources/users/v1/signUp', {
        data: { email: user.email, password: user.password, name: user.name },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/login.html');
  await signIn(page, user.email, user.password);
  await expect(partOf(box(page), 'signed-in-user')).toBeVisible();

  await page.goto('/portal.html#/portal/privacy');
  const portal = page.locator('auth-admin-portal');
  await expect(portal.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(partOf(portal, 'mfa-off')).toHaveText(
    'Two-step verification is off: nothing but your password protects this account.',
  );
  expect(await axeViolations(page)).toEqual([]);

  await partOf(portal, 'add-authenticator').click();
  const dialog = portal.getByRole('dialog', { name: 'Add an authenticator app' });
  await expect(partOf(dialog, 'qr-code')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await partOf(dialog, 'totp-secret').textContent())!.trim();
  const now = await generate({ secret });
  await partOf(dialog, 'code-input').fill(now === '000000' ? '111111' : '000000');
  await partOf(dialog, 'submit-button').click();
  await expect(dialog.getByRole('alert')).toHaveText('That code is not correct. Check it and try again.');
  await partOf(dialog, 'code-input').fill(now);
  await partOf(dialog, 'submit-button').click();
  const saved = portal.getByRole('dialog', { name: 'Save your recovery code' });
  await expect(partOf(saved, 'recovery-code')).toHaveCount(10);
  await expect(partOf(saved, 'recovery-code').first()).toHaveText(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  const recoveryCode = (await partOf(saved, 'recovery-code').first().textContent())!;
  await partOf(saved, 'done-button').click();
  await expect(partOf(portal, 'mfa-device')).toHaveCount(1);
  await expect(partOf(portal, 'mfa-device').first()).toContainText('Authenticator app');

  await partOf(portal, 'add-phone').click();
  const phoneDialog = portal.getByRole('dialog', { name: 'Add a phone' });
  const phone = `+1415555${String(Date.now() % 10000).padStart(4, '0')}`;
  await partOf(phoneDialog, 'phone-input').fill(phone);
  await partOf(phoneDialog, 'submit-button').click();
  await expect(phoneDialog.getByRole('status')).toHaveText(`We sent a 6-digit code to ${phone}.`);
  await partOf(phoneDialog, 'code-input').fill(
    (await latestMessage(request, phone)).text.match(/\b\d{6}\b/)![0],
  );
  await partOf(phoneDialog, 'submit-button').click();
  await expect(partOf(portal, 'mfa-device')).toHaveCount(2);
  // Removing the phone takes a code sent to it (two steps).
  await portal.getByRole('button', { name: `Remove Text message to ${phone}` }).click();
  const removePhone = portal.getByRole('dialog', { name: 'Remove this verification method?' });
  await expect(removePhone).toContainText('To confirm, we send a code to this phone');
  await expect(partOf(removePhone, 'confirm-button')).toHaveText('Send code');
  const enrolCode = (await latestMessage(request, phone)).text.match(/\b\d{6}\b/)![0];
  await partOf(removePhone, 'confirm-button').click();
  await expect(removePhone.getByRole('status')).toHaveText(/^We sent a 6-digit code to \+•+\d{2}\.$/);
  await expect(partOf(removePhone, 'code-input')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(removePhone, 'code-input').fill('12');
  await partOf(removePhone, 'submit-button').click();
  await expect(partOf(removePhone, 'field-error')).toHaveText('Enter the 6-digit code.');
  let removalCode = enrolCode;
  await expect
    .poll(async () => (removalCode = (await latestMessage(request, phone)).text.match(/\b\d{6}\b/)![0]))
    .not.toBe(enrolCode);
  await partOf(removePhone, 'code-input').fill(removalCode === '000000' ? '111111' : '000000');
  await partOf(removePhone, 'submit-button').click();
  await expect(removePhone.getByRole('alert')).toHaveText(
    'That code is not correct. Check it and try again.',
  );
  await partOf(removePhone, 'code-input').fill(removalCode);
  await partOf(removePhone, 'submit-button').click();
  await expect(partOf(portal, 'mfa-device')).toHaveCount(1);

  // Sign-in now asks for the authenticator code.
  await page.goto('/login.html');
  await partOf(box(page), 'sign-out-button').click();
  await signIn(page, user.email, user.password);
  await expect(box(page).getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await partOf(box(page), 'code-input').fill(
    await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
  );
  await partOf(box(page), 'submit-button').click();
  await expect(partOf(box(page), 'signed-in-user')).toBeVisible();

  // Turning the app off needs a code (or the recovery code).
  await page.goto('/portal.html#/portal/privacy');
  await portal.getByRole('button', { name: 'Remove Authenticator app' }).click();
  const remove = portal.getByRole('dialog', { name: 'Remove this verification method?' });
  expect(await axeViolations(page)).toEqual([]);
  await partOf(remove, 'proof-input').fill('12');
  await partOf(remove, 'confirm-button').click();
  await expect(partOf(remove, 'field-error')).toHaveText('Enter the 6-digit code or your recovery code.');
  // The last code was from the next 30-second step; a code cannot be reused, so the recovery code proves it.
  await partOf(remove, 'proof-input').fill(recoveryCode);
  await partOf(remove, 'confirm-button').click();
  await expect(partOf(portal, 'mfa-off')).toBeVisible();
});
