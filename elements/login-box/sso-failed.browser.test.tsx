/// <reference types="mocha" />
import { expect } from 'chai';
import '../login-box/login-box.define';
import { getOrCreateApp } from '../../core/app';
import { loginStateChanged } from '../../core/store/auth/authSlice';
import { mount, part, unmountAll, waitFor } from '../test-support/fixtures';

// loginWithSSOFailed reached outside the SSO callback screen: the store is shared by the page's
// elements, so a login box on its sign-in screen shows the failure (spec 000 §4 "Legacy SSO
// post-login failure", "Failed to authenticate"), not the "method unavailable" fallback.
describe('<auth-login-box> on loginWithSSOFailed', () => {
  afterEach(unmountAll);

  it('shows "Failed to authenticate" as an alert and says it is taking the user back', async () => {
    const box = await mount('auth-login-box', { demo: '', 'app-name': 'sso-failed-app' });
    await waitFor(() => part(box, 'email-input'));
    const app = getOrCreateApp('sso-failed-app');
    app.store.dispatch(
      loginStateChanged({ step: 'loginWithSSOFailed', loading: false, error: 'Failed to authenticate' }),
    );
    const alert = await waitFor(() => box.shadowRoot!.querySelector('[role="alert"]'), 3000);
    expect(alert.textContent).to.equal('Failed to authenticate');
    expect(box.shadowRoot!.querySelector('[role="status"]')?.textContent).to.equal('Taking you back…');
    expect(box.shadowRoot!.querySelector('h1, h2')?.textContent).to.equal('Single sign-on');
  });
});
