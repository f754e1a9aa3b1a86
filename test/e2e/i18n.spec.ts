// The login box in the page's language (issue 29, docs/i18n.md): sign-in end to end in Japanese
// (a non-Latin script) and in Arabic (right to left, axe clean), on both backends. The language is
// asked for by the element's `locale` attribute, set as the page's parser inserts the element.
import type { Page } from '@playwright/test';
import { BACKENDS, expect, test, type Backend } from './backends';
import { axeViolations, box, partOf } from './helpers';

async function openIn(backend: Backend, locale: string) {
  await backend.page.addInitScript((tag) => {
    new MutationObserver((_, observer) => {
      const element = document.querySelector('auth-login-box');
      if (!element) return;
      element.setAttribute('locale', tag);
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, locale);
  await backend.open(backend.loginPage);
}

const root = (page: Page) => box(page).locator('[lang]').first();

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('signs in in Japanese', async ({ page, backend }) => {
      const user = await backend.account();
      await openIn(backend, 'ja');
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'ログイン' })).toBeVisible();
      await expect(root(page)).toHaveAttribute('lang', 'ja');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('メールアドレスを入力してください。');
      await login.getByLabel('メールアドレス').fill(user.email);
      await partOf(login, 'submit-button').click();
      await login.getByLabel('パスワード', { exact: true }).fill(user.password);
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toHaveText(
        `${user.name} (${user.email}) としてログイン中`,
      );
      await expect(login.getByRole('button', { name: 'ログアウト' })).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('signs in in Arabic, right to left, with no axe violation', async ({ page, backend }) => {
      const user = await backend.account();
      await openIn(backend, 'ar');
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
      await expect(root(page)).toHaveAttribute('dir', 'rtl');
      await expect(root(page)).toHaveAttribute('lang', 'ar');
      // Mirrored: the email field's label starts at the right edge of the form.
      const input = await partOf(login, 'email-input').boundingBox();
      const label = await login.getByText('البريد الإلكتروني', { exact: true }).first().boundingBox();
      expect(Math.abs(label!.x + label!.width - (input!.x + input!.width))).toBeLessThan(4);
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'email-input').fill(user.email);
      await partOf(login, 'submit-button').click();
      await partOf(login, 'password-input').fill(user.password);
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'signed-in-user')).toHaveText(
        `تم تسجيل الدخول باسم ${user.name} (${user.email})`,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(backend.leftOrigin).toEqual([]);
    });
  });
}
