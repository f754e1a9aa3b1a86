/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../../test-support/fixtures';
import {
  buttonNamed,
  checkDialog,
  confirmIn,
  describePortal,
  dialogNamed,
  labelled,
  portalOn,
  rowAction,
  setValue,
} from '../../../test-support/portal';

describePortal('admin portal: provisioning page (demo backend)', () => {
  it('adds a connection, shows the base URL and the token once, counts its users, deletes it', async () => {
    const portal = await portalOn('provisioning');
    await waitFor(() => portal.shadowRoot!.textContent!.includes('No SCIM connection yet.'), 8000);
    const add = await buttonNamed(portal, 'Add connection');
    await checkDialog(portal, add, 'Add a SCIM connection');

    add.click();
    const dialog = await dialogNamed(portal, 'Add a SCIM connection');
    // The generic choices are named as what they are, never after another vendor's brand.
    const sources = [...labelled<HTMLSelectElement>(dialog, 'Identity provider').options];
    expect(sources.map((o) => o.textContent)).to.deep.equal([
      'Okta',
      'Microsoft Entra ID (Azure AD)',
      'Generic SCIM 2.0 client',
      'Other',
    ]);
    setValue(labelled<HTMLSelectElement>(dialog, 'Identity provider'), 'azure-ad');
    setValue(labelled(dialog, 'Connection name'), 'x'.repeat(101));
    confirmIn(dialog);
    await waitFor(() => dialog.textContent!.includes('Use at most 100 characters.'));
    setValue(labelled(dialog, 'Connection name'), 'Entra production');
    confirmIn(dialog);

    const created = await dialogNamed(portal, 'Connection created', 8000);
    const token = labelled(created, 'Bearer token');
    expect(token.value).to.match(/^scim_/);
    expect(token.readOnly).to.equal(true);
    expect(labelled(created, 'SCIM base URL').value).to.match(/\/scim\/v2$/);
    (created.querySelector('[part~="done-button"]') as HTMLButtonElement).click();
    await waitFor(() => !created.isConnected);
    await waitFor(() => portal.shadowRoot!.querySelector('[part~="scim-row"]') !== null, 8000);
    const row = portal.shadowRoot!.querySelector('[part~="scim-row"]')!;
    expect(row.textContent).to.contain('Entra production');
    expect(row.textContent).to.contain('Microsoft Entra ID (Azure AD)');
    expect(row.querySelector('[part~="scim-users"]')!.textContent).to.equal('0');
    expect(portal.shadowRoot!.textContent, 'the token is not listed').not.to.contain(token.value);

    const { trigger, item } = await rowAction(
      portal,
      'Entra production',
      'Delete the connection Entra production',
    );
    await checkDialog(portal, item, 'Delete this SCIM connection?', trigger);
  });
});
