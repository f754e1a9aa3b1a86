import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { typedPhone } from '../../../../core/flows/mfa';
import { Alert } from '../../../ui/Alert';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useCheckedSubmit } from '../../../ui/useCheckedSubmit';
import { formStyle } from '../../../ui/styles';
import { CodeStep } from './CodeStep';
import { type Api, en, t } from './mfaSectionParts';

export function PhoneDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ otcToken: string; phone: string } | null>(null);
  const { ref, fieldError, error, loading, submit, edited } = useCheckedSubmit();

  const send = (event: FormEvent) => {
    const value = typedPhone(phone);
    return submit(event, value ? null : en.mfa.phoneInvalid, async () => {
      try {
        const answer = await api.accountPreEnrollSms(value!);
        setSent({ otcToken: answer.otcToken, phone: value! });
        return null;
      } catch (e) {
        return errorMessage(e);
      }
    });
  };

  return (
    <Dialog title={t.phoneTitle} titleId="ae-mfa-phone-title" onClose={() => onClose()}>
      {error && <Alert>{error}</Alert>}
      {!sent ? (
        <form noValidate onSubmit={send} css={formStyle}>
          <TextField
            ref={ref}
            label={en.mfa.phoneLabel}
            type="tel"
            autoComplete="tel"
            autoFocus
            value={phone}
            maxLength={24}
            hint={en.mfa.phoneHint}
            error={fieldError}
            partName="phone-input"
            onChange={(e) => {
              setPhone(e.target.value);
              edited();
            }}
          />
          <DialogActions
            onCancel={() => onClose()}
            busy={loading}
            busyLabel={en.mfa.sending}
            partName="submit-button"
          >
            {en.mfa.sendCode}
          </DialogActions>
        </form>
      ) : (
        <>
          <p role="status">{en.mfa.smsSent(sent.phone)}</p>
          <CodeStep
            onClose={onClose}
            verify={(code) => api.accountEnrollSms({ otcToken: sent.otcToken, code })}
          />
        </>
      )}
    </Dialog>
  );
}
