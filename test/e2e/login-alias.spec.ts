// Custom login per account (issue 28 item 2) in real Chromium against the real server: the login
// box on a page opened at an account's sign-in address (`?loginAlias=`) sends the alias, and the
// session opens in that account; an address that names no account says so.
import { expect, test } from '@playwright/test';
import { ALIAS, ALIAS_MEMBER } from './fixtures/login-alias';
import { box, expectSignedInAs, signIn } from './helpers';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tenantId?: string };

test("the page's ?loginAlias= goes with the sign-in, which opens the session in that account", async ({
  page,
}) => {
  const signInAnswer = () =>
    page.waitForResponse((r) => r.url().endsWith('/identity/resources/auth/v1/user'));
  // At the plain address the person lands in their active account.
  await page.goto('/login.html');
  const plain = signInAnswer();
  await signIn(page, ALIAS_MEMBER.email, ALIAS_MEMBER.password);
  const home = await plain;
  expect(home.request().headers()['frontegg-login-alias']).toBeUndefined();
  const homeAccount = claimsOf((await home.json()).accessToken).tenantId;
  await expectSignedInAs(page, `Ali Alias (${ALIAS_MEMBER.email})`);

  // At the account's address, in that account.
  await page.context().clearCookies();
  await page.goto(`/login.html?loginAlias=${ALIAS}`);
  const answered = signInAnswer();
  await signIn(page, ALIAS_MEMBER.email, ALIAS_MEMBER.password);
  const response = await answered;
  expect(response.request().headers()['frontegg-login-alias']).toBe(ALIAS);
  expect(response.status()).toBe(200);
  await expectSignedInAs(page, `Ali Alias (${ALIAS_MEMBER.email})`);
  const aliased = claimsOf((await response.json()).accessToken).tenantId;
  expect(aliased).toBeTruthy();
  expect(aliased).not.toBe(homeAccount);
});

test('an address whose alias names no account: the login box says so and nobody is signed in', async ({
  page,
}) => {
  await page.goto('/login.html?loginAlias=nobody-here');
  await signIn(page, ALIAS_MEMBER.email, ALIAS_MEMBER.password);
  await expect(box(page).getByRole('alert')).toHaveText('This sign-in address is not in use');
});
