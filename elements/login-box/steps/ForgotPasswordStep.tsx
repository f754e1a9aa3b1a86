import { recoveryChanged, selectLoginState, selectRecovery } from '../../../core/store/auth/authSlice';
import { requestPasswordReset } from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { mutedStyle } from '../../ui/styles';
import { validateEmail } from '../validation';
import { EMAIL_INPUT, OneFieldForm } from './OneFieldForm';

/** Forgot password: forgotPassword (email form) and success (spec 000 §2). */
export function ForgotPasswordStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { step, email: sentTo, loading, error } = useAppSelector(selectRecovery).forgotPassword;
  const loginEmail = useAppSelector(selectLoginState).email;

  function backToSignIn() {
    dispatch(recoveryChanged({ forgotPassword: { step: 'forgotPassword', error: null } }));
    onSignIn();
  }

  return (
    <Card title={en.forgotPassword.title} titleId="ae-forgot-title">
      {step === 'success' ? (
        <p role="status">{en.forgotPassword.sent(sentTo)}</p>
      ) : (
        <OneFieldForm
          field={{ ...EMAIL_INPUT, autoFocus: true }}
          check={validateEmail}
          initial={sentTo || loginEmail}
          intro={() => <p css={mutedStyle}>{en.forgotPassword.intro}</p>}
          error={error}
          loading={loading}
          submit={en.forgotPassword.submit}
          submitting={en.forgotPassword.submitting}
          onValue={(email) => void dispatch(requestPasswordReset(email))}
        />
      )}
      <Button variant="link" partName="link sign-in-link" onClick={backToSignIn}>
        {en.forgotPassword.backToSignIn}
      </Button>
    </Card>
  );
}
