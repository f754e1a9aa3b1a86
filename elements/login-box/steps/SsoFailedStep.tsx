import { MESSAGES } from '../../../core/api/messages';
import { selectLoginState } from '../../../core/store/auth/authSlice';
import { en } from '../../i18n/en';
import { useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';

/**
 * The loginWithSSOFailed step (spec 000 §4 "Legacy SSO post-login failure") where the login box is
 * not the SSO callback screen: the store is shared by every element of the page, so another login
 * box shows the same "Failed to authenticate" while the callback takes the page to the
 * authenticated URL after 1000 ms. A lazy chunk.
 */
export default function SsoFailedStep() {
  const { error } = useAppSelector(selectLoginState);
  return (
    <Card title={en.sso.callbackTitle} titleId="ae-sso-failed-title">
      <Alert>{error ?? MESSAGES.failedToAuthenticate}</Alert>
      <p role="status">{en.sso.goingBack}</p>
    </Card>
  );
}
