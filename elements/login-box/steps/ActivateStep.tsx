import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { readEmailLink } from '../../../core/flows/recovery';
import { recoveryChanged, selectRecovery } from '../../../core/store/auth/authSlice';
import {
  activateAccount,
  resendActivationEmail,
  startActivation,
} from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useFormFields } from '../../ui/useFormFields';
import { formStyle, mutedStyle } from '../../ui/styles';
import { EMAIL_MAX_LENGTH, validateEmail } from '../validation';
import { NewPasswordForm } from './NewPasswordForm';

/** The activateUrl route: activating, activatingForm, success, resend (spec 000 §2, §4 "Activation"). */
export function ActivateStep() {
  const dispatch = useAppDispatch();
  const { step, loading, error, resent } = useAppSelector(selectRecovery).activate;
  const link = useMemo(() => readEmailLink(globalThis.location?.search ?? ''), []);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (link) void dispatch(startActivation(link));
    else dispatch(recoveryChanged({ activate: { step: 'resend', error: en.resetPassword.incompleteLink } }));
  }, [dispatch, link]);

  return (
    <Card title={en.activate.title} titleId="ae-activate-title">
      {step === 'activating' && <Spinner label={en.activate.activating} />}
      {step === 'activatingForm' && link && (
        <NewPasswordForm
          label={en.activate.passwordLabel}
          submit={en.activate.submit}
          submitting={en.activate.submitting}
          loading={loading}
          error={error}
          intro={<p css={mutedStyle}>{en.activate.formIntro}</p>}
          onSubmit={(password) => void dispatch(activateAccount(link, password))}
        />
      )}
      {step === 'success' && <p role="status">{en.activate.success}</p>}
      {step === 'resend' && <ResendActivation loading={loading} error={error} resent={resent} />}
    </Card>
  );
}

function ResendActivation({
  loading,
  error,
  resent,
}: {
  loading: boolean;
  error: string | null;
  resent: boolean;
}) {
  const dispatch = useAppDispatch();
  const form = useFormFields({ email: '' });
  const { email } = form.values;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (form.check({ email: validateEmail(email) })) void dispatch(resendActivationEmail(email.trim()));
  }

  return (
    <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
      {form.banner(error) && <Alert>{error}</Alert>}
      {resent ? (
        <p role="status">{en.activate.resent(email.trim())}</p>
      ) : (
        <p css={mutedStyle}>{en.activate.resendIntro}</p>
      )}
      <TextField
        label={en.login.emailLabel}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        partName="email-input"
        {...form.field('email')}
      />
      <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.activate.resending}>
        {en.activate.resend}
      </Button>
    </form>
  );
}
