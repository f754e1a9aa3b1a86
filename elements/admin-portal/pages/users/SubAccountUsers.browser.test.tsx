/// <reference types="mocha" />
import { expect } from 'chai';
import '../../admin-portal.define';
import { getApp } from '../../../../core/app';
import { loginWithPassword } from '../../../../core/store/auth/thunks';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

describe('users page: users of sub-accounts (issue 28 item 6)', () => {
  afterEach(() => {
    unmountAll();
    location.hash = '';
  });

  it('offers a labelled switch; on, the list asks for the sub-accounts and shows each row’s account', async () => {
    const appName = `sub-users-${Math.random().toString(36).slice(2)}`;
    location.hash = '#/portal/users';
    const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
    const app = getApp(appName);
    const asked: string[] = [];
    // Record what the list asks for (the demo backend answers as before).
    const base = app.services.api.http;
    const withSource = base.withRequestSource.bind(base);
    base.withRequestSource = (source) => {
      const client = withSource(source);
      const get = client.get.bind(client);
      return {
        ...client,
        get: (path, options) => {
          if (path.includes('/users/v3')) asked.push(JSON.stringify(options?.query ?? {}));
          return get(path, options);
        },
      } as typeof client;
    };
    await app.store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    const toggle = await waitFor(() => part<HTMLInputElement>(portal, 'users-include-sub-accounts'), 6000);
    expect(toggle.closest('label')!.textContent).to.contain('Include users of sub-accounts');
    expect(toggle.checked).to.equal(false);
    const headers = () => [...portal.shadowRoot!.querySelectorAll('th')].map((th) => th.textContent ?? '');
    expect(headers().some((text) => text.includes('Account'))).to.equal(false);
    toggle.click();
    await waitFor(() => asked.some((query) => query.includes('"_includeSubTenants":"true"')), 4000);
    const cells = () => [...portal.shadowRoot!.querySelectorAll<HTMLElement>('[part~="user-account"]')];
    await waitFor(() => cells().length > 0, 4000);
    expect(cells().every((cell) => cell.textContent === 'This account')).to.equal(true);
    expect(headers().some((text) => text.includes('Account'))).to.equal(true);
  });
});
