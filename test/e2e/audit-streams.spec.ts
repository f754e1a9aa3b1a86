// Audit streams through the audit log page (issue 28 item 16). Against the reference server: the
// administrator adds a stream to a local receiver, copies the signing secret shown once, and the
// server's worker delivers the account's audit records to it, signed; the delivery log shows them;
// pause, resume, back-fill and delete. In demo mode: the same screen, where a back-fill records the
// bodies it would send and the log says so. axe finds nothing on each screen.
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { startReceiver } from '../support/receiver';
import { axeViolations, partOf, rowAction, signIn } from './helpers';

const portal = (page: Page) => page.locator('auth-admin-portal');
const streams = (page: Page) => partOf(portal(page), 'audit-streams');

async function addStream(page: Page, name: string, url: string): Promise<string> {
  const section = streams(page);
  await section.getByRole('button', { name: 'Add stream' }).click();
  const dialog = portal(page).getByRole('dialog', { name: 'Add an audit stream' });
  await dialog.getByRole('button', { name: 'Add stream' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Enter a name.');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Receiver address').fill(url);
  await dialog.getByLabel('Format').selectOption({ label: 'Splunk HTTP Event Collector' });
  await dialog.getByRole('button', { name: 'Add stream' }).click();
  await expect(dialog.getByText('This format needs the collector token.')).toBeVisible();
  await dialog.getByLabel('Format').selectOption({ label: 'Generic JSON' });
  await dialog.getByRole('button', { name: 'Add stream' }).click();
  const added = portal(page).getByRole('dialog', { name: 'Stream added' });
  const secret = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  expect(await axeViolations(page)).toEqual([]);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(partOf(section, 'audit-stream-row').filter({ hasText: name })).toContainText('Active');
  return secret;
}

test('audit streams on the server: delivered signed to a local receiver, logged, paused, back-filled, deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await page.goto('/portal.html#/portal/audits');
    await signIn(page, 'admin@example.com', 'Admin-demo-2026');
    const section = streams(page);
    await expect(section.getByRole('heading', { name: 'Audit streams' })).toBeVisible();
    const secret = await addStream(page, 'Local SIEM', `${receiver.url}/audit`);

    // The stream's own creation is on record: the worker sends it, signed with the secret.
    const [first] = await receiver.waitFor(1);
    const timestamp = String(first!.headers['x-audit-stream-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${first!.body}`).digest('hex')}`;
    expect(first!.headers['x-audit-stream-signature']).toBe(expected);
    const record = JSON.parse(first!.body) as { id: string; idempotencyKey: string; action: string };
    expect(first!.headers['idempotency-key']).toBe(record.id);
    expect(record.idempotencyKey).toBe(record.id);

    await (await rowAction(portal(page), 'Local SIEM', 'Delivery log Local SIEM')).click();
    const log = portal(page).getByRole('dialog', { name: 'Delivery log of Local SIEM' });
    await expect(partOf(log, 'audit-stream-attempt').first()).toContainText('Delivered (200)');
    expect(await axeViolations(page)).toEqual([]);
    await log.getByRole('button', { name: 'Close', exact: true }).first().click();

    await (await rowAction(portal(page), 'Local SIEM', 'Pause Local SIEM')).click();
    await expect(partOf(section, 'audit-stream-row')).toContainText('Paused');
    await (await rowAction(portal(page), 'Local SIEM', 'Resume Local SIEM')).click();
    await expect(partOf(section, 'audit-stream-row')).toContainText('Active');

    await (await rowAction(portal(page), 'Local SIEM', 'Back-fill Local SIEM')).click();
    const backfill = portal(page).getByRole('dialog', { name: 'Back-fill Local SIEM' });
    await backfill.getByLabel('From').fill('2020-01-01');
    await backfill.getByRole('button', { name: 'Back-fill' }).click();
    await expect(partOf(backfill, 'audit-stream-queued')).toHaveText(/^\d+ events? queued\.$/);
    expect(await axeViolations(page)).toEqual([]);
    await backfill.getByRole('button', { name: 'Cancel' }).click();
    // Every record again, each under the key it had: the first one among them.
    await expect
      .poll(() => receiver.received.filter((r) => r.headers['idempotency-key'] === record.id).length)
      .toBeGreaterThan(1);

    await (await rowAction(portal(page), 'Local SIEM', 'Delete Local SIEM')).click();
    await portal(page)
      .getByRole('dialog', { name: 'Delete this stream?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(section.getByText('No streams yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('audit streams in demo mode: a back-fill records what it would send, and the log says so @static', async ({
  page,
}) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/audits`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const section = streams(page);
  await expect(section.getByText('No streams yet.')).toBeVisible();
  await addStream(page, 'Demo SIEM', 'https://siem.example.com/collect');
  await (await rowAction(portal(page), 'Demo SIEM', 'Back-fill Demo SIEM')).click();
  const backfill = portal(page).getByRole('dialog', { name: 'Back-fill Demo SIEM' });
  await backfill.getByLabel('From').fill('2020-01-01');
  await backfill.getByRole('button', { name: 'Back-fill' }).click();
  await expect(partOf(backfill, 'audit-stream-queued')).toHaveText(/^\d+ events queued\.$/);
  await backfill.getByRole('button', { name: 'Cancel' }).click();
  await (await rowAction(portal(page), 'Demo SIEM', 'Delivery log Demo SIEM')).click();
  const log = portal(page).getByRole('dialog', { name: 'Delivery log of Demo SIEM' });
  await expect(partOf(log, 'audit-stream-demo-note')).toContainText('Demo mode cannot send anything');
  await expect(partOf(log, 'audit-stream-attempt').first()).toContainText('Not sent');
  // The result badge fits its table at this width: the log needs no sideways scroll to read it.
  const region = partOf(log, 'table-region');
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await partOf(log, 'audit-stream-attempt').first().getByText('Body').click();
  await expect(partOf(log, 'audit-stream-attempt').first()).toContainText('"idempotencyKey"');
  expect(await axeViolations(page)).toEqual([]);
});
