/// <reference types="mocha" />
// The `theme` and `primary-color` attributes are read while the element lives, not only when it
// starts: a host that switches its page to dark sets `theme="dark"` on the elements and sees them
// follow (all three elements).
import { expect } from 'chai';
import '../login-box/login-box.define';
import '../admin-portal/admin-portal.define';
import '../checkout/checkout-dialog.define';
import { mount, unmountAll, waitFor } from '../test-support/fixtures';

const surface = (element: HTMLElement) =>
  getComputedStyle(element).getPropertyValue('--ae-color-surface').trim().toLowerCase();
const primary = (element: HTMLElement) =>
  getComputedStyle(element).getPropertyValue('--ae-color-primary').trim().toLowerCase();

describe('theme attributes at run time', () => {
  afterEach(unmountAll);

  for (const tag of ['auth-login-box', 'auth-admin-portal', 'auth-checkout-dialog']) {
    it(`<${tag}> follows theme="dark" set after load, and back when it is removed`, async () => {
      const element = await mount(tag, { demo: '' });
      await waitFor(() => surface(element) !== '');
      const light = surface(element);
      expect(light).to.not.equal('#161b22');
      element.setAttribute('theme', 'dark');
      await waitFor(() => surface(element) === '#161b22');
      element.removeAttribute('theme');
      await waitFor(() => surface(element) === light);
    });
  }

  it('<auth-login-box> follows a primary-color set after load', async () => {
    const box = await mount('auth-login-box', { demo: '' });
    await waitFor(() => primary(box) !== '');
    box.setAttribute('primary-color', '#808080');
    await waitFor(() => primary(box) === '#808080');
  });
});
