import { useMemo, useState } from 'react';
import { createAccountMfaApi, recoveryCodesOf } from '../../../../core/api/accountMfa';
import { createMfaApi, type DeviceType } from '../../../../core/api/mfa';
import type { MfaStrategyState } from '../../../../core/api/types';
import { activeStrategies } from '../../../../core/flows/mfa';
import { ceremonyMessage } from '../../../../core/store/auth/passkeyThunks';
import { RecoveryCodeBox } from '../../../mfa/MfaParts';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDate } from '../../../ui/formatDate';
import { Item, ItemList } from '../../../ui/ItemList';
import { LoadStatus, Section } from '../../../ui/Page';
import { useLoad } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';
import { AuthenticatorDialog } from './AuthenticatorDialog';
import { PhoneDialog } from './PhoneDialog';
import { RegenerateDialog } from './RegenerateDialog';
import { RemoveDialog } from './RemoveDialog';
import { type Device, WEBAUTHN_KINDS, actionsStyle, en, flatten, t } from './mfaSectionParts';

/** The privacy page's MFA section (spec 001 §2): the user's second factors, add and remove them (users v1 account-MFA calls). */
export function MfaSection() {
  const app = useAuthApp();
  const api = useMemo(() => {
    const http = app.services.http!.withRequestSource('admin-portal');
    return { ...createMfaApi(http), ...createAccountMfaApi(http) };
  }, [app]);
  const { load, reload, refresh } = useLoad(async () => {
    const [devices, strategies] = await Promise.all([api.getDevices(), api.getStrategies()]);
    return {
      devices: flatten(devices),
      strategies: activeStrategies(strategies.strategies as MfaStrategyState[]),
    };
  }, [api]);
  const [dialog, setDialog] = useState<
    | null
    | { kind: 'remove'; device: Device }
    | { kind: 'authenticator' }
    | { kind: 'phone' }
    | { kind: 'regenerate' }
  >(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function addWebAuthn(deviceType: DeviceType) {
    setBusy(deviceType);
    setError(null);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options, webauthnToken } = await api.accountPreEnrollWebAuthn(deviceType);
      const attestation = await startRegistration({ optionsJSON: options });
      const answer = await api.accountEnrollWebAuthn({ webauthnToken, deviceType, options: attestation });
      const codes = recoveryCodesOf(answer);
      if (codes.length) setRecoveryCodes(codes);
      await refresh();
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

  const enrolled = (kind: Device['kind']) =>
    load.status === 'ready' && load.data.devices.some((d) => d.kind === kind);
  const offers = load.status === 'ready' ? load.data.strategies : [];
  const closeDialog = async (codes?: string[]) => {
    setDialog(null);
    if (codes?.length) setRecoveryCodes(codes);
    await refresh();
  };

  return (
    <Section titleId="ae-mfa-section-title" partName="mfa" title={t.title} intro={t.intro}>
      <LoadStatus load={load} failedText={t.loadFailed} onRetry={reload} />
      {error && <Alert>{error}</Alert>}
      {load.status === 'ready' && (
        <>
          {load.data.devices.length === 0 ? (
            <p css={mutedStyle} part="mfa-off">
              {t.none}
            </p>
          ) : (
            <ItemList partName="mfa-device-list">
              {load.data.devices.map((device) => (
                <Item
                  key={device.id}
                  partName="mfa-device"
                  title={device.name}
                  detail={t.added(formatDate(device.createdAt, ''))}
                  action={
                    <Button
                      variant="secondary"
                      partName="remove-mfa-device"
                      aria-label={t.removeLabel(device.name)}
                      onClick={() => setDialog({ kind: 'remove', device })}
                    >
                      {t.remove}
                    </Button>
                  }
                />
              ))}
            </ItemList>
          )}
          <div css={actionsStyle}>
            {offers.includes('AuthenticatorApp') && !enrolled('authenticator') && (
              <Button
                variant="secondary"
                partName="add-authenticator"
                onClick={() => setDialog({ kind: 'authenticator' })}
              >
                {t.addAuthenticator}
              </Button>
            )}
            {load.data.devices.length > 0 && (
              <Button
                variant="secondary"
                partName="regenerate-recovery-codes"
                onClick={() => setDialog({ kind: 'regenerate' })}
              >
                {t.regenerate}
              </Button>
            )}
            {offers.includes('SMS') && (
              <Button variant="secondary" partName="add-phone" onClick={() => setDialog({ kind: 'phone' })}>
                {t.addPhone}
              </Button>
            )}
            {WEBAUTHN_KINDS.filter(([, strategy]) => offers.includes(strategy)).map(([type, , label]) => (
              <Button
                key={type}
                variant="secondary"
                partName={`add-${type}`}
                loading={busy === type}
                loadingLabel={en.passkeyPrompt.creating}
                disabled={busy !== null}
                onClick={() => addWebAuthn(type)}
              >
                {label}
              </Button>
            ))}
          </div>
        </>
      )}
      {dialog?.kind === 'remove' && <RemoveDialog api={api} device={dialog.device} onClose={closeDialog} />}
      {dialog?.kind === 'authenticator' && <AuthenticatorDialog api={api} onClose={closeDialog} />}
      {dialog?.kind === 'phone' && <PhoneDialog api={api} onClose={closeDialog} />}
      {dialog?.kind === 'regenerate' && <RegenerateDialog api={api} onClose={closeDialog} />}
      {recoveryCodes && (
        <Dialog
          title={en.mfa.recoveryCodeTitle}
          titleId="ae-portal-recovery-title"
          onClose={() => setRecoveryCodes(null)}
        >
          <RecoveryCodeBox codes={recoveryCodes} />
          <DialogFooter>
            <Button partName="done-button" onClick={() => setRecoveryCodes(null)}>
              {t.done}
            </Button>
          </DialogFooter>
        </Dialog>
      )}
    </Section>
  );
}
