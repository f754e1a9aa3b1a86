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

describePortal('admin portal: roles page', () => {
  it('lists the roles; the add, permissions and attach dialogs trap focus, close on Escape and give focus back', async () => {
    const portal = await portalOn('roles');
    expect((await inShadow(portal, '[part~="roles-total"]')).textContent).to.equal('4 roles');
    await checkDialog(portal, await buttonNamed(portal, 'Add role'), 'Add a role');
    await checkDialog(
      portal,
      await buttonNamed(portal, 'Choose the roles that hold fe.secure.read.accountSettings'),
      'Roles holding fe.secure.read.accountSettings',
    );
  });

  it('adds a role: the key follows the name until typed; a bad key is refused before sending; the role is listed', async () => {
    const portal = await portalOn('roles');
    (await buttonNamed(portal, 'Add role')).click();
    const dialog = await dialogNamed(portal, 'Add a role');
    setValue(labelled(dialog, 'Name'), 'Support agents');
    await waitFor(() => labelled(dialog, 'Key').value === 'support-agents');
    setValue(labelled(dialog, 'Key'), 'bad key');
    confirmIn(dialog);
    await waitFor(() =>
      dialog.textContent!.includes('Use only letters, digits, dots, dashes and underscores.'),
    );
    expect(labelled(dialog, 'Key').getAttribute('aria-invalid')).to.equal('true');
    expect(labelled(dialog, 'Name').value, 'what was typed stays').to.equal('Support agents');
    setValue(labelled(dialog, 'Key'), 'support');
    confirmIn(dialog);
    await waitFor(() => !dialog.isConnected);
    await waitFor(() => portal.shadowRoot!.querySelector('[part~="roles-total"]')?.textContent === '5 roles');
    await rowAction(portal, 'Support agents', 'Delete the role Support agents');
  });
});
