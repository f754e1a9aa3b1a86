/// <reference types="mocha" />
import { expect } from 'chai';
import '../../admin-portal.define';
import { getApp } from '../../../../core/app';
import { loginWithPassword } from '../../../../core/store/auth/thunks';
import { mount, part, unmountAll, waitFor } from '../../../test-support/fixtures';

describe('users page: groups column', () => {
  afterEach(() => {
    unmountAll();
    location.hash = '';
  });

  it("shows each member's groups (issue 28 item 11)", async () => {
    const appName = `groups-${Math.random().toString(36).slice(2)}`;
    location.hash = '#/portal/profile';
    const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
    const app = getApp(appName);
    await app.store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    const http = app.services.http!;
    const me = app.store.getState().auth.user!.id;
    const group = await http.post<{ id: string }>('/identity/resources/groups/v1', { name: 'Ops crew' });
    await http.post(`/identity/resources/groups/v1/${group.id}/users`, { userIds: [me] });
    location.hash = '#/portal/users';
    const cells = () => [...portal.shadowRoot!.querySelectorAll<HTMLElement>('[part~="user-groups"]')];
    await waitFor(() => cells().some((cell) => cell.textContent === 'Ops crew'), 6000);
    const header = [...portal.shadowRoot!.querySelectorAll('th')].map((th) => th.textContent);
    expect(header.some((text) => text?.includes('Groups'))).to.equal(true);
  });

  it("shows a member's groups in the member's roles dialog (issue 28 item 11)", async () => {
    const appName = `groups-detail-${Math.random().toString(36).slice(2)}`;
    location.hash = '#/portal/profile';
    const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
    const app = getApp(appName);
    await app.store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    const http = app.services.http!;
    const group = await http.post<{ id: string }>('/identity/resources/groups/v1', { name: 'Night shift' });
    await http.post(`/identity/resources/groups/v1/${group.id}/users`, { userIds: ['demo-user-2'] });
    location.hash = '#/portal/users';
    const rowOf = (name: string) =>
      [...portal.shadowRoot!.querySelectorAll<HTMLElement>('[part~="user-row"]')].find((row) =>
        row.textContent?.includes(name),
      );
    await waitFor(() => rowOf('Grace Hopper')?.textContent?.includes('Night shift'), 6000);
    rowOf('Grace Hopper')!.querySelector<HTMLButtonElement>('[part~="row-actions"]')!.click();
    (await waitFor(() => part<HTMLElement>(portal, 'change-roles'))).click();
    const groups = await waitFor(() => part<HTMLElement>(portal, 'user-detail-groups'));
    expect(groups.textContent).to.contain('Groups');
    expect(groups.textContent).to.contain('Night shift');
    expect(groups.textContent).to.contain('Roles given by a group are changed on the Groups page.');
  });
});
