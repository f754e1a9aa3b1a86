import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { enPortal } from '../../../i18n/en-portal';
import { validateNewPassword } from '../../../login-box/validation';
import { usePasswordMinLength } from '../../../login-box/steps/usePasswordMinLength';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { readableWidthStyle, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';

const t = enPortal.portal.password;

type Fields = { current: string; next: string; confirm: string };
const EMPTY: Fields = { current: '', next: '', confirm: '' };

/**
 * Password change on the privacy page (POST /users/v1/passwords/change): current password, new
 * password (the vendor's minimum length, checked again by the server with the breach list) and its
 * confirmation. On success the server signs out the other sessions; `onChanged` lets the page
 * reload its session list.
 */
export function PasswordSection({ onChanged }: { onChanged?: () => void }) {
  const app = useAuthApp();
  const minLength = usePasswordMinLength();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string | null>>>({});
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; changed: boolean }>({
    saving: false,
    error: null,
    changed: false,
  });
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const set = (key: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    setStatus((s) => ({ ...s, changed: false }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.saving) return;
    const found: Partial<Record<keyof Fields, string | null>> = {
      current: fields.current ? null : t.currentRequired,
      next: validateNewPassword(fields.next, minLength),
      confirm: fields.confirm === fields.next ? null : t.mismatch,
    };
    setErrors(found);
    const firstInvalid = (Object.keys(refs) as Array<keyof Fields>).find((key) => found[key]);
    if (firstInvalid) return refs[firstInvalid].current?.focus();
    setStatus({ saving: true, error: null, changed: false });
    try {
      await app.services.api.profile.changePassword(fields.current, fields.next);
      setFields(EMPTY);
      setStatus({ saving: false, error: null, changed: true });
      onChanged?.();
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), changed: false });
    }
  }

  return (
    <section aria-labelledby="ae-password-title" part="password" css={sectionStyle}>
      <h3 id="ae-password-title" css={sectionTitleStyle}>
        {t.title}
      </h3>
      <p css={mutedStyle}>{t.intro}</p>
      <form noValidate onSubmit={onSubmit} css={[formStyle, readableWidthStyle]} part="form change-password">
        {status.error && <Alert>{status.error}</Alert>}
        <TextField
          ref={refs.current}
          label={t.current}
          name="current-password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          value={fields.current}
          error={errors.current}
          partName="current-password"
          onChange={set('current')}
        />
        <TextField
          ref={refs.next}
          label={t.next}
          name="new-password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={fields.next}
          error={errors.next}
          partName="new-password"
          onChange={set('next')}
        />
        <TextField
          ref={refs.confirm}
          label={t.confirm}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={fields.confirm}
          error={errors.confirm}
          partName="confirm-password"
          onChange={set('confirm')}
        />
        <Button
          type="submit"
          partName="change-password-button"
          loading={status.saving}
          loadingLabel={t.saving}
        >
          {t.submit}
        </Button>
        {status.changed && (
          <p role="status" part="password-changed">
            {t.changed}
          </p>
        )}
      </form>
    </section>
  );
}
