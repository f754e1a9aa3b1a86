import { useEffect, useMemo, useRef } from 'react';
import { readMagicLinkToken } from '../../../core/flows/passwordless';
import {
  loginStateChanged,
  recoveryChanged,
  selectLoginState,
  selectRecovery,
} from '../../../core/store/auth/authSlice';
import {
  changePhoneNumber,
  requestPhoneReset,
  resendPasswordless,
  sendBreachedPasswordReset,
  signInWithMagicLink,
  submitPasswordlessCode,
  verifyPhoneReset,
} from '../../../core/store/auth/passwordlessThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { mutedStyle } from '../../ui/styles';
import { validateEmail } from '../validation';
import { EMAIL_INPUT, OneFieldForm } from './OneFieldForm';
import { validateCode, validatePhone } from './passwordlessValidation';
import type { StepProps } from './types';

/**
 * Passwordless screens (spec 000 §2, §4): the code steps (loginWithOtc, loginWithSmsOtc,
 * loginWithQuickSmsOtc), magicLinkPreLoginSuccess, the magic-link callback route, the
 * reset-phone-number route (request, verify, change) and breachedPassword /
 * breachedPasswordSuccess. One lazily loaded chunk: the plain sign-in page never downloads it.
 * What the user typed stays in the fields through every error.
 */

function useBackToEmail() {
  const dispatch = useAppDispatch();
  return () => dispatch(loginStateChanged({ step: 'preLogin', error: null, resent: false }));
}

/** A 6-digit code form; `onCode` runs only with a well-formed code. */
function CodeForm({
  error,
  loading,
  submit,
  onCode,
}: {
  error: string | null;
  loading: boolean;
  submit: string;
  onCode: (code: string) => void;
}) {
  return (
    <OneFieldForm
      field={CODE_INPUT}
      check={validateCode}
      error={error}
      loading={loading}
      submit={submit}
      submitting={en.login.signingIn}
      onValue={onCode}
    />
  );
}

const CODE_INPUT = {
  label: en.passwordless.codeLabel,
  name: 'code',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  autoFocus: true,
  required: true,
  maxLength: 12,
  partName: 'code-input',
} as const;
const PHONE_INPUT = {
  label: en.resetPhone.phoneLabel,
  type: 'tel',
  name: 'phone',
  autoComplete: 'tel',
  autoFocus: true,
  required: true,
  maxLength: 32,
  hint: en.resetPhone.phoneInvalid,
  partName: 'phone-input',
} as const;

/** loginWithOtc, loginWithSmsOtc and loginWithQuickSmsOtc: the code, resend, another email. */
export function PasswordlessCodeStep() {
  const dispatch = useAppDispatch();
  const { step, email, phoneNumber, loading, error, resent } = useAppSelector(selectLoginState);
  const back = useBackToEmail();
  const sent =
    step === 'loginWithOtc'
      ? en.passwordless.emailSent(email)
      : en.passwordless.smsSent(phoneNumber || email);
  return (
    <Card title={en.passwordless.codeTitle} titleId="ae-code-title">
      <p role="status" css={mutedStyle}>
        {resent ? en.passwordless.resent : sent}
      </p>
      <CodeForm
        error={error}
        loading={loading}
        submit={en.login.signIn}
        onCode={(code) => void dispatch(submitPasswordlessCode(code))}
      />
      <Button
        variant="link"
        partName="link resend-link"
        disabled={loading}
        onClick={() => void dispatch(resendPasswordless())}
      >
        {en.passwordless.resend}
      </Button>
      <Button variant="link" partName="link" onClick={back}>
        {en.login.useAnotherEmail}
      </Button>
    </Card>
  );
}

/** magicLinkPreLoginSuccess: check your email; resend; another email. */
export function MagicLinkSentStep() {
  const dispatch = useAppDispatch();
  const { email, loading, error, resent } = useAppSelector(selectLoginState);
  const back = useBackToEmail();
  return (
    <Card title={en.passwordless.linkTitle} titleId="ae-link-title">
      {error && <Alert>{error}</Alert>}
      <p role="status">{resent ? en.passwordless.resent : en.passwordless.linkSent(email)}</p>
      <Button
        variant="secondary"
        partName="resend-link"
        loading={loading}
        onClick={() => void dispatch(resendPasswordless())}
      >
        {en.passwordless.resendLink}
      </Button>
      <Button variant="link" partName="link" onClick={back}>
        {en.login.useAnotherEmail}
      </Button>
    </Card>
  );
}

/** The magic-link callback route: signs in with the link's token, or says why not. */
export function MagicLinkCallbackStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { error } = useAppSelector(selectLoginState);
  const token = useMemo(() => readMagicLinkToken(globalThis.location?.search ?? ''), []);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) dispatch(loginStateChanged({ error: en.resetPassword.incompleteLink }));
    else void dispatch(signInWithMagicLink(token)).then((ok) => ok && onSignIn());
  }, [dispatch, token, onSignIn]);

  function back() {
    dispatch(loginStateChanged({ step: 'preLogin', error: null }));
    onSignIn();
  }
  return (
    <Card title={en.login.title} titleId="ae-magic-title">
      {error ? <Alert>{error}</Alert> : <Spinner label={en.passwordless.signingIn} />}
      {error && (
        <Button variant="link" partName="link sign-in-link" onClick={back}>
          {en.forgotPassword.backToSignIn}
        </Button>
      )}
    </Card>
  );
}

/** The reset-phone-number route (spec 000 §2): request, verify, change; then the SMS code step. */
export function ResetPhoneNumberStep({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const { step, email: storedEmail, loading, error } = useAppSelector(selectRecovery).resetPhone;
  const loginEmail = useAppSelector(selectLoginState).email;

  function back() {
    dispatch(recoveryChanged({ resetPhone: { step: 'request', token: null, error: null, active: false } }));
    onDone();
  }

  return (
    <Card title={en.resetPhone.title} titleId="ae-phone-title">
      {step === 'request' && (
        <OneFieldForm
          field={{ ...EMAIL_INPUT, autoFocus: true }}
          check={validateEmail}
          initial={storedEmail || loginEmail}
          intro={() => <p css={mutedStyle}>{en.resetPhone.intro}</p>}
          error={error}
          loading={loading}
          submit={en.resetPhone.send}
          submitting={en.forgotPassword.submitting}
          onValue={(email) => void dispatch(requestPhoneReset(email))}
        />
      )}
      {step === 'verify' && (
        <>
          <p role="status" css={mutedStyle}>
            {en.passwordless.emailSent(storedEmail)}
          </p>
          <CodeForm
            error={error}
            loading={loading}
            submit={en.resetPhone.verify}
            onCode={(code) => void dispatch(verifyPhoneReset(code))}
          />
        </>
      )}
      {step === 'change' && (
        <OneFieldForm
          field={PHONE_INPUT}
          check={validatePhone}
          error={error}
          loading={loading}
          submit={en.resetPhone.save}
          submitting={en.activate.resending}
          onValue={(phone) => void dispatch(changePhoneNumber(phone)).then((ok) => ok && onDone())}
        />
      )}
      <Button variant="link" partName="link sign-in-link" onClick={back}>
        {en.forgotPassword.backToSignIn}
      </Button>
    </Card>
  );
}

/** breachedPassword and breachedPasswordSuccess (spec 000 §4, flag security-center-show-login-flows). */
export function BreachedPasswordStep() {
  const dispatch = useAppDispatch();
  const { step, email, loading, error } = useAppSelector(selectLoginState);
  const back = useBackToEmail();
  return (
    <Card title={en.breached.title} titleId="ae-breached-title">
      {step === 'breachedPasswordSuccess' ? (
        <p role="status">{en.breached.sent(email)}</p>
      ) : (
        <>
          {error && <Alert>{error}</Alert>}
          <p>{en.breached.intro}</p>
          <Button
            partName="submit-button"
            loading={loading}
            loadingLabel={en.forgotPassword.submitting}
            onClick={() => void dispatch(sendBreachedPasswordReset())}
          >
            {en.breached.send}
          </Button>
        </>
      )}
      <Button variant="link" partName="link sign-in-link" onClick={back}>
        {en.forgotPassword.backToSignIn}
      </Button>
    </Card>
  );
}

/** The chunk's entry: the route's screen when given, else the screen of the login step. */
export default function PasswordlessScreens({
  route,
  onDone = () => {},
}: Partial<StepProps> & { route?: 'magicLink' | 'resetPhoneNumber'; onDone?: () => void }) {
  const { step } = useAppSelector(selectLoginState);
  if (route === 'magicLink') return <MagicLinkCallbackStep onSignIn={onDone} />;
  if (route === 'resetPhoneNumber') return <ResetPhoneNumberStep onDone={onDone} />;
  if (step === 'magicLinkPreLoginSuccess') return <MagicLinkSentStep />;
  if (step === 'breachedPassword' || step === 'breachedPasswordSuccess') return <BreachedPasswordStep />;
  return <PasswordlessCodeStep />;
}
