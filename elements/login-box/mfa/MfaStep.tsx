import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { errorMessage, isApiError } from '../../../core/api/errors';
import { createMfaApi, kitDeviceType, type DeviceType, type MfaApi } from '../../../core/api/mfa';
import type { AuthResponse, MfaLoginInfo } from '../../../core/api/types';
import {
  decideMfaStep,
  activeStrategies,
  isRecoveryCode,
  typedPhone,
  type MfaStep as MfaScreen,
} from '../../../core/flows/mfa';
import { loginStateChanged, selectLoginState } from '../../../core/store/auth/authSlice';
import { ceremonyMessage } from '../../../core/store/auth/passkeyThunks';
import { finishSignIn } from '../../../core/store/auth/thunks';
import { en as base } from '../../i18n/en';
import { enMfa } from '../../i18n/en-mfa';
import { AuthenticatorSetup, OneTimeCodeForm, RecoveryCodeBox } from '../../mfa/MfaParts';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/useCheckedSubmit';
import { formStyle, mutedStyle } from '../../ui/styles';

const en = { ...base, ...enMfa };

/** The screens of this chunk: spec 000 §2's MFA screens, plus the recovery-code sign-in and the WebAuthn ceremony. */
type View =
  | { screen: 'verify' }
  | { screen: 'authenticatorApp'; deviceId?: string }
  | { screen: 'smsSetPhoneNumber' }
  | { screen: 'smsVerifyCode'; deviceId?: string; phoneNumber?: string; otcToken?: string }
  | { screen: 'emailVerifyCode'; otcToken?: string }
  | { screen: 'webauthn'; deviceId?: string; deviceType: DeviceType }
  | { screen: 'recover' }
  | { screen: 'recoveryCode'; response: AuthResponse };

const choiceList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
const checkboxRow = css({ display: 'flex', gap: '8px', alignItems: 'center' });

function firstView(info: MfaLoginInfo): View {
  const step: MfaScreen = decideMfaStep(info);
  if (info.enrolled) {
    if (step === 'authenticatorApp')
      return { screen: 'authenticatorApp', deviceId: info.devices.authenticators[0]?.id };
    if (step === 'smsVerifyCode')
      return {
        screen: 'smsVerifyCode',
        deviceId: info.devices.phones[0]?.id,
        phoneNumber: info.devices.phones[0]?.phoneNumber ?? '',
      };
    return { screen: 'verify' };
  }
  if (step === 'authenticatorApp') return { screen: 'authenticatorApp' };
  if (step === 'smsSetPhoneNumber') return { screen: 'smsSetPhoneNumber' };
  if (step === 'emailVerifyCode') return { screen: 'emailVerifyCode' };
  return { screen: 'verify' };
}

/**
 * loginWithTwoFactor, forceTwoFactor and recoverTwoFactor (spec 000 §2, §4): a lazy chunk. The
 * mfaToken, devices and strategies come from the login answer; every call here is in core/api/mfa.
 */
export function MfaStep() {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const { mfa: info, step } = useAppSelector(selectLoginState);
  const api = useMemo(() => createMfaApi(app.services.http!), [app]);
  const [view, setView] = useState<View | null>(() =>
    info ? (step === 'recoverTwoFactor' ? { screen: 'recover' } : firstView(info)) : null,
  );
  const [remember, setRemember] = useState<{ allowed: boolean; days: number } | null>(null);
  const [expired, setExpired] = useState(!info);

  useEffect(() => {
    if (!info?.enrolled) return;
    let live = true;
    api.checkRememberDevice(info.mfaToken).then(
      (answer) => {
        if (live)
          setRemember({
            allowed: answer.isAllowedToRemember,
            days: Math.max(1, Math.round(answer.mfaDeviceExpiration / 86400)),
          });
      },
      () => {
        if (live) setRemember(null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, info]);

  function backToSignIn() {
    dispatch(loginStateChanged({ step: 'preLogin', mfa: null, error: null, loading: false }));
  }

  if (expired || !info || !view) {
    return (
      <Card title={en.mfa.verifyTitle} titleId="ae-mfa-title">
        <Alert>{en.mfa.expired}</Alert>
        <Button partName="back-to-sign-in" onClick={backToSignIn}>
          {en.mfa.backToSignIn}
        </Button>
      </Card>
    );
  }

  /** Success: the recovery code first when there is one, else the sign-in ends here. */
  async function done(response: AuthResponse) {
    if (response.recoveryCode || response.recoveryCodes?.length)
      setView({ screen: 'recoveryCode', response });
    else await dispatch(finishSignIn(response));
  }

  /** Turns a failure into a message; an expired or forged mfaToken ends the attempt. */
  function failure(error: unknown): string {
    if (isApiError(error) && error.status === 401) setExpired(true);
    return errorMessage(error);
  }

  const props: ScreenProps = { info, api, view, setView, remember, done, failure, backToSignIn };
  const title =
    view.screen === 'recoveryCode'
      ? en.mfa.recoveryCodeTitle
      : view.screen === 'recover'
        ? en.mfa.recoverTitle
        : info.enrolled
          ? en.mfa.verifyTitle
          : en.mfa.setupTitle;
  return (
    <Card title={title} titleId="ae-mfa-title">
      <MfaScreenView {...props} />
    </Card>
  );
}

interface ScreenProps {
  info: MfaLoginInfo;
  api: MfaApi;
  view: View;
  setView: (view: View) => void;
  remember: { allowed: boolean; days: number } | null;
  done: (response: AuthResponse) => Promise<void>;
  failure: (error: unknown) => string;
  backToSignIn: () => void;
}

function MfaScreenView(props: ScreenProps) {
  const { view } = props;
  switch (view.screen) {
    case 'verify':
      return <ChooseMethod {...props} />;
    case 'authenticatorApp':
      return <AuthenticatorScreen {...props} view={view} />;
    case 'smsSetPhoneNumber':
      return <PhoneScreen {...props} />;
    case 'smsVerifyCode':
      return <SmsCodeScreen {...props} view={view} />;
    case 'emailVerifyCode':
      return <EmailCodeScreen {...props} view={view} />;
    case 'webauthn':
      return <WebAuthnScreen {...props} view={view} />;
    case 'recover':
      return <RecoverScreen {...props} />;
    case 'recoveryCode':
      return <RecoveryCodeScreen {...props} view={view} />;
  }
}

/** The ways out at the bottom of every screen. */
function Footer({ info, setView, backToSignIn, view }: ScreenProps) {
  const several = info.enrolled ? true : activeStrategies(info.strategies).length > 1;
  return (
    <>
      {several && view.screen !== 'verify' && (
        <Button
          variant="link"
          partName="link other-method-link"
          onClick={() => setView({ screen: 'verify' })}
        >
          {en.mfa.otherMethod}
        </Button>
      )}
      {info.enrolled && view.screen !== 'recover' && (
        <Button variant="link" partName="link recover-link" onClick={() => setView({ screen: 'recover' })}>
          {en.mfa.useRecoveryCode}
        </Button>
      )}
      <Button variant="link" partName="link sign-in-link" onClick={backToSignIn}>
        {en.mfa.backToSignIn}
      </Button>
    </>
  );
}

/** verify: the devices (enrolled) or the strategies (forced enrolment) to choose from. */
function ChooseMethod(props: ScreenProps) {
  const { info, setView } = props;
  const choices: Array<{ key: string; label: string; go: () => void }> = [];
  if (info.enrolled) {
    for (const d of info.devices.authenticators)
      choices.push({
        key: d.id,
        label: en.mfa.authenticatorDevice,
        go: () => setView({ screen: 'authenticatorApp', deviceId: d.id }),
      });
    for (const d of info.devices.phones)
      choices.push({
        key: d.id,
        label: en.mfa.smsDevice(d.phoneNumber ?? ''),
        go: () => setView({ screen: 'smsVerifyCode', deviceId: d.id, phoneNumber: d.phoneNumber ?? '' }),
      });
    for (const d of info.devices.emails ?? [])
      choices.push({
        key: d.id,
        label: en.mfa.emailDevice(d.email ?? ''),
        go: () => setView({ screen: 'emailVerifyCode' }),
      });
    for (const d of info.devices.webauthn)
      choices.push({
        key: d.id,
        label: en.mfa.webauthnDevice(d.deviceType),
        go: () => setView({ screen: 'webauthn', deviceId: d.id, deviceType: kitDeviceType(d.deviceType) }),
      });
  } else {
    for (const strategy of activeStrategies(info.strategies)) {
      const label = en.mfa.strategies[strategy];
      if (!label) continue;
      const go =
        strategy === 'AuthenticatorApp'
          ? () => setView({ screen: 'authenticatorApp' })
          : strategy === 'SMS'
            ? () => setView({ screen: 'smsSetPhoneNumber' })
            : strategy === 'EmailCode'
              ? () => setView({ screen: 'emailVerifyCode' })
              : () =>
                  setView({
                    screen: 'webauthn',
                    deviceType: strategy === 'WebAuthnPlatform' ? 'platform' : 'cross-platform',
                  });
      choices.push({ key: strategy, label, go });
    }
  }
  return (
    <>
      <p css={mutedStyle}>{info.enrolled ? en.mfa.chooseDevice : en.mfa.chooseStrategy}</p>
      <ul css={choiceList} part="mfa-methods">
        {choices.map((c) => (
          <li key={c.key}>
            <Button variant="secondary" partName="mfa-method" onClick={c.go}>
              {c.label}
            </Button>
          </li>
        ))}
      </ul>
      <Footer {...props} />
    </>
  );
}

/** A 6-digit code form, with "remember this device" when the policy allows it. */
function useRun(props: ScreenProps) {
  return async (call: () => Promise<AuthResponse>): Promise<string | null> => {
    try {
      await props.done(await call());
      return null;
    } catch (error) {
      return props.failure(error);
    }
  };
}

function AuthenticatorScreen(props: ScreenProps & { view: Extract<View, { screen: 'authenticatorApp' }> }) {
  const { info, api, view } = props;
  const run = useRun(props);
  const enrolling = !info.enrolled;
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enrolling) return;
    let live = true;
    api.enrollAuthenticator(info.mfaToken).then(
      (answer) => {
        if (live) setSetup(answer);
      },
      (e) => {
        if (live) setError(props.failure(e));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per enrolment start; props.failure is a new function each render and only maps an error to text
  }, [api, enrolling, info.mfaToken]);

  const onCode = (code: string, rememberDevice: boolean) =>
    run(() =>
      enrolling
        ? api.verifyAuthenticatorEnrollment({ mfaToken: info.mfaToken, token: code })
        : api.verifyAuthenticator({
            mfaToken: info.mfaToken,
            value: code,
            ...(rememberDevice ? { rememberDevice } : {}),
          }),
    );
  // deviceId is informative here: POST /user/mfa/verify checks the user's authenticator.
  void view.deviceId;

  return (
    <>
      <h3 css={css({ margin: 0, fontSize: '1.1em' })}>{en.mfa.authenticatorTitle}</h3>
      {error && <Alert>{error}</Alert>}
      {enrolling && !setup && !error && <p role="status">{en.common.loading}</p>}
      {(!enrolling || setup) && (
        <OneTimeCodeForm
          onCode={onCode}
          remember={enrolling ? null : props.remember}
          intro={<p css={mutedStyle}>{enrolling ? en.mfa.scanIntro : en.mfa.authenticatorIntro}</p>}
        >
          {setup && <AuthenticatorSetup qrCode={setup.qrCode} secret={setup.secret} />}
        </OneTimeCodeForm>
      )}
      <Footer {...props} />
    </>
  );
}

function PhoneScreen(props: ScreenProps) {
  const { api, info, setView } = props;
  const [phone, setPhone] = useState('');
  const { ref, fieldError, error, loading, submit, edited } = useCheckedSubmit();
  const onSubmit = (event: FormEvent) => {
    const value = typedPhone(phone);
    return submit(event, value ? null : en.mfa.phoneInvalid, async () => {
      try {
        const answer = await api.preEnrollSms({ mfaToken: info.mfaToken, phoneNumber: value! });
        setView({
          screen: 'smsVerifyCode',
          phoneNumber: answer.phoneNumber ?? value!,
          otcToken: answer.otcToken,
        });
        return null;
      } catch (e) {
        return props.failure(e);
      }
    });
  };

  return (
    <>
      <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
        {error && <Alert>{error}</Alert>}
        <p css={mutedStyle}>{en.mfa.phoneIntro}</p>
        <TextField
          ref={ref}
          label={en.mfa.phoneLabel}
          type="tel"
          name="phone"
          autoComplete="tel"
          autoFocus
          required
          maxLength={24}
          hint={en.mfa.phoneHint}
          value={phone}
          error={fieldError}
          partName="phone-input"
          onChange={(event) => {
            setPhone(event.target.value);
            edited();
          }}
        />
        <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.mfa.sending}>
          {en.mfa.sendCode}
        </Button>
      </form>
      <Footer {...props} />
    </>
  );
}

/** Sends a code on arrival (and on "Send a new code"); keeps the otcToken of the latest one. */
function useSentCode(
  send: () => Promise<{ otcToken: string }>,
  initial: string | undefined,
  failure: (e: unknown) => string,
) {
  const [otcToken, setOtcToken] = useState<string | undefined>(initial);
  const [error, setError] = useState<string | null>(null);
  const sendNow = () => {
    setError(null);
    send().then(
      (answer) => setOtcToken(answer.otcToken),
      (e) => setError(failure(e)),
    );
  };
  useEffect(() => {
    if (!initial) sendNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first code is sent once, when the step opens; resending is the button
  }, []);
  return { otcToken, error, resend: sendNow };
}

function SmsCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'smsVerifyCode' }> }) {
  const { api, info, view } = props;
  const run = useRun(props);
  const enrolling = !view.deviceId;
  const sent = useSentCode(
    () =>
      view.deviceId
        ? api.preVerifySms(view.deviceId, info.mfaToken)
        : Promise.resolve({ otcToken: view.otcToken ?? '' }),
    view.otcToken,
    props.failure,
  );
  const onCode = (code: string, rememberDevice: boolean) =>
    run(() =>
      enrolling
        ? api.enrollSms({ mfaToken: info.mfaToken, otcToken: sent.otcToken ?? '', code })
        : api.verifySms(view.deviceId!, {
            mfaToken: info.mfaToken,
            otcToken: sent.otcToken ?? '',
            code,
            ...(rememberDevice ? { rememberDevice } : {}),
          }),
    );
  return (
    <>
      <h3 css={css({ margin: 0, fontSize: '1.1em' })}>{en.mfa.phoneTitle}</h3>
      {sent.error && <Alert>{sent.error}</Alert>}
      <OneTimeCodeForm
        onCode={onCode}
        remember={enrolling ? null : props.remember}
        intro={<p role="status">{sent.otcToken ? en.mfa.smsSent(view.phoneNumber ?? '') : en.mfa.sending}</p>}
      />
      {enrolling ? (
        <Button
          variant="link"
          partName="link change-phone-link"
          onClick={() => props.setView({ screen: 'smsSetPhoneNumber' })}
        >
          {en.mfa.resend}
        </Button>
      ) : (
        <Button variant="link" partName="link resend-link" onClick={sent.resend}>
          {en.mfa.resend}
        </Button>
      )}
      <Footer {...props} />
    </>
  );
}

function EmailCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'emailVerifyCode' }> }) {
  const { api, info } = props;
  const run = useRun(props);
  const enrolling = !info.enrolled;
  const sent = useSentCode(
    () => (enrolling ? api.preEnrollEmailCode(info.mfaToken) : api.preVerifyEmailCode(info.mfaToken)),
    props.view.otcToken,
    props.failure,
  );
  const email = info.devices.emails?.[0]?.email;
  const onCode = (code: string, rememberDevice: boolean) =>
    run(() =>
      enrolling
        ? api.enrollEmailCode({ mfaToken: info.mfaToken, otcToken: sent.otcToken ?? '', code })
        : api.verifyEmailCode({
            mfaToken: info.mfaToken,
            otcToken: sent.otcToken ?? '',
            code,
            ...(rememberDevice ? { rememberDevice } : {}),
          }),
    );
  return (
    <>
      <h3 css={css({ margin: 0, fontSize: '1.1em' })}>{en.mfa.emailTitle}</h3>
      {sent.error && <Alert>{sent.error}</Alert>}
      <OneTimeCodeForm
        onCode={onCode}
        remember={enrolling ? null : props.remember}
        intro={
          <p role="status">
            {!sent.otcToken ? en.mfa.sending : email ? en.mfa.emailSent(email) : en.mfa.emailSentGeneric}
          </p>
        }
      />
      <Button variant="link" partName="link resend-link" onClick={sent.resend}>
        {en.mfa.resend}
      </Button>
      <Footer {...props} />
    </>
  );
}

function WebAuthnScreen(props: ScreenProps & { view: Extract<View, { screen: 'webauthn' }> }) {
  const { api, info, view } = props;
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [rememberDevice, setRememberDevice] = useState(false);
  const texts = {
    cancelled: en.mfa.webauthnCancelled,
    unsupported: en.mfa.webauthnUnsupported,
    wrongAddress: en.mfa.webauthnWrongAddress,
  };

  async function start() {
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const browser = await import('@simplewebauthn/browser');
      let response: AuthResponse;
      if (view.deviceId) {
        const { options, webauthnToken } = await api.preVerifyWebAuthn(view.deviceId, info.mfaToken);
        const assertion = await browser.startAuthentication({ optionsJSON: options });
        response = await api.verifyWebAuthn(view.deviceId, {
          mfaToken: info.mfaToken,
          webauthnToken,
          options: assertion,
          ...(rememberDevice ? { rememberDevice } : {}),
        });
      } else {
        const { options, webauthnToken } = await api.preEnrollWebAuthn(info.mfaToken, view.deviceType);
        const attestation = await browser.startRegistration({ optionsJSON: options });
        response = await api.enrollWebAuthn({
          mfaToken: info.mfaToken,
          webauthnToken,
          deviceType: view.deviceType,
          options: attestation,
        });
      }
      await props.done(response);
    } catch (e) {
      setError(isApiError(e) ? props.failure(e) : ceremonyMessage(e, texts));
      setLoading(false);
    }
  }

  return (
    <>
      <h3 css={css({ margin: 0, fontSize: '1.1em' })}>{en.mfa.webauthnTitle}</h3>
      {error && <Alert>{error}</Alert>}
      <p css={mutedStyle}>{en.mfa.webauthnIntro}</p>
      {view.deviceId && props.remember?.allowed && (
        <label css={checkboxRow} part="remember-device">
          <input
            type="checkbox"
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.target.checked)}
          />
          {en.mfa.remember(props.remember.days)}
        </label>
      )}
      <Button
        partName="submit-button webauthn-button"
        loading={loading}
        loadingLabel={en.passkeyPrompt.creating}
        onClick={start}
      >
        {en.mfa.webauthnStart}
      </Button>
      <Footer {...props} />
    </>
  );
}

function RecoverScreen(props: ScreenProps) {
  const { api, info } = props;
  const run = useRun(props);
  const [code, setCode] = useState('');
  const { ref, fieldError, error, loading, submit, edited } = useCheckedSubmit();
  const onSubmit = (event: FormEvent) => {
    const value = code.trim();
    return submit(event, isRecoveryCode(value) ? null : en.mfa.recoverInvalid, () =>
      run(() => api.recover({ mfaToken: info.mfaToken, recoveryCode: value })),
    );
  };

  return (
    <>
      <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
        {error && <Alert>{error}</Alert>}
        <p css={mutedStyle}>{en.mfa.recoverIntro}</p>
        <TextField
          ref={ref}
          label={en.mfa.recoverLabel}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          required
          maxLength={64}
          value={code}
          error={fieldError}
          partName="recovery-code-input"
          onChange={(event) => {
            setCode(event.target.value);
            edited();
          }}
        />
        <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.mfa.verifying}>
          {en.mfa.verify}
        </Button>
      </form>
      <Button variant="link" partName="link other-method-link" onClick={() => props.setView(firstView(info))}>
        {en.mfa.otherMethod}
      </Button>
      <Button variant="link" partName="link sign-in-link" onClick={props.backToSignIn}>
        {en.mfa.backToSignIn}
      </Button>
    </>
  );
}

/** recoveryCode: the code, shown once, with a way to copy it; Continue ends the sign-in. */
function RecoveryCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'recoveryCode' }> }) {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(false);
  const { recoveryCode, recoveryCodes } = props.view.response;
  const codes = recoveryCodes?.length ? recoveryCodes : recoveryCode ? [recoveryCode] : [];

  async function next() {
    setLoading(true);
    const { recoveryCode: _shown, recoveryCodes: _all, ...response } = props.view.response;
    await dispatch(finishSignIn(response));
  }

  return (
    <>
      <RecoveryCodeBox codes={codes} />
      <Button
        partName="submit-button continue-button"
        loading={loading}
        loadingLabel={en.common.loading}
        onClick={next}
        autoFocus
      >
        {en.mfa.continue}
      </Button>
    </>
  );
}
