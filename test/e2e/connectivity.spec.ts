// Connectivity through the portal (issue 16), against the reference server: an administrator of
// their own account (fixtures/connectivity.ts) adds a webhook to a local receiver with the event
// picker, sends a test, copies the secret shown once; a real sign-in is delivered signed with it;
// the logs show the delivery and a retry is queued and delivered; an email subscription is saved and
// a sign-in emails its recipient; the webhook is deleted. axe finds nothing on each screen.
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { startReceiver } from '../support/receiver';
import { CONNECT_ADMIN } from './fixtures/connectivity';
import { axeViolations, latestMessage, partOf, rowAction, signIn } from './helpers';

const API = `${API_ORIGIN}/frontegg/identity/resources`;
const portal = (page: Page) => page.locator('auth-admin-portal');

test('webhooks, logs, test and retry, and email per event, through the portal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  const signInByApi = () =>
    request.post(`${API}/auth/v1/user`, { data: CONNECT_ADMIN, headers: { origin: API_ORIGIN } });
  try {
    await page.goto('/portal.html#/portal/webhooks');
    await signIn(page, CONNECT_ADMIN.email, CONNECT_ADMIN.password);
    const host = portal(page);
    await expect(host.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await expect(host.getByText('No webhooks yet.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Add: refused without a name, URL and event; the errors tied to the fields.
    await partOf(host, 'add-webhook').click();
    const dialog = host.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Enter a name');
    await dialog.getByLabel('Name').fill('Receiver');
    await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/hook`);
    await dialog.getByRole('checkbox', { name: 'User signed in' }).check();
    receiver.statuses.push(201);
    await dialog.getByRole('button', { name: 'Send a test' }).click();
    await expect(dialog.getByText('Test delivered: the endpoint answered 201.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The secret, once.
    const secretDialog = host.getByRole('dialog', { name: 'Webhook saved' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await axeViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(host.getByRole('row', { name: /Receiver/ })).toBeVisible();

    // A real event, delivered signed.
    const before = receiver.received.length;
    expect((await signInByApi()).status()).toBe(200);
    const delivered = (await receiver.waitFor(before + 1, 15_000))[before]!;
    const timestamp = delivered.headers['x-webhook-timestamp'] as string;
    expect(delivered.headers['x-webhook-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivered.body}`).digest('hex')}`,
    );
    expect(JSON.parse(delivered.body).eventKey).toBe('user.signedIn');

    // The logs (10 a page), and a retry.
    await (await rowAction(host, 'Receiver', 'Logs of Receiver')).click();
    const logs = host.getByRole('dialog', { name: 'Deliveries of Receiver' });
    await expect(logs.getByRole('row', { name: /user\.signedIn/ }).first()).toBeVisible();
    await expect(logs.getByText('200', { exact: true }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const sent = receiver.received.length;
    const firstLog = logs.getByRole('row', { name: /user\.signedIn/ }).first();
    await firstLog.getByRole('button').click();
    await host.getByRole('menuitem', { name: /^Retry the delivery of / }).click();
    await expect(logs.getByText('Retry queued.')).toBeVisible();
    await receiver.waitFor(sent + 1, 15_000);
    await logs.getByRole('button', { name: 'Done' }).click();

    // Email for one event: saved only with a recipient; a sign-in emails them.
    await host.getByRole('tab', { name: 'Email' }).click();
    const recipients = host.getByLabel('User signed in: email addresses');
    await recipients.fill('ops@connect.example.com');
    await host.getByRole('button', { name: 'Save User signed in' }).click();
    await expect(
      host.locator('[part~="email-event"][data-event="user.signedIn"]').getByText('Saved'),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect((await signInByApi()).status()).toBe(200);
    await expect
      .poll(
        async () => (await latestMessage(request, 'ops@connect.example.com').catch(() => null))?.subject,
        {
          timeout: 15_000,
        },
      )
      .toBe('User signed in');

    // Slack and SMS tabs are reachable and clean.
    await host.getByRole('tab', { name: 'Slack' }).click();
    await expect(host.getByText('No channels yet.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Delete the webhook.
    await host.getByRole('tab', { name: 'Webhooks' }).click();
    await (await rowAction(host, 'Receiver', 'Delete Receiver')).click();
    await host
      .getByRole('dialog', { name: 'Delete webhook' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(host.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
