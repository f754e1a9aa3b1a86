import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { isRecoveryCode, typedCode } from '../../../../core/flows/mfa';
import { ceremonyMessage } from '../../../../core/store/auth/passkeyThunks';
import { Alert } from '../../../ui/Alert';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { useCheckedSubmit } from '../../../ui/useCheckedSubmit';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { CodeStep } from './CodeStep';
import { ProofField } from './ProofField';
import { type Api, type Device, en, t } from './mfaSectionParts';

/**
 * Removing a verification method asks for a fresh proof of it: the authenticator app's code (or the
 * recovery code); for a phone, a code sent to that phone (two steps: send, then enter it); for a
 * security key or built-in authenticator, the browser's prompt for that very device. An email code
 * is removed on confirmation.
 */
export function RemoveDialog({
  api,
  device,
  onClose,
}: {
  api: Api;
  device: Device;
  onClose: (codes?: string[]) => void;
}) {
  const [proof, setProof] = useState('');
  const [sent, setSent] = useState<{ otcToken: string; phoneNumber: string } | null>(null);
  const form = useCheckedSubmit();
  const { error, loading, submit } = form;
  const needsProof = device.kind === 'authenticator';

  const remove = async () => {
    const value = proof.trim();
    if (device.kind === 'authenticator')
      await api.accountDisableAuthenticator(device.id, typedCode(value) ?? value);
    else if (device.kind === 'email') await api.accountDisableEmailCode(device.id);
    else if (device.kind === 'sms') {
      const answer = await api.accountPreDisableSms(device.id);
      setSent({ otcToken: answer.otcToken, phoneNumber: answer.phoneNumber });
      return;
    } else {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options, webauthnToken } = await api.accountPreDisableWebAuthn(device.id);
      const assertion = await startAuthentication({ optionsJSON: options });
      await api.accountDisableWebAuthn(device.id, { webauthnToken, options: assertion });
    }
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    // The authenticator app's current code, or a recovery code.
    const value = proof.trim();
    const problem = needsProof && !typedCode(value) && !isRecoveryCode(value) ? t.proofInvalid : null;
    return submit(event, problem, async () => {
      try {
        await remove();
        return null;
      } catch (e) {
        return device.kind === 'webauthn'
          ? ceremonyMessage(e, {
              cancelled: en.mfa.webauthnCancelled,
              unsupported: en.mfa.webauthnUnsupported,
              wrongAddress: en.mfa.webauthnWrongAddress,
            })
          : errorMessage(e);
      }
    });
  };

  return (
    <Dialog title={t.removeTitle} titleId="ae-mfa-remove-title" onClose={() => onClose()}>
      {sent ? (
        <>
          <p role="status">{en.mfa.smsSent(sent.phoneNumber)}</p>
          <CodeStep
            onClose={onClose}
            verify={(code) => api.accountDisableSms(device.id, { otcToken: sent.otcToken, code })}
          />
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} css={formStyle}>
          {error && <Alert>{error}</Alert>}
          <p>{t.removeBody(device.name)}</p>
          {device.kind === 'sms' && <p css={mutedStyle}>{t.removePhoneIntro}</p>}
          {device.kind === 'webauthn' && <p css={mutedStyle}>{t.removeWebauthnIntro}</p>}
          {needsProof && (
            <>
              <p css={mutedStyle}>{t.proofIntro}</p>
              <ProofField form={form} value={proof} onChange={setProof} />
            </>
          )}
          <DialogActions
            onCancel={() => onClose()}
            cancelLabel={t.cancel}
            busy={loading}
            busyLabel={
              device.kind === 'sms'
                ? en.mfa.sending
                : device.kind === 'webauthn'
                  ? en.passkeyPrompt.creating
                  : t.removing
            }
            partName="confirm-button"
          >
            {device.kind === 'sms' ? en.mfa.sendCode : t.remove}
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
