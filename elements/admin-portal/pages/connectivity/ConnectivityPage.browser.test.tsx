/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../../test-support/fixtures';
import {
  buttonNamed,
  confirmIn,
  describePortal,
  dialogNamed,
  labelled,
  portalOn,
  rowAction,
  setValue,
} from '../../../test-support/portal';

const checkbox = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!.querySelector('input')!;

describePortal('admin portal: connectivity (webhooks page), demo mode', () => {
  it('adds a webhook (fields checked, secret shown once), shows its logs and queues a retry (202)', async () => {
    const portal = await portalOn('webhooks');
    await waitFor(() => portal.shadowRoot!.textContent!.includes('No webhooks yet.'), 8000);
    (await buttonNamed(portal, 'Add webhook'))!.click();
    const dialog = await dialogNamed(portal, 'Add webhook');
    confirmIn(dialog);
    await waitFor(() => dialog.textContent!.includes('Enter a name'));
    expect(dialog.textContent).to.contain('Choose at least one event');
    expect(labelled(dialog, 'Name').getAttribute('aria-invalid')).to.equal('true');
    setValue(labelled(dialog, 'Name'), 'Orders');
    setValue(labelled(dialog, 'Endpoint URL'), 'https://example.com/hook');
    checkbox(dialog, 'User signed in').click();
    (await buttonNamed(portal, 'Send a test'))!.click();
    await waitFor(() => dialog.textContent!.includes('Test delivered: the endpoint answered 200.'), 8000);
    confirmIn(dialog);
    const saved = await dialogNamed(portal, 'Webhook saved', 8000);
    const secret = labelled(saved, 'Signing secret');
    expect(secret.value).to.match(/^whsec_/);
    (saved.querySelector('[part~="done-button"]') as HTMLButtonElement).click();
    await waitFor(() => portal.shadowRoot!.querySelector('[part~="webhook-row"]'), 8000);
    expect(portal.shadowRoot!.textContent, 'the list never holds the secret').not.to.contain(secret.value);

    const { item } = await rowAction(portal, 'Orders', 'Logs of Orders');
    item.click();
    const logs = await dialogNamed(portal, 'Deliveries of Orders');
    await waitFor(() => logs.querySelectorAll('[part~="log-row"]').length === 2, 8000);
    const retry = await waitFor(() =>
      [...portal.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        b.getAttribute('aria-label')?.startsWith('Actions for user.signedIn'),
      ),
    );
    retry!.click();
    const menuItem = await waitFor(() =>
      [...portal.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find((b) =>
        b.getAttribute('aria-label')?.startsWith('Retry the delivery of'),
      ),
    );
    menuItem!.click();
    await waitFor(() => logs.textContent!.includes('Retry queued.'), 8000);
  });

  it('email: nothing saved without a recipient; saved with one', async () => {
    const portal = await portalOn('webhooks');
    const tab = await waitFor(
      () =>
        [...portal.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
          (b) => b.textContent === 'Email',
        ),
      8000,
    );
    tab!.click();
    const row = await waitFor(
      () =>
        portal.shadowRoot!.querySelector<HTMLFormElement>(
          '[part~="email-event"][data-event="user.signedIn"]',
        ),
      8000,
    );
    setValue(labelled(row!, 'User signed in: email addresses'), 'ops@example.com, ');
    (row!.querySelector('[part~="save-email"]') as HTMLButtonElement).click();
    await waitFor(() => row!.textContent!.includes('Saved'), 8000);
  });
});
