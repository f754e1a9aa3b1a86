import { expect, test } from '@playwright/test';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

test('two tabs of one app: signing in in one signs in the other without a refresh of its own; signing out in one signs out both', async ({
  context,
}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  const refreshesOf = (page: typeof first) => {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/token/refresh')) seen.push(r.url());
    });
    return seen;
  };
  const secondRefreshes = refreshesOf(second);
  await first.goto('/login.html');
  await second.goto('/login.html');
  await expect(partOf(box(first), 'email-input')).toBeVisible();
  await expect(partOf(box(second), 'email-input')).toBeVisible();
  expect(secondRefreshes).toHaveLength(1); // its own session check on load

  await signIn(first, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(first, 'Ada Admin (admin@example.com)');
  await expectSignedInAs(second, 'Ada Admin (admin@example.com)');
  expect(secondRefreshes, "the second tab took the first tab's token instead of refreshing").toHaveLength(1);

  await partOf(box(second), 'sign-out-button').click();
  await expect(partOf(box(second), 'email-input')).toBeVisible();
  await expect(partOf(box(first), 'email-input')).toBeVisible();
  // Still signed out after a reload: the server session is gone too.
  await first.reload();
  await expect(partOf(box(first), 'email-input')).toBeVisible();
});
