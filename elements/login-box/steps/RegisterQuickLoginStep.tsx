import { useState } from 'react';
import { selectLoginState } from '../../../core/store/auth/authSlice';
import { finishQuickLogin } from '../../../core/store/auth/sessionThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { formStyle, mutedStyle } from '../../ui/styles';

/**
 * The RegisterQuickLogin flow (spec 000 §4): after sign-in, the register-quick-login flag offers
 * the method it names. "Set it up" hands over to that method's screens (auth:registerQuickLogin)
 * and marks this user done; "Not now" leaves the marker unset. Both continue where sign-in goes.
 */
export function RegisterQuickLoginStep() {
  const dispatch = useAppDispatch();
  const { quickLoginToRegister } = useAppSelector(selectLoginState);
  const [busy, setBusy] = useState(false);
  const finish = (choice: 'register' | 'later') => {
    setBusy(true);
    void dispatch(finishQuickLogin(choice));
  };
  return (
    <Card title={en.session.quickLoginTitle} titleId="ae-quick-login-title">
      <div css={formStyle}>
        <p css={mutedStyle}>{en.session.quickLoginIntro(quickLoginToRegister ?? '')}</p>
        <Button partName="quick-login-register" autoFocus disabled={busy} onClick={() => finish('register')}>
          {en.session.quickLoginSetUp}
        </Button>
        <Button
          variant="secondary"
          partName="quick-login-later"
          disabled={busy}
          onClick={() => finish('later')}
        >
          {en.session.quickLoginLater}
        </Button>
      </div>
    </Card>
  );
}
