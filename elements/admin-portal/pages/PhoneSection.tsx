import { css } from '@emotion/react';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../core/api/errors';
import type { User } from '../../../core/api/types';
import { typedCode, typedPhone } from '../../../core/flows/mfa';
import { selectUser, userUpdated } from '../../../core/store/auth/authSlice';
import { enPortal } from '../../i18n/en-portal';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formStyle, mutedStyle } from '../../ui/styles';

const t = enPortal.portal.verifiedPhone;
const subheadStyle = css({ fontSize: '1.1em', margin: '16px 0 0' });

/**
 * A phone number confirmed by a texted code (POST /users/v1/phone, then /phone/verify): the number
 * is set only once the code comes back. Self-contained, mounted under the profile form.
 */
export function PhoneSection() {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser) as User;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [changePhoneId, setChangePhoneId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ busy: boolean; error: string | null; verified: boolean }>({
    busy: false,
    error: null,
    verified: false,
  });
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  async function run(action: () => Promise<void>) {
    setStatus({ busy: true, error: null, verified: false });
    try {
      await action();
    } catch (error) {
      setStatus({ busy: false, error: errorMessage(error), verified: false });
    }
  }

  function onSend(event: FormEvent) {
    event.preventDefault();
    if (status.busy) return;
    const number = typedPhone(phone);
    if (!number) {
      setFieldError(t.phoneInvalid);
      return phoneRef.current?.focus();
    }
    setFieldError(null);
    void run(async () => {
      const answer = await app.services.api.profile.addPhone(number);
      setChangePhoneId(answer.changePhoneId);
      setStatus({ busy: false, error: null, verified: false });
      requestAnimationFrame(() => codeRef.current?.focus());
    });
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (status.busy || !changePhoneId) return;
    const typed = typedCode(code);
    if (!typed) {
      setFieldError(t.codeRequired);
      return codeRef.current?.focus();
    }
    setFieldError(null);
    void run(async () => {
      await app.services.api.profile.verifyPhone(changePhoneId, typed);
      const me = await app.services.api.users.getMe();
      dispatch(userUpdated({ phoneNumber: me.phoneNumber }));
      setChangePhoneId(null);
      setPhone('');
      setCode('');
      setStatus({ busy: false, error: null, verified: true });
    });
  }

  return (
    <section aria-labelledby="ae-verified-phone-title" part="verified-phone">
      <h3 id="ae-verified-phone-title" css={subheadStyle}>
        {t.title}
      </h3>
      <p css={mutedStyle}>{user.phoneNumber ? t.current(user.phoneNumber) : t.intro}</p>
      {status.error && <Alert>{status.error}</Alert>}
      {changePhoneId === null ? (
        <form noValidate onSubmit={onSend} css={formStyle} part="form add-phone">
          <TextField
            ref={phoneRef}
            label={t.phone}
            name="verified-phone"
            type="tel"
            autoComplete="tel"
            maxLength={32}
            value={phone}
            error={fieldError}
            partName="verified-phone-input"
            onChange={(event) => setPhone(event.target.value)}
          />
          <Button type="submit" partName="send-phone-code" loading={status.busy} loadingLabel={t.sending}>
            {t.send}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={onVerify} css={formStyle} part="form verify-phone">
          <TextField
            ref={codeRef}
            label={t.code}
            name="phone-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code}
            error={fieldError}
            partName="phone-code-input"
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" partName="verify-phone-code" loading={status.busy} loadingLabel={t.verifying}>
            {t.verify}
          </Button>
        </form>
      )}
      {status.verified && (
        <p role="status" part="phone-verified">
          {t.verified}
        </p>
      )}
    </section>
  );
}
