import { useState } from 'react';
import { css } from '@emotion/react';
import { isApiError } from '../../../core/api/errors';
import type { AuthResponse } from '../../../core/api/types';
import { ceremonyMessage } from '../../../core/store/auth/passkeyThunks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { mutedStyle } from '../../ui/styles';
import { en, Footer, type ScreenProps, type View } from './mfaScreen';

const checkboxRow = css({ display: 'flex', gap: '8px', alignItems: 'center' });

export function WebAuthnScreen(props: ScreenProps & { view: Extract<View, { screen: 'webauthn' }> }) {
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
