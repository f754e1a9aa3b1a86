/** The MFA screens that take a 6-digit code: authenticator app, SMS (and its phone number), email. */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { typedPhone } from '../../../core/flows/mfa';
import { AuthenticatorSetup, OneTimeCodeForm } from '../../mfa/MfaParts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/useCheckedSubmit';
import { formStyle, mutedStyle } from '../../ui/styles';
import { en, Footer, useRun, type ScreenProps, type View } from './mfaScreen';

export function AuthenticatorScreen(
  props: ScreenProps & { view: Extract<View, { screen: 'authenticatorApp' }> },
) {
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

export function PhoneScreen(props: ScreenProps) {
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

export function SmsCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'smsVerifyCode' }> }) {
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

export function EmailCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'emailVerifyCode' }> }) {
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
