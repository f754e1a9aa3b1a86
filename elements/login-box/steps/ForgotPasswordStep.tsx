import { type FormEvent } from 'react';
import { recoveryChanged, selectLoginState, selectRecovery } from '../../../core/store/auth/authSlice';
import { requestPasswordReset } from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle, mutedStyle } from '../../ui/styles';
import { EMAIL_MAX_LENGTH, validateEmail } from '../validation';

/** Forgot password: forgotPassword (email form) and success (spec 000 §2). */
export function ForgotPasswordStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { step, email: sentTo, loading, error } = useAppSelector(selectRecovery).forgotPassword;
  const loginEmail = useAppSelector(selectLoginState).email;
  const form = useFormFields({ email: sentTo || loginEmail });
  const { email } = form.values;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (form.check({ email: validateEmail(email) })) void dispatch(requestPasswordReset(email.trim()));
  }

  function backToSignIn() {
    dispatch(recoveryChanged({ forgotPassword: { step: 'forgotPassword', error: null } }));
    onSignIn();
  }

  return (
    <Card title={en.forgotPassword.title} titleId="ae-forgot-title">
      {step === 'success' ? (
        <p role="status">{en.forgotPassword.sent(sentTo)}</p>
      ) : (
        <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
          {form.banner(error) && <Alert>{error}</Alert>}
          <p css={mutedStyle}>{en.forgotPassword.intro}</p>
          <TextField
            label={en.login.emailLabel}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            required
            maxLength={EMAIL_MAX_LENGTH}
            partName="email-input"
            {...form.field('email')}
          />
          <Button
            type="submit"
            partName="submit-button"
            loading={loading}
            loadingLabel={en.forgotPassword.submitting}
          >
            {en.forgotPassword.submit}
          </Button>
        </form>
      )}
      <Button variant="link" partName="link sign-in-link" onClick={backToSignIn}>
        {en.forgotPassword.backToSignIn}
      </Button>
    </Card>
  );
}
