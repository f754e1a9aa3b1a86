import { useEffect, useMemo, useRef } from 'react';
import { readEmailLink } from '../../../core/flows/recovery';
import { recoveryChanged, selectRecovery } from '../../../core/store/auth/authSlice';
import {
  activateAccount,
  resendActivationEmail,
  startActivation,
} from '../../../core/store/auth/recoveryThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { mutedStyle } from '../../ui/styles';
import { validateEmail } from '../validation';
import { EMAIL_INPUT, OneFieldForm } from './OneFieldForm';
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
  return (
    <OneFieldForm
      field={EMAIL_INPUT}
      check={validateEmail}
      intro={(email) =>
        resent ? (
          <p role="status">{en.activate.resent(email)}</p>
        ) : (
          <p css={mutedStyle}>{en.activate.resendIntro}</p>
        )
      }
      error={error}
      loading={loading}
      submit={en.activate.resend}
      submitting={en.activate.resending}
      onValue={(email) => void dispatch(resendActivationEmail(email))}
    />
  );
}
