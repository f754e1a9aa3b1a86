import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Playwright CSS locators pierce open shadow roots, so parts are reachable directly. */
export const box = (page: Page, tag = 'auth-login-box'): Locator => page.locator(tag);
export const partOf = (host: Locator, name: string): Locator => host.locator(`[part~="${name}"]`);

let counter = 0;
/** A fresh, unique sign-up identity per call. */
export function newUser() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return { name: `Test User ${stamp}`, email: `user-${stamp}@example.com`, password: `pw-${stamp}-long!` };
}

export async function signUp(page: Page, user: ReturnType<typeof newUser>) {
  const login = box(page);
  await partOf(login, 'sign-up-link').click();
  await login.getByLabel('Full name').fill(user.name);
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel('Password', { exact: true }).fill(user.password);
  await partOf(login, 'submit-button').click();
}

export async function signIn(page: Page, email: string, password: string) {
  const login = box(page);
  await partOf(login, 'email-input').fill(email);
  await partOf(login, 'submit-button').click();
  await partOf(login, 'password-input').fill(password);
  await partOf(login, 'submit-button').click();
}

/**
 * The kit has taken over the sign-in page's server-rendered first frame (server/prerender.ts): the
 * element is defined and the frame's form (`method="dialog"`) is gone.
 */
export async function kitTookOver(page: Page, tag = 'auth-login-box') {
  await expect.poll(() => page.evaluate((name) => Boolean(customElements.get(name)), tag)).toBe(true);
  await expect(box(page, tag).locator('form[method="dialog"]')).toHaveCount(0);
}

export async function expectSignedInAs(page: Page, text: string) {
  await expect(partOf(box(page), 'signed-in-user')).toHaveText(`Signed in as ${text}`);
}

/** The violations' ids, helps and targets: what a failing test prints. */
const violationsOf = (violations: { id: string; help: string; nodes: { target: unknown[] }[] }[]) =>
  violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));

/**
 * axe-core over the whole page, shadow roots included; returns the violations' ids and targets.
 * AxeBuilder's default run injects axe (half a megabyte of script) into the page on every call, runs
 * it in parts (`axe.runPartial`) and finishes in a new blank page, into which it injects axe again:
 * 2-5 s a call on the busy CI machine. A page without frames has one part, so `axe.run` in the page
 * itself (AxeBuilder's legacy mode) gives the same result without the blank page; and the axe it
 * injects stays in the document, so a later call in the same document (a portal page reached by its
 * hash, the next step of a flow) runs that axe in place: the same rules over the same document in a
 * tenth of the time. A page with frames always takes AxeBuilder's default run, which visits each.
 */
export async function axeViolations(page: Page) {
  if (page.frames().length > 1) return violationsOf((await new AxeBuilder({ page }).analyze()).violations);
  const injected = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!injected) return violationsOf((await new AxeBuilder({ page }).setLegacyMode().analyze()).violations);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<any> } })
      .axe;
    // AxeBuilder's context and options: the whole document, axe's default rules.
    const results = await axe.run({ exclude: [], include: [] }, {});
    return results.violations as { id: string; help: string; nodes: { target: unknown[] }[] }[];
  });
  return violationsOf(violations);
}

/**
 * axe on a screen that a timer will leave (a success screen before its pause ends), with the page's
 * clock installed and paused (`page.clock.install` + `pauseAt`): axe waits on timers of its own, so
 * the clock is stepped for it, never by `budgetMs` or more. Returns the violations and the time used.
 */
export async function axeViolationsOnPausedClock(page: Page, budgetMs: number) {
  let advanced = 0;
  let settled = false;
  // axe's own failure is kept and thrown after the stepping, never left unhandled meanwhile.
  const axe = axeViolations(page)
    .then(
      (violations) => ({ violations }),
      (error: unknown) => ({ error }),
    )
    .finally(() => {
      settled = true;
    });
  // 1 ms a step: each of axe's own timer hops then costs 1 ms of the page's time, not 10, so a slow
  // (busy) machine, where more hops miss a step, cannot use the budget up before axe is done.
  while (!settled && advanced + 1 < budgetMs) {
    try {
      await page.clock.runFor(1);
    } catch (error) {
      // The clock is the context's, so a step also runs in the blank page @axe-core/playwright opens
      // to finish its run, and fails when that page closes mid-step. Only our page closing is an error;
      // the step still counts, so the budget is never exceeded.
      if (page.isClosed()) throw error;
    }
    advanced += 1;
  }
  if (!settled) throw new Error(`axe did not finish within ${budgetMs} ms of the page's paused clock`);
  const outcome = await axe;
  if ('error' in outcome) throw outcome.error;
  return { violations: outcome.violations, advanced };
}

/** The latest message of the development outbox to `to` (the reference server's /dev/outbox). */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string | null; text: string }> {
  const response = await request.get(`/frontegg/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const [latest] = (await response.json()).messages;
  expect(latest, `a message to ${to}`).toBeTruthy();
  return latest;
}

/** The first link in the latest message to `to`. */
export async function latestLink(request: APIRequestContext, to: string): Promise<string> {
  const { text } = await latestMessage(request, to);
  const match = text.match(/https?:\/\/\S+/);
  expect(match, `a link in the message to ${to}`).toBeTruthy();
  return match![0];
}

/**
 * Opens `url` until the e2e social provider's button shows, and returns it: the server retries a
 * provider's discovery a few seconds after a failure, and the provider may have started just now.
 */
export async function openWithSocialButton(page: Page, url = '/login.html'): Promise<Locator> {
  const button = partOf(box(page), 'social-login-e2e-idp');
  await expect(async () => {
    await page.goto(url);
    await expect(button).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return button;
}

/** The "⋯" button of a table row's actions menu (elements/ui/RowActions), by the row's name. */
export const rowMenu = (host: Locator, rowName: string): Locator =>
  host.getByRole('button', { name: `Actions for ${rowName}`, exact: true });

/** Opens the actions menu of the row named `rowName` and returns its item named `action`. */
export async function rowAction(host: Locator, rowName: string, action: string): Promise<Locator> {
  await rowMenu(host, rowName).click();
  const item = host.getByRole('menuitem', { name: action, exact: true });
  await expect(item).toBeVisible();
  return item;
}
