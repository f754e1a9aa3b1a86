import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { en } from '../../i18n/en';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formStyle } from '../../ui/styles';
import { PASSWORD_MAX_LENGTH, validateNewPassword } from '../validation';
import { usePasswordMinLength } from './usePasswordMinLength';

interface NewPasswordFormProps {
  label: string;
  submit: string;
  submitting: string;
  loading: boolean;
  error: string | null;
  intro?: ReactNode;
  onSubmit: (password: string) => void;
}

/**
 * One new-password field checked against the loaded password policy (reset password and the
 * activation form). The password typed stays in the field after a server error.
 */
export function NewPasswordForm({
  label,
  submit,
  submitting,
  loading,
  error,
  intro,
  onSubmit,
}: NewPasswordFormProps) {
  const minLength = usePasswordMinLength();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const problem = validateNewPassword(password, minLength);
    setFieldError(problem);
    if (problem) return ref.current?.focus();
    onSubmit(password);
  }

  return (
    <form noValidate onSubmit={handleSubmit} part="form" css={formStyle}>
      {error && <Alert>{error}</Alert>}
      {intro}
      <TextField
        ref={ref}
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        error={fieldError}
        hint={en.signUp.passwordHint(minLength)}
        partName="password-input"
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" partName="submit-button" loading={loading} loadingLabel={submitting}>
        {submit}
      </Button>
    </form>
  );
}
