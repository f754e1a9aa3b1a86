/// <reference types="mocha" />
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import './checkout-dialog.define';
import { mount, nextEvent, unmountAll, waitFor } from '../test-support/fixtures';

describe('<auth-checkout-dialog>', () => {
  afterEach(unmountAll);

  it('opens on the open attribute, traps focus, closes on Escape and gives focus back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Open checkout';
    document.body.append(opener);
    try {
      const dialogElement = await mount('auth-checkout-dialog', { demo: '', 'plan-id': 'pro' });
      opener.focus();
      const opened = nextEvent(dialogElement, 'checkout:open');
      dialogElement.setAttribute('open', '');
      const dialog = await waitFor(() =>
        dialogElement.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'),
      );
      expect((await opened).detail).to.deep.equal({ planId: 'pro' });
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-labelledby')).to.equal(
        dialogElement.shadowRoot!.querySelector('h2')!.id,
      );
      const close = dialogElement.shadowRoot!.querySelector('[part~="close-button"]');
      await waitFor(() => dialogElement.shadowRoot!.activeElement === close);
      await sendKeys({ press: 'Tab' });
      expect(dialogElement.shadowRoot!.activeElement, 'focus stays in the dialog').to.equal(close);
      const closed = nextEvent<{ status: string }>(dialogElement, 'checkout:close');
      await sendKeys({ press: 'Escape' });
      expect((await closed).detail.status).to.equal('cancel');
      await waitFor(() => !dialogElement.shadowRoot!.querySelector('[role="dialog"]'));
      expect(dialogElement.hasAttribute('open')).to.equal(false);
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });
});
