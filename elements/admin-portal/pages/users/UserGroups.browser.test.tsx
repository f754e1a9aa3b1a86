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

  it("edits a member's customData in the same dialog: a bad value is refused, a JSON object saved (issue 28 item 11)", async () => {
    const appName = `custom-data-${Math.random().toString(36).slice(2)}`;
    location.hash = '#/portal/users';
    const portal = await mount('auth-admin-portal', { demo: '', 'app-name': appName });
    await getApp(appName).store.dispatch(
      loginWithPassword({ email: 'demo@auth-elements.dev', password: 'demo-password' }),
    );
    const rowOf = (name: string) =>
      [...portal.shadowRoot!.querySelectorAll<HTMLElement>('[part~="user-row"]')].find((row) =>
        row.textContent?.includes(name),
      );
    const open = async () => {
      (await waitFor(() => rowOf('Alan Turing'), 6000))
        .querySelector<HTMLButtonElement>('[part~="row-actions"]')!
        .click();
      (await waitFor(() => part<HTMLElement>(portal, 'change-roles'))).click();
      return waitFor(() => part<HTMLTextAreaElement>(portal, 'user-custom-data'));
    };
    const setText = (area: HTMLTextAreaElement, value: string) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    };
    let area = await open();
    expect(area.value).to.equal('{}');
    const label = portal.shadowRoot!.querySelector(`label[for="${area.id}"]`)!;
    expect(label.textContent).to.equal('Custom data (JSON)');
    setText(area, '[1, 2]');
    // The roles load first: Save is enabled then.
    const save = () => {
      const button = part<HTMLButtonElement>(portal, 'confirm-button');
      return button && !button.disabled ? button : null;
    };
    (await waitFor(save, 4000)).click();
    await waitFor(() =>
      portal
        .shadowRoot!.querySelector('[role="dialog"]')
        ?.textContent?.includes('Enter a JSON object, such as {"plan": "gold"}.'),
    );
    setText(area, '{"plan": "gold"}');
    (await waitFor(save, 4000)).click();
    await waitFor(() => !portal.shadowRoot!.querySelector('[role="dialog"]'), 4000);
    // The list reloads after a save; the dialog opens on the row it shows.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    area = await open();
    await waitFor(() => JSON.parse(area.value).plan === 'gold', 4000);
  });
});
