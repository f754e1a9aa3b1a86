import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../core/api/types';
import { typedCode, typedPhone } from '../../../core/flows/mfa';
import { selectUser, userUpdated } from '../../../core/store/auth/authSlice';
import { enPortal } from '../../i18n/en-portal';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formStyle, mutedStyle } from '../../ui/styles';
import { useFormFields } from '../../ui/useFormFields';
import { useSubmit } from '../../ui/useSubmit';

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
  const form = useFormFields({ phone: '', code: '' });
  const [changePhoneId, setChangePhoneId] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const submit = useSubmit();
  const verifying = changePhoneId !== null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.busy) return;
    setVerified(false);
    if (!verifying) {
      const number = typedPhone(form.values.phone);
      if (form.check({ phone: number ? null : t.phoneInvalid }) && number)
        void submit.run(async () => {
          const answer = await app.services.api.profile.addPhone(number);
          setChangePhoneId(answer.changePhoneId);
        });
      return;
    }
    const typed = typedCode(form.values.code);
    if (form.check({ code: typed ? null : t.codeRequired }) && typed)
      void submit.run(async () => {
        await app.services.api.profile.verifyPhone(changePhoneId, typed);
        const me = await app.services.api.users.getMe();
        dispatch(userUpdated({ phoneNumber: me.phoneNumber }));
        setChangePhoneId(null);
        form.reset();
        setVerified(true);
      });
  }

  // One form, two steps: the number, then the texted code.
  const step = verifying
    ? ({
        key: 'code',
        part: 'form verify-phone',
        input: {
          label: t.code,
          // The form is new at this step (keyed): the code field takes focus as it mounts.
          autoFocus: true,
          name: 'phone-code',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 20,
          partName: 'phone-code-input',
        },
        button: { partName: 'verify-phone-code', loadingLabel: t.verifying, label: t.verify },
      } as const)
    : ({
        key: 'phone',
        part: 'form add-phone',
        input: {
          label: t.phone,
          name: 'verified-phone',
          type: 'tel',
          autoComplete: 'tel',
          maxLength: 32,
          partName: 'verified-phone-input',
        },
        button: { partName: 'send-phone-code', loadingLabel: t.sending, label: t.send },
      } as const);

  return (
    <section aria-labelledby="ae-verified-phone-title" part="verified-phone">
      <h3 id="ae-verified-phone-title" css={subheadStyle}>
        {t.title}
      </h3>
      <p css={mutedStyle}>{user.phoneNumber ? t.current(user.phoneNumber) : t.intro}</p>
      {submit.error && <Alert>{submit.error}</Alert>}
      <form key={step.key} noValidate onSubmit={onSubmit} css={formStyle} part={step.part}>
        <TextField {...step.input} {...form.field(step.key)} />
        <Button
          type="submit"
          partName={step.button.partName}
          loading={submit.busy}
          loadingLabel={step.button.loadingLabel}
        >
          {step.button.label}
        </Button>
      </form>
      {verified && (
        <p role="status" part="phone-verified">
          {t.verified}
        </p>
      )}
    </section>
  );
}
