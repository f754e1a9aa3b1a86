import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { AuthenticatorSetup } from '../../../mfa/MfaParts';
import { Alert } from '../../../ui/Alert';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { mutedStyle } from '../../../ui/styles';
import { CodeStep } from './CodeStep';
import { type Api, en, t } from './mfaSectionParts';

export function AuthenticatorDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.accountEnrollAuthenticator().then(setSetup, (e) => setError(errorMessage(e)));
  }, [api]);
  return (
    <Dialog title={t.enrolTitle} titleId="ae-mfa-enrol-title" onClose={() => onClose()}>
      {error && <Alert>{error}</Alert>}
      {!setup && !error && <Spinner label={en.common.loading} />}
      {setup && (
        <>
          <p css={mutedStyle}>{en.mfa.scanIntro}</p>
          <AuthenticatorSetup qrCode={setup.qrCode} secret={setup.secret} />
          <CodeStep onClose={onClose} verify={(code) => api.accountVerifyAuthenticator(code)} />
        </>
      )}
    </Dialog>
  );
}
