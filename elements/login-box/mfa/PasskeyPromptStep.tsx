import { useState } from 'react';
import { css } from '@emotion/react';
import type { DeviceType } from '../../../core/api/mfa';
import {
  ceremonyMessage,
  dontShowPasskeysAgain,
  registerPasskey,
} from '../../../core/store/auth/passkeyThunks';
import { continueAfterSignIn } from '../../../core/store/auth/thunks';
import { en as base } from '../../i18n/en';
import { enMfa } from '../../i18n/en-mfa';
import { useAppDispatch } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { mutedStyle } from '../../ui/styles';

const en = { ...base, ...enMfa };

const actions = css({ display: 'flex', flexDirection: 'column', gap: '8px' });

/** promptPasskeys (spec 000 §4): offered after sign-in when every condition holds; a lazy chunk. */
export function PasskeyPromptStep() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<DeviceType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);

  async function create(deviceType: DeviceType) {
    if (busy) return;
    setBusy(deviceType);
    setError(null);
    try {
      await dispatch(registerPasskey(deviceType));
      setCreated(true);
    } catch (e) {
      setError(
        ceremonyMessage(e, {
          cancelled: en.mfa.webauthnCancelled,
          unsupported: en.mfa.webauthnUnsupported,
          wrongAddress: en.mfa.webauthnWrongAddress,
        }),
      );
    } finally {
      setBusy(null);
    }
  }

  const leave = () => void dispatch(continueAfterSignIn());

  return (
    <Card title={en.passkeyPrompt.promptTitle} titleId="ae-passkeys-title">
      {error && <Alert>{error}</Alert>}
      {created ? (
        <>
          <p role="status">{en.passkeyPrompt.created}</p>
          <Button partName="submit-button continue-button" onClick={leave} autoFocus>
            {en.passkeyPrompt.continue}
          </Button>
        </>
      ) : (
        <>
          <p css={mutedStyle}>{en.passkeyPrompt.promptBody}</p>
          <div css={actions}>
            <Button
              partName="submit-button create-passkey-button"
              loading={busy === 'platform'}
              loadingLabel={en.passkeyPrompt.creating}
              disabled={busy !== null}
              onClick={() => create('platform')}
            >
              {en.passkeyPrompt.createPlatform}
            </Button>
            <Button
              variant="secondary"
              partName="create-cross-platform-button"
              loading={busy === 'cross-platform'}
              loadingLabel={en.passkeyPrompt.creating}
              disabled={busy !== null}
              onClick={() => create('cross-platform')}
            >
              {en.passkeyPrompt.createCrossPlatform}
            </Button>
            <Button variant="link" partName="link not-now-link" onClick={leave}>
              {en.passkeyPrompt.notNow}
            </Button>
            <Button
              variant="link"
              partName="link dont-show-again-link"
              onClick={() => {
                dontShowPasskeysAgain();
                leave();
              }}
            >
              {en.passkeyPrompt.dontShowAgain}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
