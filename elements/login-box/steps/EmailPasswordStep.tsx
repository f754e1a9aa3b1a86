import { useEffect, type FormEvent } from 'react';
import {
  loginStateChanged,
  selectLoginState,
  selectPublicPolicy,
  selectSocialProviders,
} from '../../../core/store/auth/authSlice';
import {
  loadPublicPolicy,
  loadSocialProviders,
  loginWithPassword,
  preLogin,
} from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle, mutedStyle } from '../../ui/styles';
import { validateEmail, validateLoginPassword } from '../validation';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SocialLoginButtons } from './SocialLoginButtons';
import type { StepProps } from './types';

/**
 * The preLogin and loginWithPassword steps in one form, so the email stays in the same input (and
 * password managers see username and password together). What the user typed survives every error.
 */
export function EmailPasswordStep({ onSignUp, onForgotPassword }: StepProps) {
  const dispatch = useAppDispatch();
  const { step, email: storedEmail, loading, error } = useAppSelector(selectLoginState);
  const policy = useAppSelector(selectPublicPolicy);
  const socialProviders = useAppSelector(selectSocialProviders);
  const form = useFormFields({ email: storedEmail, password: '' });
  const { email, password } = form.values;
  const askPassword = step === 'loginWithPassword';

  // The policy decides whether the sign-up link and the passkey button show; pre-login reuses it.
  // The login box asks for the policy and the social providers together with the session check
  // (LoginBox), so these find them in the store and send nothing; they ask only when the form comes
  // later (after sign-up, sign-out, or a failed list). The field never waits for either.
  useEffect(() => {
    void dispatch(loadPublicPolicy());
    void dispatch(loadSocialProviders());
  }, [dispatch]);
  useEffect(() => {
    if (askPassword) form.focus('password');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form.focus reads a ref
  }, [askPassword, error]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const valid = form.check({
      email: validateEmail(email),
      password: askPassword ? validateLoginPassword(password) : null,
    });
    if (!valid) return;
    // Spec 000 §2 §7: an invite link's invitationToken in the address joins its account at sign-in.
    const invitationToken = new URLSearchParams(globalThis.location?.search ?? '')
      .get('invitationToken')
      ?.trim();
    if (askPassword)
      void dispatch(
        loginWithPassword({ email: email.trim(), password, ...(invitationToken ? { invitationToken } : {}) }),
      );
    else void dispatch(preLogin(email.trim()));
  }

  function useAnotherEmail() {
    form.reset({ email, password: '' });
    dispatch(loginStateChanged({ step: 'preLogin', error: null }));
    queueMicrotask(() => form.focus('email'));
  }

  return (
    <Card title={en.login.title} titleId="ae-login-title">
      <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
        {form.banner(error) && <Alert>{error}</Alert>}
        <TextField
          label={en.login.emailLabel}
          type="email"
          name="email"
          autoComplete="username webauthn"
          inputMode="email"
          autoFocus
          required
          readOnly={askPassword}
          maxLength={254}
          partName="email-input"
          {...form.field('email')}
        />
        {askPassword && (
          <PasswordField
            label={en.login.passwordLabel}
            name="password"
            autoComplete="current-password"
            required
            maxLength={128}
            partName="password-input"
            {...form.field('password')}
          />
        )}
        <Button
          type="submit"
          partName="submit-button"
          loading={loading}
          loadingLabel={askPassword ? en.login.signingIn : en.login.continuing}
        >
          {askPassword ? en.login.signIn : en.login.continue}
        </Button>
        {askPassword && (
          <Button variant="link" partName="link" onClick={useAnotherEmail}>
            {en.login.useAnotherEmail}
          </Button>
        )}
        {askPassword && (
          <Button variant="link" partName="link forgot-password-link" onClick={onForgotPassword}>
            {en.login.forgotPassword}
          </Button>
        )}
      </form>
      {!askPassword && socialProviders && <SocialLoginButtons providers={socialProviders.list} />}
      {!askPassword && <PasskeySignInButton />}
      {policy?.allowSignups !== false && (
        <p css={mutedStyle}>
          {en.login.noAccount}{' '}
          <Button variant="link" partName="link sign-up-link" onClick={onSignUp}>
            {en.login.signUpLink}
          </Button>
        </p>
      )}
    </Card>
  );
}
