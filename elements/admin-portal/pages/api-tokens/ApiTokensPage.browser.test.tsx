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

describePortal('admin portal: API tokens pages', () => {
  for (const page of ['apiTokens', 'personalApiTokens']) {
    it(`${page}: the add dialog checks the days, closes, and 200 ms later the token is listed first and its secret shown once`, async () => {
      const portal = await portalOn(page);
      await waitFor(() => portal.shadowRoot!.textContent!.includes('No API tokens yet.'), 8000);
      const add = await buttonNamed(portal, 'Generate token');
      await checkDialog(portal, add, 'Generate an API token');

      add.click();
      const dialog = await dialogNamed(portal, 'Generate an API token');
      setValue(labelled(dialog, 'Description'), 'Export');
      setValue(labelled(dialog, 'Expires after (days)'), '0');
      confirmIn(dialog);
      await waitFor(() =>
        dialog.textContent!.includes('Enter a whole number of days, 1 or more, or leave it empty.'),
      );
      setValue(labelled(dialog, 'Expires after (days)'), '3651');
      confirmIn(dialog);
      await waitFor(() => dialog.textContent!.includes('Use at most 3650 days.'));
      setValue(labelled(dialog, 'Expires after (days)'), '2');
      confirmIn(dialog);

      await waitFor(() => !dialog.isConnected, 8000);
      const closedAt = performance.now();
      const success = await dialogNamed(portal, 'Your API token');
      expect(
        performance.now() - closedAt,
        'the success dialog waits the 200 ms dialog delay',
      ).to.be.greaterThan(150);
      const secret = labelled(success, 'Secret');
      expect(secret.value).to.have.length.greaterThan(20);
      expect(secret.readOnly).to.equal(true);
      expect(labelled(success, 'Client ID').value).to.have.length.greaterThan(5);
      const row = portal.shadowRoot!.querySelector('[part~="token-row"]')!;
      expect(row.textContent).to.contain('Export');
      expect(row.textContent, 'the list never holds the secret').not.to.contain(secret.value);
      (success.querySelector('[part~="done-button"]') as HTMLButtonElement).click();
      await waitFor(() => !success.isConnected);
      expect(portal.shadowRoot!.textContent).not.to.contain(secret.value);
      const { trigger, item } = await rowAction(portal, 'Export', 'Delete the token Export');
      await checkDialog(portal, item, 'Delete this API token?', trigger);

      // Edit (issue 28 item 15): the description changes in place; the secret is not shown again.
      const edit = await rowAction(portal, 'Export', 'Edit the token Export');
      edit.item.click();
      const editing = await dialogNamed(portal, 'Edit this API token');
      expect(labelled(editing, 'Description').value).to.equal('Export');
      setValue(labelled(editing, 'Description'), '  ');
      confirmIn(editing);
      await waitFor(() => editing.textContent!.includes('Describe what the token is for.'));
      setValue(labelled(editing, 'Description'), 'Export v2');
      confirmIn(editing);
      await waitFor(() => !editing.isConnected, 8000);
      await waitFor(() =>
        portal.shadowRoot!.querySelector('[part~="token-row"]')!.textContent!.includes('Export v2'),
      );
      expect(portal.shadowRoot!.textContent).not.to.contain(secret.value);
    });
  }
});
