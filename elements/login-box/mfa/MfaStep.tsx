import { useEffect, useMemo, useState } from 'react';
import { errorMessage, isApiError } from '../../../core/api/errors';
import { createMfaApi } from '../../../core/api/mfa';
import type { AuthResponse } from '../../../core/api/types';
import { loginStateChanged, selectLoginState } from '../../../core/store/auth/authSlice';
import { finishSignIn } from '../../../core/store/auth/thunks';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChooseMethod } from './ChooseMethod';
import { AuthenticatorScreen, EmailCodeScreen, PhoneScreen, SmsCodeScreen } from './CodeScreens';
import { en, firstView, type ScreenProps, type View } from './mfaScreen';
import { RecoverScreen, RecoveryCodeScreen } from './RecoverScreens';
import { WebAuthnScreen } from './WebAuthnScreen';

/**
 * loginWithTwoFactor, forceTwoFactor and recoverTwoFactor (spec 000 §2, §4): a lazy chunk. The
 * mfaToken, devices and strategies come from the login answer; every call here is in core/api/mfa.
 */
export function MfaStep() {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const { mfa: info, step } = useAppSelector(selectLoginState);
  const api = useMemo(() => createMfaApi(app.services.http!), [app]);
  const [view, setView] = useState<View | null>(() =>
    info ? (step === 'recoverTwoFactor' ? { screen: 'recover' } : firstView(info)) : null,
  );
  const [remember, setRemember] = useState<{ allowed: boolean; days: number } | null>(null);
  const [expired, setExpired] = useState(!info);

  useEffect(() => {
    if (!info?.enrolled) return;
    let live = true;
    api.checkRememberDevice(info.mfaToken).then(
      (answer) => {
        if (live)
          setRemember({
            allowed: answer.isAllowedToRemember,
            days: Math.max(1, Math.round(answer.mfaDeviceExpiration / 86400)),
          });
      },
      () => {
        if (live) setRemember(null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, info]);

  function backToSignIn() {
    dispatch(loginStateChanged({ step: 'preLogin', mfa: null, error: null, loading: false }));
  }

  if (expired || !info || !view) {
    return (
      <Card title={en.mfa.verifyTitle} titleId="ae-mfa-title">
        <Alert>{en.mfa.expired}</Alert>
        <Button partName="back-to-sign-in" onClick={backToSignIn}>
          {en.mfa.backToSignIn}
        </Button>
      </Card>
    );
  }

  /** Success: the recovery code first when there is one, else the sign-in ends here. */
  async function done(response: AuthResponse) {
    if (response.recoveryCode || response.recoveryCodes?.length)
      setView({ screen: 'recoveryCode', response });
    else await dispatch(finishSignIn(response));
  }

  /** Turns a failure into a message; an expired or forged mfaToken ends the attempt. */
  function failure(error: unknown): string {
    if (isApiError(error) && error.status === 401) setExpired(true);
    return errorMessage(error);
  }

  const props: ScreenProps = { info, api, view, setView, remember, done, failure, backToSignIn };
  const title =
    view.screen === 'recoveryCode'
      ? en.mfa.recoveryCodeTitle
      : view.screen === 'recover'
        ? en.mfa.recoverTitle
        : info.enrolled
          ? en.mfa.verifyTitle
          : en.mfa.setupTitle;
  return (
    <Card title={title} titleId="ae-mfa-title">
      <MfaScreenView {...props} />
    </Card>
  );
}

function MfaScreenView(props: ScreenProps) {
  const { view } = props;
  switch (view.screen) {
    case 'verify':
      return <ChooseMethod {...props} />;
    case 'authenticatorApp':
      return <AuthenticatorScreen {...props} view={view} />;
    case 'smsSetPhoneNumber':
      return <PhoneScreen {...props} />;
    case 'smsVerifyCode':
      return <SmsCodeScreen {...props} view={view} />;
    case 'emailVerifyCode':
      return <EmailCodeScreen {...props} view={view} />;
    case 'webauthn':
      return <WebAuthnScreen {...props} view={view} />;
    case 'recover':
      return <RecoverScreen {...props} />;
    case 'recoveryCode':
      return <RecoveryCodeScreen {...props} view={view} />;
  }
}
