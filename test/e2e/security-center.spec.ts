// The security centre through the portal on the real server (issue 15): an administrator of their
// own account (fixtures/security-center.ts, flag security-center-admin-portal on there) sees the
// score, the recommendations and the three tables; a member's breached password, found when they
// sign in, puts them in the breached table; "Send reset emails" (confirmed) emails them a reset
// link that arrives in the e2e mailbox; the users page filters the same member.
import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { CENTRE_ADMIN, CENTRE_BREACHED, CENTRE_NEW } from './fixtures/security-center';
import { axeViolations, latestMessage, partOf, signIn } from './helpers';

const API = `${API_ORIGIN}/frontegg/identity/resources`;
const portal = (page: Page) => page.locator('auth-admin-portal');

test('score, tables and the breached-password campaign, emails delivered', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The member signs in with a password on the breach list: the server keeps the verdict.
  const signedIn = await request.post(`${API}/auth/v1/user`, {
    data: { email: CENTRE_BREACHED.email, password: CENTRE_BREACHED.password },
    headers: { origin: API_ORIGIN },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto('/portal.html#/portal/securityCenter');
  await signIn(page, CENTRE_ADMIN.email, CENTRE_ADMIN.password);
  const centre = portal(page);
  await expect(centre.getByRole('heading', { name: 'Security centre', level: 2 })).toBeVisible();
  await expect(partOf(centre, 'nav').getByRole('link', { name: 'Security centre' })).toBeVisible();
  const score = partOf(centre, 'security-center-score-value');
  await expect(score).toHaveText(/^\d+$/);
  expect(Number(await score.textContent())).toBeLessThan(100);
  await expect(
    partOf(centre, 'security-center-recommendation').filter({ hasText: 'data breach' }),
  ).toBeVisible();

  const breached = partOf(centre, 'security-center-breached-table');
  await expect(breached.getByRole('row').filter({ hasText: CENTRE_BREACHED.email })).toBeVisible();
  await expect(partOf(centre, 'security-center-breached-total')).toContainText('1 member');
  await expect(
    partOf(centre, 'security-center-mfa-table').getByRole('row').filter({ hasText: CENTRE_ADMIN.email }),
  ).toBeVisible();
  // Issue 24: a member added minutes ago who never signed in is their own finding, not inactive.
  await expect(
    partOf(centre, 'security-center-never-table').getByRole('row').filter({ hasText: CENTRE_NEW.email }),
  ).toBeVisible();
  await expect(partOf(centre, 'security-center-inactive').getByRole('row')).toHaveCount(0);
  await expect(partOf(centre, 'security-center-inactive')).toContainText(
    'No member who signed in before has been away for 90 days.',
  );
  await expect(centre.getByText('1 member has never signed in.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await partOf(centre, 'security-center-send-resets-bulk').click();
  const dialog = page.getByRole('dialog', { name: 'Send password reset emails?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send reset emails' }).click();
  await expect(dialog).toBeHidden();
  await expect(partOf(centre, 'security-center-resets-sent')).toHaveText('Reset emails sent to 1 member.');

  const mail = await latestMessage(request, CENTRE_BREACHED.email);
  expect(mail.subject).toBe('Reset your password');
  expect(mail.text).toMatch(/\/account\/reset-password\?/);

  // The same finding on the users page: its "With a breached password" filter (users v3's
  // BREACHED_PASSWORDS preset) lists the member, not the administrator.
  await partOf(centre, 'nav').getByRole('link', { name: 'Users' }).click();
  await expect(partOf(centre, 'users-total')).toHaveText('3 users');
  await partOf(centre, 'users-preset').selectOption({ label: 'With a breached password' });
  await expect(partOf(centre, 'users-total')).toHaveText('1 user');
  const rows = partOf(centre, 'user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(CENTRE_BREACHED.email);
  expect(await axeViolations(page)).toEqual([]);
});

test('demo mode: the security centre from the sample data, the campaign answered with no server @static', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/security-center/') || r.url().includes('/passwords/breached/'))
      requests.push(r.url());
  });
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  await page.evaluate(() => {
    location.hash = '#/portal/securityCenter';
  });
  const centre = portal(page);
  await expect(centre.getByRole('heading', { name: 'Security centre', level: 2 })).toBeVisible();
  await expect(partOf(centre, 'security-center-score-value')).toHaveText(/^\d+$/);
  // The demo's sample: Alan Turing signs in with a breached password.
  await expect(
    partOf(centre, 'security-center-breached-table')
      .getByRole('row')
      .filter({ hasText: 'alan@auth-elements.dev' }),
  ).toBeVisible();
  await partOf(centre, 'security-center-send-resets-bulk').click();
  await page
    .getByRole('dialog', { name: 'Send password reset emails?' })
    .getByRole('button', { name: 'Send reset emails' })
    .click();
  await expect(partOf(centre, 'security-center-resets-sent')).toHaveText('Reset emails sent to 1 member.');
  expect(requests, 'demo mode calls no server').toEqual([]);
});
