import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { enPortal } from '../../../i18n/en-portal';
import { validateNewPassword } from '../../../login-box/newPasswordValidation';
import { usePasswordMinLength } from '../../../login-box/steps/usePasswordMinLength';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { readableWidthStyle, Section } from '../../../ui/Page';
import { PasswordField } from '../../../ui/PasswordField';
import { useFormFields } from '../../../ui/useFormFields';
import { formStyle } from '../../../ui/styles';

const t = enPortal.portal.password;

const EMPTY = { current: '', next: '', confirm: '' };

/** The three fields: the form key (and text), the input's name and part, its autocomplete. */
const PASSWORD_FIELDS = [
  ['current', 'current-password', 'current-password'],
  ['next', 'new-password', 'new-password'],
  ['confirm', 'confirm-password', 'new-password'],
] as const;

/**
 * Password change on the privacy page (POST /users/v1/passwords/change): current password, new
 * password (the vendor's minimum length, checked again by the server with the breach list) and its
 * confirmation. On success the server signs out the other sessions; `onChanged` lets the page
 * reload its session list.
 */
export function PasswordSection({ onChanged }: { onChanged?: () => void }) {
  const app = useAuthApp();
  const minLength = usePasswordMinLength();
  const form = useFormFields(EMPTY);
  const fields = form.values;
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; changed: boolean }>({
    saving: false,
    error: null,
    changed: false,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.saving) return;
    const valid = form.check({
      current: fields.current ? null : t.currentRequired,
      next: validateNewPassword(fields.next, minLength),
      confirm: fields.confirm === fields.next ? null : t.mismatch,
    });
    if (!valid) return;
    setStatus({ saving: true, error: null, changed: false });
    try {
      await app.services.api.profile.changePassword(fields.current, fields.next);
      form.reset();
      setStatus({ saving: false, error: null, changed: true });
      onChanged?.();
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), changed: false });
    }
  }

  return (
    <Section titleId="ae-password-title" partName="password" title={t.title} intro={t.intro}>
      <form noValidate onSubmit={onSubmit} css={[formStyle, readableWidthStyle]} part="form change-password">
        {form.banner(status.error) && <Alert>{status.error}</Alert>}
        {PASSWORD_FIELDS.map(([key, name, autoComplete]) => (
          <PasswordField
            key={key}
            label={t[key]}
            name={name}
            autoComplete={autoComplete}
            maxLength={128}
            partName={name}
            {...form.field(key)}
          />
        ))}
        <Button
          type="submit"
          partName="change-password-button"
          loading={status.saving}
          loadingLabel={t.saving}
        >
          {t.submit}
        </Button>
        {form.banner(status.changed) && (
          <p role="status" part="password-changed">
            {t.changed}
          </p>
        )}
      </form>
    </Section>
  );
}
