import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('a page with a strict CSP (nonce, no unsafe-inline, no eval) works when the nonce is given to the kit', async ({
  page,
}) => {
  const nonce = randomBytes(16).toString('base64');
  const policy = `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`;
  // demo-pages/csp.html, served as a real server would: the policy as a header, a fresh nonce.
  const html = readFileSync(join(ROOT, 'demo-pages', 'csp.html'), 'utf8')
    .replaceAll('csp-demo-nonce', nonce)
    .replaceAll('%BASE_URL%', API_ORIGIN);
  await page.route('**/csp.html', (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': policy }, body: html }),
  );

  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as { __violations: string[] }).__violations ??= [];
        (window as unknown as { __violations: string[] }).__violations.push(
          `${e.violatedDirective} ${e.blockedURI}`,
        );
      },
      true,
    );
  });
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(m.text());
  });

  await page.goto('/csp.html');
  const login = box(page);
  await expect(partOf(login, 'email-input')).toBeVisible();
  // Styled: the emotion rules went in (with the nonce), so the button has the theme colour.
  expect(await partOf(login, 'submit-button').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
    'rgb(59, 91, 219)',
  );
  expect(
    await login.evaluate((el) => [...el.shadowRoot!.querySelectorAll('style')].every((s) => s.nonce !== '')),
  ).toBe(true);

  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await expect(partOf(page.locator('auth-admin-portal'), 'profile-email')).toHaveValue('admin@example.com');

  const reported = await page.evaluate(
    () => (window as unknown as { __violations?: string[] }).__violations ?? [],
  );
  expect([...violations, ...reported]).toEqual([]);
});

test('no eval and no new Function anywhere in the bundles', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.js') ? [path] : [];
    });
  const bundles = [...files(join(ROOT, 'cdn')), ...files(join(ROOT, 'dist'))];
  expect(bundles.length).toBeGreaterThan(5);
  const offenders = bundles.filter((file) =>
    /\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(\s*["'`]/.test(readFileSync(file, 'utf8')),
  );
  expect(offenders).toEqual([]);
});
