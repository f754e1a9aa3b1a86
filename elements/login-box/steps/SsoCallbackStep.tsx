import { useEffect, useRef } from 'react';
import { selectLoginState } from '../../../core/store/auth/authSlice';
import { completeOidcLogin, completeSamlLogin } from '../../../core/sso/ssoLogin';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/**
 * The OIDC and SAML SSO callback routes: completes the sign-in; on failure shows loginWithSSOFailed
 * ("Failed to authenticate") while the thunk takes the user to the authenticated URL after 1000 ms.
 * A lazy chunk.
 */
export function SsoCallbackStep({ protocol }: { protocol: 'oidc' | 'saml' }) {
  const dispatch = useAppDispatch();
  const { step, error } = useAppSelector(selectLoginState);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(protocol === 'saml' ? completeSamlLogin() : completeOidcLogin());
  }, [dispatch, protocol]);

  return (
    <Card title={en.sso.callbackTitle} titleId="ae-sso-title">
      {step === 'loginWithSSOFailed' ? (
        <>
          <Alert>{error}</Alert>
          <p role="status">{en.sso.goingBack}</p>
        </>
      ) : (
        <Spinner label={en.sso.signingIn} />
      )}
    </Card>
  );
}
