/// <reference types="mocha" />
// The account page's date and time formats, logo and metadata (issue 28 item 8), in demo mode: the
// browser checks a logo file and the metadata with the server's rules before sending anything.
import { expect } from 'chai';
import { STORAGE_KEY } from '../../../../core/demo/backend';
import { seedDemoDatabase } from '../../../../core/demo/data';
import '../../admin-portal.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../../../test-support/fixtures';

async function accountPage() {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      ...seedDemoDatabase(),
      session: { id: 's1', userId: 'demo-user-1', refreshToken: 'r1' },
    }),
  );
  history.replaceState(null, '', '#/portal/account');
  const portal = await mount('auth-admin-portal', { demo: '' });
  await waitFor(() => part(portal, 'account-logo'), 10_000);
  return portal;
}
const alertText = (portal: HTMLElement) =>
  portal.shadowRoot!.querySelector('[role="alert"]')?.textContent ?? '';
function choose(input: HTMLInputElement, file: File) {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The demo's stored accounts: rows of the server's `tenants` (core/domain/tenant-tables.ts). */
const storedAccounts = (): Array<{ dateFormat?: string; metadata?: unknown }> =>
  JSON.parse(localStorage.getItem(STORAGE_KEY)!).tables?.tenants ?? [];

describe('account page: formats, logo and metadata (demo mode)', function () {
  this.timeout(30_000);
  afterEach(() => {
    unmountAll();
    history.replaceState(null, '', '#');
  });

  it('the date and time formats are chosen and saved with the settings', async () => {
    const portal = await accountPage();
    const date = part<HTMLSelectElement>(portal, 'account-date-format')!;
    date.value = 'YYYY-MM-DD';
    date.dispatchEvent(new Event('change', { bubbles: true }));
    part<HTMLButtonElement>(portal, 'submit-button')!.click();
    await waitFor(() => storedAccounts().some((account) => account.dateFormat === 'YYYY-MM-DD'), 10_000);
  });

  it('a logo of another type or too large is refused in the browser; a small PNG is shown once saved', async () => {
    const portal = await accountPage();
    const input = part<HTMLInputElement>(portal, 'logo-input')!;
    choose(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => alertText(portal) === 'The logo must be a PNG, JPEG, WebP or GIF image');
    choose(input, new File([new Uint8Array(101 * 1024)], 'big.png', { type: 'image/png' }));
    await waitFor(() => alertText(portal) === 'The logo must be at most 100 KB');
    expect(part(portal, 'account-logo-image')).to.equal(null);
    choose(input, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    const image = await waitFor(() => part<HTMLImageElement>(portal, 'account-logo-image'), 10_000);
    expect(image.src.startsWith('data:image/png;base64,')).to.equal(true);
    part<HTMLButtonElement>(portal, 'remove-logo')!.click();
    await waitFor(() => !part(portal, 'account-logo-image'), 10_000);
  });

  it('metadata: a bad key is refused in the browser, good entries are saved as the account metadata', async () => {
    const portal = await accountPage();
    part<HTMLButtonElement>(portal, 'add-metadata-entry')!.click();
    const key = await waitFor(() => part<HTMLInputElement>(portal, 'metadata-key'));
    typeInto(key, 'bad key');
    typeInto(part<HTMLInputElement>(portal, 'metadata-value')!, 'x');
    part<HTMLButtonElement>(portal, 'save-metadata')!.click();
    await waitFor(() => alertText(portal).startsWith('Metadata key "bad key"'));
    typeInto(key, 'crm.id');
    part<HTMLButtonElement>(portal, 'save-metadata')!.click();
    await waitFor(() => part(portal, 'account-branding-status'), 10_000);
    expect(storedAccounts().map((account) => JSON.stringify(account.metadata))).to.include('{"crm.id":"x"}');
  });
});
