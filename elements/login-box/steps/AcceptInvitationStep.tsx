import { useEffect, useMemo, useRef, useState } from 'react';
import { createInvitationsApi, type InvitationInfo } from '../../../core/api/invitations';
import { errorMessage } from '../../../core/api/errors';
import {
  decideAcceptFailure,
  decideInvitationStart,
  invitationCheckFailure,
  readInvitationLink,
  type AcceptInvitationStep as Step,
} from '../../../core/flows/invitation';
import { selectAuth } from '../../../core/store/auth/authSlice';
import { logout } from '../../../core/store/auth/thunks';
import { enInvitations } from '../../i18n/invitations';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { formStyle, mutedStyle } from '../../ui/styles';
import { NewPasswordForm } from './NewPasswordForm';

const t = enInvitations.acceptInvitation;

/**
 * The acceptInvitationUrl route (spec 000 §2 "Accept invitation: validate, invalid, pending,
 * success, failed"; §4): no token or no userId gives invalid; otherwise the invitation is verified
 * (the tenant name is shown), then accepted (with a new password when the account has none), then
 * success with the user cleared and unauthenticated, or failed.
 */
function AcceptInvitationStep({ onSignIn }: { onSignIn: () => void }) {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const { isAuthenticated } = useAppSelector(selectAuth);
  const api = useMemo(() => createInvitationsApi(app.services.api.http), [app]);
  const link = useMemo(() => readInvitationLink(globalThis.location?.search ?? ''), []);
  const [step, setStep] = useState<Step>(() => decideInvitationStart(link));
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [problem, setProblem] = useState<{ title: string; detail: string | null } | null>(() =>
    link ? null : { title: t.invalidTitle, detail: t.incompleteLink },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !link) return;
    started.current = true;
    api
      .verifyInvitation(link)
      .then(setInfo)
      .catch((error: unknown) => {
        setProblem(invitationCheckFailure(error));
        setStep('invalid');
      });
  }, [api, link]);

  async function accept(password?: string) {
    if (!link || step === 'pending') return;
    setStep('pending');
    setFormError(null);
    try {
      await api.acceptInvitation(password === undefined ? link : { ...link, password });
      // Spec 000 §4: success leaves the user cleared and unauthenticated; they sign in next.
      if (isAuthenticated) await dispatch(logout());
      setStep('success');
    } catch (error) {
      if (decideAcceptFailure(error, password !== undefined) === 'validate') {
        setFormError(errorMessage(error));
        setStep('validate');
      } else {
        setProblem({ title: t.failedTitle, detail: errorMessage(error) });
        setStep('failed');
      }
    }
  }

  const tenant = info?.name ?? '';
  return (
    <Card title={t.title} titleId="ae-accept-invitation-title">
      <div css={formStyle} part="accept-invitation">
        {(step === 'invalid' || step === 'failed') && problem && (
          <>
            <Alert>{problem.title}</Alert>
            {problem.detail && (
              <p css={mutedStyle} part="accept-invitation-detail">
                {problem.detail}
              </p>
            )}
          </>
        )}
        {(step === 'validate' || step === 'pending') && !info && <Spinner label={t.validating} />}
        {(step === 'validate' || step === 'pending') && info && (
          <>
            <p part="invitation-tenant">{t.joinTenant(tenant)}</p>
            {info.shouldSetPassword ? (
              <NewPasswordForm
                label={t.passwordLabel}
                submit={t.accept}
                submitting={t.accepting}
                loading={step === 'pending'}
                error={formError}
                intro={<p css={mutedStyle}>{t.passwordIntro(info.email)}</p>}
                onSubmit={(password) => void accept(password)}
              />
            ) : (
              <Button
                partName="submit-button"
                loading={step === 'pending'}
                loadingLabel={t.accepting}
                onClick={() => void accept()}
              >
                {t.accept}
              </Button>
            )}
          </>
        )}
        {step === 'success' && (
          <p role="status" part="accept-invitation-success">
            {t.success(tenant)}
          </p>
        )}
        {step !== 'validate' && step !== 'pending' && (
          <Button
            variant={step === 'success' ? 'primary' : 'secondary'}
            partName="sign-in-link"
            onClick={onSignIn}
          >
            {t.signIn}
          </Button>
        )}
      </div>
    </Card>
  );
}

export default AcceptInvitationStep;
