import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { selectPublicPolicy, selectSignUpState, signUpReset } from '../../../core/store/auth/authSlice';
import { loadPublicPolicy, signUpUser } from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { formStyle, mutedStyle } from '../../ui/styles';
import { PASSWORD_MAX_LENGTH, validateEmail, validateName, validateNewPassword } from '../validation';
import { usePasswordMinLength } from './usePasswordMinLength';

interface Fields {
  name: string;
  email: string;
  password: string;
  companyName: string;
}

// Only a sign-up address holding an invite link's `invitationToken` downloads this.
const InviteSignUpBanner = lazy(() => import('./InviteSignUpBanner'));
type FieldErrors = Partial<Record<keyof Fields, string | null>>;

/** Sign-up: stages SignUp and SignUpSuccess (spec 000 §2). */
export function SignUpStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { stage, loading, error, shouldActivate } = useAppSelector(selectSignUpState);
  const policy = useAppSelector(selectPublicPolicy);
  const [fields, setFields] = useState<Fields>({ name: '', email: '', password: '', companyName: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const minLength = usePasswordMinLength();
  // Spec 000 §2: the query string may carry an invitationToken; sign-up sends it and joins that account.
  const invitationToken = useMemo(
    () => new URLSearchParams(globalThis.location?.search ?? '').get('invitationToken')?.trim() || undefined,
    [],
  );
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    companyName: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    void dispatch(loadPublicPolicy());
  }, [dispatch]);

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const errors: FieldErrors = {
      name: validateName(fields.name),
      email: validateEmail(fields.email),
      password: validateNewPassword(fields.password, minLength),
    };
    setFieldErrors(errors);
    const firstInvalid = (Object.keys(errors) as Array<keyof Fields>).find((key) => errors[key]);
    if (firstInvalid) return refs[firstInvalid].current?.focus();
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
        {error && <Alert>{error}</Alert>}
        <TextField
          ref={refs.name}
          label={en.signUp.nameLabel}
          name="name"
          autoComplete="name"
          autoFocus
          maxLength={100}
          value={fields.name}
          error={fieldErrors.name}
          partName="name-input"
          onChange={set('name')}
        />
        <TextField
          ref={refs.email}
          label={en.signUp.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          maxLength={254}
          value={fields.email}
          error={fieldErrors.email}
          partName="email-input"
          onChange={set('email')}
        />
        <TextField
          ref={refs.password}
          label={en.signUp.passwordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={fields.password}
          error={fieldErrors.password}
          hint={en.signUp.passwordHint(minLength)}
          partName="password-input"
          onChange={set('password')}
        />
        {!invitationToken && (
          <TextField
            ref={refs.companyName}
            label={en.signUp.companyLabel}
            name="companyName"
            autoComplete="organization"
            maxLength={100}
            value={fields.companyName}
            error={fieldErrors.companyName}
            partName="company-input"
            onChange={set('companyName')}
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
