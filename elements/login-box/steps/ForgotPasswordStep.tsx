import { useRef, useState, type FormEvent } from 'react';
import { recoveryChanged, selectLoginState, selectRecovery } from '../../../core/store/auth/authSlice';
import { requestPasswordReset } from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { formStyle, mutedStyle } from '../../ui/styles';
import { EMAIL_MAX_LENGTH, validateEmail } from '../validation';

/** Forgot password: forgotPassword (email form) and success (spec 000 §2). */
export function ForgotPasswordStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { step, email: sentTo, loading, error } = useAppSelector(selectRecovery).forgotPassword;
  const loginEmail = useAppSelector(selectLoginState).email;
  const [email, setEmail] = useState(sentTo || loginEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const problem = validateEmail(email);
    setFieldError(problem);
    if (problem) return emailRef.current?.focus();
    void dispatch(requestPasswordReset(email.trim()));
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
          {error && <Alert>{error}</Alert>}
          <p css={mutedStyle}>{en.forgotPassword.intro}</p>
          <TextField
            ref={emailRef}
            label={en.login.emailLabel}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            error={fieldError}
            partName="email-input"
            onChange={(event) => setEmail(event.target.value)}
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
