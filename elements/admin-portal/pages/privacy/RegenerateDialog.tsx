import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { recoveryCodesOf } from '../../../../core/api/accountMfa';
import { isRecoveryCode, typedCode } from '../../../../core/flows/mfa';
import { Alert } from '../../../ui/Alert';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { useCheckedSubmit } from '../../../ui/useCheckedSubmit';
import { formStyle } from '../../../ui/styles';
import { ProofField } from './ProofField';
import { type Api, t } from './mfaSectionParts';

/**
 * A new set of recovery codes (the old set stops working), proven with a code of the authenticator
 * app or one of the current recovery codes; the new codes go to `onClose`, which shows them once.
 */
export function RegenerateDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
  const [proof, setProof] = useState('');
  const form = useCheckedSubmit();
  const { error, loading, submit } = form;
  const onSubmit = (event: FormEvent) => {
    const value = proof.trim();
    const problem = !typedCode(value) && !isRecoveryCode(value) ? t.proofInvalid : null;
    return submit(event, problem, async () => {
      try {
        onClose(recoveryCodesOf(await api.regenerateRecoveryCodes(typedCode(value) ?? value)));
        return null;
      } catch (e) {
        return errorMessage(e);
      }
    });
  };
  return (
    <Dialog title={t.regenerateTitle} titleId="ae-mfa-regenerate-title" onClose={() => onClose()}>
      <form noValidate onSubmit={onSubmit} css={formStyle}>
        {error && <Alert>{error}</Alert>}
        <p>{t.regenerateBody}</p>
        <ProofField form={form} value={proof} onChange={setProof} />
        <DialogActions
          onCancel={() => onClose()}
          cancelLabel={t.cancel}
          busy={loading}
          busyLabel={t.regenerating}
          partName="confirm-button"
        >
          {t.regenerateConfirm}
        </DialogActions>
      </form>
    </Dialog>
  );
}
