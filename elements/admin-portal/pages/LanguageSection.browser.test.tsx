/// <reference types="mocha" />
// The profile page's language picker (issue 29): each language named in itself, saved through the
// profile update (demo mode: PUT users/v2/me with `locale`), and the page then shows it, unless the
// element's `locale` attribute chose a language (the host's choice wins over the saved one).
import { expect } from 'chai';
import { getOrCreateApp } from '../../../core/app';
import { STORAGE_KEY } from '../../../core/demo/backend';
import { seedDemoDatabase, userById, type DemoDatabase } from '../../../core/demo/data';
import '../admin-portal.define';
import { mount, part, unmountAll, waitFor } from '../../test-support/fixtures';

let apps = 0;
/** The portal in demo mode, signed in as the demo user (saved `locale` given), on the profile page. */
async function profilePage(attributes: Record<string, string> = {}, locale?: string) {
  const database = seedDemoDatabase();
  if (locale) userById(database, 'demo-user-1')!.locale = locale;
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({ ...database, session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' } }),
  );
  const appName = `language-${++apps}`;
  getOrCreateApp(appName, { demoMode: true });
  history.replaceState(null, '', '#/portal/profile');
  const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName, ...attributes });
  const select = await waitFor(() => part<HTMLSelectElement>(portal, 'profile-locale'), 10_000);
  return { portal, select };
}

const savedLocale = () =>
  userById(JSON.parse(localStorage.getItem(STORAGE_KEY)!) as DemoDatabase, 'demo-user-1')?.locale;
const rootLang = (portal: HTMLElement) => portal.shadowRoot!.querySelector('[lang]')?.getAttribute('lang');

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('profile page: the language picker', function () {
  this.timeout(40_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('lists the 12 languages, each in itself, under a label', async () => {
    const { portal, select } = await profilePage();
    const labels = [...select.options].map((o) => o.textContent);
    expect(labels.slice(1)).to.deep.equal([
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Italiano',
      'Português (Brasil)',
      'Nederlands',
      '日本語',
      '한국어',
      '简体中文',
      'עברית',
      'العربية',
    ]);
    expect(select.value).to.equal('');
    const label = portal.shadowRoot!.querySelector(`label[for="${select.id}"]`);
    expect(label?.textContent).to.contain('Language');
  });

  it('saves the choice on the profile, and the page then shows that language', async () => {
    const { portal, select } = await profilePage();
    expect(rootLang(portal)).to.equal('en');
    choose(select, 'fr');
    await waitFor(() => savedLocale() === 'fr', 10_000);
    await waitFor(() => rootLang(portal) === 'fr', 10_000);
    // The root of a language switch renders again: the picker shows the saved language.
    await waitFor(() => part<HTMLSelectElement>(portal, 'profile-locale')?.value === 'fr', 10_000);
  });

  it('a right-to-left language saved earlier lays the page out right to left', async () => {
    const { portal, select } = await profilePage({}, 'ar');
    await waitFor(() => rootLang(portal) === 'ar', 10_000);
    expect(portal.shadowRoot!.querySelector('[lang]')?.getAttribute('dir')).to.equal('rtl');
    expect(select.isConnected ? select.value : 'ar').to.equal('ar');
  });

  it("the element's locale attribute wins over the saved language", async () => {
    const { portal, select } = await profilePage({ locale: 'de' });
    await waitFor(() => rootLang(portal) === 'de', 10_000);
    choose(part<HTMLSelectElement>(portal, 'profile-locale') ?? select, 'ja');
    await waitFor(() => savedLocale() === 'ja', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rootLang(portal)).to.equal('de');
  });
});
