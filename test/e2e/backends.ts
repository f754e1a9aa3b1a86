// One end-to-end spec per flow, run on both backends: the reference server (pages served by it, the
// API behind them, emails and SMS read from its development outbox) and demo mode (the same pages'
// demo.html on a plain static host, the demo backend in the page, its outbox in localStorage).
// A spec writes `for (const name of BACKENDS) test.describe(name, () => { test.use({ backendName: name }); ... })`
// and reaches everything that differs through the `backend` fixture; where a backend legitimately
// differs, the spec says so with `backend.name`.
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { seedDemoDatabase, userByEmail, type DemoDatabase } from '../../core/demo/data';
import { withDemoFlags } from '../../core/test-support/demoFlags';
import { latestMessage, newUser } from './helpers';

export const BACKENDS = ['server', 'demo'] as const;
export type BackendName = (typeof BACKENDS)[number];

/** Settings a test switches for itself: the sign-in method, and in demo mode any vendor setting. */
/** The demo's settings, and the vendor's flags (demo mode stores them as rows, as the server does). */
type Settings = NonNullable<DemoDatabase['settings']> & { flags?: Record<string, boolean> };
interface Person {
  email: string;
  password: string;
  name: string;
}

export interface Backend {
  name: BackendName;
  /** The test's page (the `page` fixture). */
  page: Page;
  /** Where the pages load from; every request of the test stays there (see `leftOrigin`). */
  origin: string;
  /** The page that embeds the login box (the server's /login.html, the static host's demo.html). */
  loginPage: string;
  /** The page that embeds the admin portal. */
  portalPage: string;
  /** The authenticated URL the login routes go to once signed in. */
  home: string;
  /** Seeded people: an administrator (may impersonate) and a member of the same account. */
  admin: Person;
  member: Person;
  /**
   * A person the test owns and may change (password, MFA): a fresh sign-up on the server; in demo
   * mode the seeded admin, whose data lives in this test's own browser context.
   */
  account(): Promise<Person>;
  /**
   * Switches settings for this test, before the page opens. The server takes only the sign-in method
   * (PUT /dev/settings, put back after the test); demo mode takes every setting of its data, and
   * `edit` may change the rest of its seed.
   */
  configure(settings: Settings, edit?: (db: DemoDatabase) => void): Promise<void>;
  /** The id of a seeded person, looked up as an administration tool would (for impersonation links). */
  userId(email: string): Promise<string>;
  /** Opens `path` (on `origin`); in demo mode the first page seeds the demo's data with the settings. */
  open(path: string): Promise<void>;
  /** The latest email or SMS to `to`, waited for. */
  message(to: string): Promise<{ subject: string | null; text: string }>;
  /** The 6-digit code of the latest message to `to`. */
  code(to: string): Promise<string>;
  /** The first link of the latest message to `to`. */
  link(to: string): Promise<string>;
  /** Every request of the page that went anywhere but `origin` (the demo must send none). */
  leftOrigin: string[];
}

const DEMO_KEY = 'auth-elements.demo.v6';
const HOME = '<!doctype html><html lang="en"><title>Home</title><p>Home</p></html>';
const codeIn = (text: string) => text.match(/\b\d{6}\b/)![0];
const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+/);
  expect(match, 'a link in the message').toBeTruthy();
  return match![0];
};

function server(page: Page, request: APIRequestContext, leftOrigin: string[]) {
  let strategyChanged = false;
  const backend: Backend = {
    name: 'server',
    page,
    origin: API_ORIGIN,
    loginPage: '/login.html',
    portalPage: '/portal.html',
    home: `${API_ORIGIN}/`,
    admin: { email: 'admin@example.com', password: 'Admin-demo-2026', name: 'Ada Admin' },
    member: { email: 'viewer@example.com', password: 'Viewer-demo-2026', name: 'Vera Viewer' },
    async account() {
      const user = newUser();
      const response = await request.post('/frontegg/identity/resources/users/v1/signUp', {
        data: { email: user.email, password: user.password, name: user.name },
      });
      expect(response.ok()).toBe(true);
      return user;
    },
    async configure(settings) {
      const { authStrategy, ...rest } = settings;
      expect(rest, 'the server switches only the sign-in method per test').toEqual({});
      if (!authStrategy) return;
      const response = await request.put('/frontegg/dev/settings', { data: { authStrategy } });
      expect(response.ok()).toBe(true);
      strategyChanged = true;
    },
    async open(path) {
      await page.goto(path);
    },
    async userId(email) {
      const api = '/frontegg/identity/resources';
      const { email: adminEmail, password } = backend.admin;
      const signedIn = await request.post(`${api}/auth/v1/user`, { data: { email: adminEmail, password } });
      const { accessToken } = await signedIn.json();
      const list = await request.get(`${api}/users/v2?_filter=${encodeURIComponent(email)}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(list.ok()).toBe(true);
      const found = (await list.json()).items.find((u: { email: string }) => u.email === email);
      expect(found, `member ${email}`).toBeTruthy();
      return found.id;
    },
    message: (to) => latestMessage(request, to),
    code: async (to) => codeIn((await latestMessage(request, to)).text),
    link: async (to) => linkIn((await latestMessage(request, to)).text),
    leftOrigin,
  };
  const teardown = async () => {
    if (!strategyChanged) return;
    const response = await request.put('/frontegg/dev/settings', {
      data: { authStrategy: 'EmailAndPassword' },
    });
    expect(response.ok()).toBe(true);
  };
  return { backend, teardown };
}

async function demo(page: Page, leftOrigin: string[]) {
  // The static host has no /account/* pages nor a home page: answered as a host app would.
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.route(`${STATIC_ORIGIN}/`, (route) => route.fulfill({ contentType: 'text/html', body: HOME }));
  const db = seedDemoDatabase();
  // The demo's data is seeded once, before the first page of the test (`open`): reloads keep what it stored.
  let seeded = false;
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
      },
      [DEMO_KEY, JSON.stringify(db)],
    );
  };
  const message = async (to: string) => {
    let found: { subject: string | null; text: string } | undefined;
    await expect
      .poll(
        async () => {
          found = await page.evaluate(
            ([key, recipient]) => {
              const stored = JSON.parse(localStorage.getItem(key!) ?? '{}') as DemoDatabase;
              const latest = stored.outbox?.find((m) => m.to === recipient);
              return latest ? { subject: latest.subject, text: latest.text } : undefined;
            },
            [DEMO_KEY, to],
          );
          return Boolean(found);
        },
        { message: `a demo message to ${to}` },
      )
      .toBe(true);
    return found!;
  };
  const admin = { email: 'demo@auth-elements.dev', password: 'demo-password', name: 'Demo Admin' };
  const backend: Backend = {
    name: 'demo',
    page,
    origin: STATIC_ORIGIN,
    loginPage: '/demo.html',
    portalPage: '/demo.html',
    home: `${STATIC_ORIGIN}/`,
    admin,
    member: { email: 'grace@auth-elements.dev', password: 'demo-teammate-password', name: 'Grace Hopper' },
    account: async () => admin,
    async configure(settings, edit) {
      expect(seeded, 'demo settings are switched before the first page opens').toBe(false);
      const { flags = {}, ...rest } = settings;
      db.settings = { ...db.settings, ...rest };
      withDemoFlags(db, flags);
      edit?.(db);
    },
    async open(path) {
      await seed();
      await page.goto(path);
    },
    async userId(email) {
      const found = userByEmail(db, email);
      expect(found, `member ${email}`).toBeTruthy();
      return found!.id;
    },
    message,
    code: async (to) => codeIn((await message(to)).text),
    link: async (to) => linkIn((await message(to)).text),
    leftOrigin,
  };
  return backend;
}

export const test = base.extend<{ backendName: BackendName; backend: Backend }>({
  backendName: ['server', { option: true }],
  backend: async ({ backendName, page, request }, use) => {
    const origin = backendName === 'server' ? API_ORIGIN : STATIC_ORIGIN;
    const leftOrigin: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:')) leftOrigin.push(r.url());
    });
    if (backendName === 'server') {
      const { backend, teardown } = server(page, request, leftOrigin);
      await use(backend);
      await teardown();
      return;
    }
    await use(await demo(page, leftOrigin));
  },
  baseURL: async ({ backendName, baseURL }, use) => {
    await use(backendName === 'demo' ? STATIC_ORIGIN : baseURL);
  },
});

export { expect };

/** How far `stepClockUntilVisible` steps the page's clock at a time: the most it overshoots by. */
export const CLOCK_STEP_MS = 10;

/**
 * With the page's clock paused (`page.clock.install` + `pauseAt`), steps it CLOCK_STEP_MS at a time
 * until `locator` shows, and returns the time stepped. The demo backend answers on the page's own
 * timers (its 200-500 ms pause), so a paused clock holds its answer; the server's answer needs no
 * step, or a few. The last step may end up to CLOCK_STEP_MS after the screen showed, so a timer that
 * screen started has up to that much less left.
 */
export async function stepClockUntilVisible(page: Page, locator: Locator, budgetMs = 10_000) {
  let stepped = 0;
  while (!(await locator.isVisible())) {
    if (stepped >= budgetMs) throw new Error(`not visible within ${budgetMs} ms of the page's paused clock`);
    await page.clock.runFor(CLOCK_STEP_MS);
    stepped += CLOCK_STEP_MS;
  }
  return stepped;
}
