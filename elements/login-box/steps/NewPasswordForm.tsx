import { type FormEvent, type ReactNode } from 'react';
import { en } from '../../i18n/en';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle } from '../../ui/styles';
import { validateNewPassword } from '../newPasswordValidation';
import { PASSWORD_MAX_LENGTH } from '../validation';
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
  const form = useFormFields({ password: '' });
  const { password } = form.values;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (form.check({ password: validateNewPassword(password, minLength) })) onSubmit(password);
  }

  return (
    <form noValidate onSubmit={handleSubmit} part="form" css={formStyle}>
      {form.banner(error) && <Alert>{error}</Alert>}
      {intro}
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        autoFocus
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint={en.signUp.passwordHint(minLength)}
        partName="password-input"
        {...form.field('password')}
      />
      <Button type="submit" partName="submit-button" loading={loading} loadingLabel={submitting}>
        {submit}
      </Button>
    </form>
  );
}
