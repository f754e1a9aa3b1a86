/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../../test-support/fixtures';
import {
  buttonNamed,
  checkDialog,
  confirmIn,
  describePortal,
  dialogNamed,
  inShadow,
  labelled,
  portalOn,
  rowAction,
  setValue,
} from '../../../test-support/portal';

describePortal('admin portal: groups page', () => {
  it('creates a group (no description sent when none typed), then its dialogs trap focus, close on Escape and give focus back', async () => {
    const portal = await portalOn('groups');
    await waitFor(() => portal.shadowRoot!.textContent!.includes('No groups yet.'), 8000);
    await checkDialog(portal, await buttonNamed(portal, 'Create group'), 'Create a group');

    (await buttonNamed(portal, 'Create group')).click();
    const dialog = await dialogNamed(portal, 'Create a group');
    setValue(labelled(dialog, 'Name'), 'Support');
    confirmIn(dialog);
    await waitFor(() => !dialog.isConnected, 8000);
    const row = await inShadow(portal, '[part~="group-row"]');
    expect(row.textContent).to.contain('Support');
    expect(row.querySelectorAll('td')[1]!.textContent, 'no description was typed, none stored').to.equal('—');
    const stored = JSON.parse(localStorage.getItem('auth-elements.demo.v6')!).tables.groups[0];
    expect(stored.description).to.equal(null);

    for (const [action, title] of [
      ['Choose the roles of Support', 'Roles of Support'],
      ['Manage the members of Support', 'Members of Support'],
      ['Delete the group Support', 'Delete this group?'],
    ] as const) {
      const { trigger, item } = await rowAction(portal, 'Support', action);
      await checkDialog(portal, item, title, trigger);
    }
  });

  it('adds a member and keeps focus in the members dialog; the list reloads with them', async () => {
    const portal = await portalOn('groups');
    (await buttonNamed(portal, 'Create group')).click();
    const create = await dialogNamed(portal, 'Create a group');
    setValue(labelled(create, 'Name'), 'Ops');
    setValue(labelled(create, 'Description (optional)'), 'Keeps things running');
    confirmIn(create);
    await waitFor(
      () =>
        portal
          .shadowRoot!.querySelector('[part~="group-row"]')
          ?.textContent?.includes('Keeps things running'),
      8000,
    );
    (await rowAction(portal, 'Ops', 'Manage the members of Ops')).item.click();
    const members = await dialogNamed(portal, 'Members of Ops');
    (await buttonNamed(portal, 'Add Grace Hopper to the group')).click();
    await waitFor(
      () =>
        members.querySelector('[part~="group-members"]')?.textContent?.includes('grace@auth-elements.dev'),
      8000,
    );
    expect(portal.shadowRoot!.activeElement).to.equal(labelled(members, 'Find people to add'));
    await waitFor(
      () => portal.shadowRoot!.querySelector('[part~="group-row"]')?.textContent?.includes('Grace Hopper'),
      8000,
    );
  });
});
