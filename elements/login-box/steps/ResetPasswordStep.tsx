import { useMemo } from 'react';
import { readEmailLink } from '../../../core/flows/recovery';
import { selectRecovery } from '../../../core/store/auth/authSlice';
import { resetPassword } from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { NewPasswordForm } from './NewPasswordForm';

/** The resetPasswordUrl route (`?userId=..&token=..` from the email): choose a new password. */
export function ResetPasswordStep({
  onSignIn,
  onForgotPassword,
}: {
  onSignIn: () => void;
  onForgotPassword: () => void;
}) {
  const dispatch = useAppDispatch();
  const { step, loading, error } = useAppSelector(selectRecovery).resetPassword;
  const link = useMemo(() => readEmailLink(globalThis.location?.search ?? ''), []);

  return (
    <Card title={en.resetPassword.title} titleId="ae-reset-title">
      {step === 'success' ? (
        <>
          <p role="status">{en.resetPassword.done}</p>
          <Button partName="sign-in-link" onClick={onSignIn}>
            {en.login.signIn}
          </Button>
        </>
      ) : link ? (
        <NewPasswordForm
          label={en.resetPassword.passwordLabel}
          submit={en.resetPassword.submit}
          submitting={en.resetPassword.submitting}
          loading={loading}
          error={error}
          onSubmit={(password) => void dispatch(resetPassword(link, password))}
        />
      ) : (
        <Alert>{en.resetPassword.incompleteLink}</Alert>
      )}
      {step !== 'success' && (!link || error) && (
        <Button variant="link" partName="link" onClick={onForgotPassword}>
          {en.resetPassword.askAgain}
        </Button>
      )}
    </Card>
  );
}
