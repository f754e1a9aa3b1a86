import { lazy, Suspense, useEffect, useMemo, type FormEvent } from 'react';
import { selectPublicPolicy, selectSignUpState, signUpReset } from '../../../core/store/auth/authSlice';
import { loadPublicPolicy, signUpUser } from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle, mutedStyle } from '../../ui/styles';
import { validateName, validateNewPassword } from '../newPasswordValidation';
import { PASSWORD_MAX_LENGTH, validateEmail } from '../validation';
import { EMAIL_INPUT } from './OneFieldForm';
import { usePasswordMinLength } from './usePasswordMinLength';

// Only a sign-up address holding an invite link's `invitationToken` downloads this.
const InviteSignUpBanner = lazy(() => import('./InviteSignUpBanner'));

/** Sign-up: stages SignUp and SignUpSuccess (spec 000 §2). */
export function SignUpStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { stage, loading, error, shouldActivate } = useAppSelector(selectSignUpState);
  const policy = useAppSelector(selectPublicPolicy);
  const form = useFormFields({ name: '', email: '', password: '', companyName: '' });
  const fields = form.values;
  const minLength = usePasswordMinLength();
  // Spec 000 §2: the query string may carry an invitationToken; sign-up sends it and joins that account.
  const invitationToken = useMemo(
    () => new URLSearchParams(globalThis.location?.search ?? '').get('invitationToken')?.trim() || undefined,
    [],
  );

  useEffect(() => {
    void dispatch(loadPublicPolicy());
  }, [dispatch]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const valid = form.check({
      name: validateName(fields.name),
      email: validateEmail(fields.email),
      password: validateNewPassword(fields.password, minLength),
    });
    if (!valid) return;
    void dispatch(
      signUpUser({
        email: fields.email.trim(),
        password: fields.password,
        name: fields.name.trim() || undefined,
        companyName: invitationToken ? undefined : fields.companyName.trim() || undefined,
        invitationToken,
      }),
    );
  }

  if (policy?.allowSignups === false) {
    return (
      <Card title={en.signUp.title} titleId="ae-sign-up-title">
        <p css={mutedStyle}>{en.signUp.disabled}</p>
        <Button variant="link" partName="link" onClick={onSignIn}>
          {en.signUp.signInLink}
        </Button>
      </Card>
    );
  }

  if (stage === 'SignUpSuccess') {
    return (
      <Card title={en.signUp.successTitle} titleId="ae-sign-up-title">
        {shouldActivate && <p role="status">{en.signUp.activationNeeded}</p>}
        <Button
          variant="secondary"
          partName="link"
          onClick={() => {
            dispatch(signUpReset());
            onSignIn();
          }}
        >
          {en.signUp.signInLink}
        </Button>
      </Card>
    );
  }

  return (
    <Card title={en.signUp.title} titleId="ae-sign-up-title">
      <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
        {invitationToken && (
          <Suspense fallback={null}>
            <InviteSignUpBanner token={invitationToken} />
          </Suspense>
        )}
        {form.banner(error) && <Alert>{error}</Alert>}
        <TextField
          label={en.signUp.nameLabel}
          name="name"
          autoComplete="name"
          autoFocus
          maxLength={100}
          optional
          partName="name-input"
          {...form.field('name')}
        />
        <TextField {...EMAIL_INPUT} label={en.signUp.emailLabel} {...form.field('email')} />
        <PasswordField
          label={en.signUp.passwordLabel}
          name="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={en.signUp.passwordHint(minLength)}
          partName="password-input"
          {...form.field('password')}
        />
        {!invitationToken && (
          <TextField
            label={en.signUp.companyLabel}
            name="companyName"
            autoComplete="organization"
            optional
            maxLength={100}
            partName="company-input"
            {...form.field('companyName')}
          />
        )}
        <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.signUp.submitting}>
          {en.signUp.submit}
        </Button>
      </form>
      <p css={mutedStyle}>
        {en.signUp.haveAccount}{' '}
        <Button variant="link" partName="link sign-in-link" onClick={onSignIn}>
          {en.signUp.signInLink}
        </Button>
      </p>
    </Card>
  );
}
