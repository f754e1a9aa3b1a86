import { useEffect, type ReactNode } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle } from '../../ui/styles';
import { en } from '../../i18n/en';

/** The props the email inputs of the lazily loaded screens share; a form adds its own (autoFocus). */
export const EMAIL_INPUT = {
  label: en.login.emailLabel,
  type: 'email',
  name: 'email',
  autoComplete: 'username',
  inputMode: 'email',
  required: true,
  // EMAIL_MAX_LENGTH of ../validation, written out: importing it would add an export to the sign-in page's chunk.
  maxLength: 254,
  partName: 'email-input',
} as const;

/**
 * A form of one field (forgot password, resend activation, the passwordless code, the reset-phone
 * steps): the field's own check, the last answer's banner until the field changes, focus back on
 * the field after a refused answer, and `onValue` with the trimmed value. `intro` may read the
 * value as typed (the activation's "sent to …").
 */
export function OneFieldForm({
  field,
  check,
  initial = '',
  intro,
  error,
  loading,
  submit,
  submitting,
  onValue,
}: {
  field: Omit<TextFieldProps, 'value' | 'onChange' | 'error'>;
  check: (value: string) => string | null;
  initial?: string;
  intro?: (value: string) => ReactNode;
  error: string | null;
  loading: boolean;
  submit: string;
  submitting: string;
  onValue: (value: string) => void;
}) {
  const form = useFormFields({ value: initial });
  const value = form.values.value.trim();
  useEffect(() => {
    if (error) form.focus('value');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form.focus reads a ref
  }, [error]);
  return (
    <form
      noValidate
      part="form"
      css={formStyle}
      onSubmit={(event) => {
        event.preventDefault();
        if (!loading && form.check({ value: check(form.values.value) })) onValue(value);
      }}
    >
      {form.banner(error) && <Alert>{error}</Alert>}
      {intro?.(value)}
      <TextField {...field} {...form.field('value')} />
      <Button type="submit" partName="submit-button" loading={loading} loadingLabel={submitting}>
        {submit}
      </Button>
    </form>
  );
}
