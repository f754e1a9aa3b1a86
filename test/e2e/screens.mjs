// Every login-box screen and every portal page, opened in demo mode on demo-pages/demo.html (no
// server), for the layout test (layout.spec.ts) and the screenshot script (scripts/screenshots.mjs).
// Plain JS so that both Playwright's TypeScript and Node can import it.

export const WIDTHS = [375, 768, 1280];
export const THEMES = ['light', 'dark'];
export const DEMO_EMAIL = 'demo@auth-elements.dev';
export const DEMO_PASSWORD = 'demo-password';

/** Portal pages by hash route, each with the text that says it has loaded. */
export const PORTAL_PAGES = [
  ['profile', 'Profile'],
  ['privacy', 'Privacy & security'],
  ['account', 'Account'],
  ['users', 'Users'],
  ['roles', 'Roles'],
  ['groups', 'Groups'],
  ['personalApiTokens', 'Personal API tokens'],
  ['apiTokens', 'API tokens'],
  ['security', 'Security'],
  ['provisioning', 'Provisioning'],
  ['sso', 'Single sign-on'],
  ['audits', 'Audit logs'],
  ['securityCenter', 'Security centre'],
  ['webhooks', 'Webhooks'],
  ['usage', 'Usage'],
  ['subscriptions', 'Subscriptions'],
  ['allAccounts', 'All accounts'],
];

const part = (host, name) => host.locator(`[part~="${name}"]`);
const loginBox = (page) => page.locator('auth-login-box');
const portal = (page) => page.locator('auth-admin-portal');

/** Waits until no loading marker or skeleton shows in either element. */
async function settled(page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('auth-login-box, auth-admin-portal')].every(
        (el) => el.shadowRoot && !el.shadowRoot.querySelector('[part~="loading"]'),
      ),
    undefined,
    { timeout: 15_000 },
  );
}

/** Opens demo.html at `width` in `theme`, signed out. */
export async function openDemo(page, origin, width, theme) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${origin}/demo.html${theme === 'dark' ? '?theme=dark' : ''}`);
  await part(loginBox(page), 'email-input').waitFor();
}

/**
 * The login box's screens, in an order that walks from one to the next: each entry is
 * [name, step], where step brings the page to that screen from the one before.
 */
export const LOGIN_SCREENS = [
  ['sign-in', async () => {}],
  [
    'sign-in-field-error',
    async (page) => {
      await part(loginBox(page), 'submit-button').click();
      await part(loginBox(page), 'field-error').waitFor();
    },
  ],
  [
    'password',
    async (page) => {
      await part(loginBox(page), 'email-input').fill(DEMO_EMAIL);
      await part(loginBox(page), 'submit-button').click();
      await part(loginBox(page), 'password-input').waitFor();
    },
  ],
  [
    'password-error',
    async (page) => {
      await part(loginBox(page), 'password-input').fill('not-the-password');
      await part(loginBox(page), 'submit-button').click();
      await loginBox(page).getByRole('alert').waitFor();
    },
  ],
  [
    'forgot-password',
    async (page) => {
      await part(loginBox(page), 'forgot-password-link').click();
      await settled(page);
      await loginBox(page).getByRole('heading').first().waitFor();
    },
  ],
  [
    'sign-up',
    async (page) => {
      await page.reload();
      await part(loginBox(page), 'sign-up-link').click();
      await part(loginBox(page), 'name-input').waitFor();
    },
  ],
  [
    'sign-up-field-errors',
    async (page) => {
      await part(loginBox(page), 'submit-button').click();
      await part(loginBox(page), 'field-error').first().waitFor();
    },
  ],
  [
    'signed-in',
    async (page) => {
      await part(loginBox(page), 'sign-in-link').click();
      await signInDemo(page);
    },
  ],
];

export async function signInDemo(page) {
  const login = loginBox(page);
  await part(login, 'email-input').fill(DEMO_EMAIL);
  await part(login, 'submit-button').click();
  await part(login, 'password-input').fill(DEMO_PASSWORD);
  await part(login, 'submit-button').click();
  await part(login, 'signed-in-user').waitFor();
}

/** Shows portal page `id` (signed in) and waits until it has loaded. */
export async function openPortalPage(page, id, title) {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#/portal/${id}`);
  await part(portal(page), 'page').getByRole('heading', { name: title, exact: true }).first().waitFor();
  await settled(page);
  // Page chunks and the demo's 200-500 ms answers: let a late second request (a catalogue) land too.
  await page.waitForTimeout(600);
  await settled(page);
}
