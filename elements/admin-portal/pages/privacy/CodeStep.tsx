import { errorMessage } from '../../../../core/api/errors';
import { recoveryCodesOf, type RecoveryCodes } from '../../../../core/api/accountMfa';
import { OneTimeCodeForm } from '../../../mfa/MfaParts';
import { t } from './mfaSectionParts';

/** A dialog's code step: `verify` sends the code; a recovery code in its answer goes to `onClose`. */
export function CodeStep({
  onClose,
  verify,
}: {
  onClose: (codes?: string[]) => void;
  verify: (code: string) => Promise<RecoveryCodes>;
}) {
  return (
    <OneTimeCodeForm
      onCancel={() => onClose()}
      cancelLabel={t.cancel}
      onCode={async (code) => {
        try {
          onClose(recoveryCodesOf(await verify(code)));
          return null;
        } catch (e) {
          return errorMessage(e);
        }
      }}
    />
  );
}
