import { css } from '@emotion/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { createAccountMfaApi, recoveryCodesOf, type RecoveryCodes } from '../../../../core/api/accountMfa';
import { createMfaApi, type DeviceType } from '../../../../core/api/mfa';
import type { MfaDevices, MfaStrategyState } from '../../../../core/api/types';
import { activeStrategies, isRecoveryCode, typedCode, typedPhone } from '../../../../core/flows/mfa';
import { ceremonyMessage } from '../../../../core/store/auth/passkeyThunks';
import { en as base } from '../../../i18n/en';
import { enMfa } from '../../../i18n/en-mfa';
import { AuthenticatorSetup, OneTimeCodeForm, RecoveryCodeBox } from '../../../mfa/MfaParts';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/formatDate';
import { Item, ItemList } from '../../../ui/ItemList';
import { LoadStatus, Section } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { useCheckedSubmit } from '../../../ui/useCheckedSubmit';
import { useLoad } from '../../../ui/useListPage';
import { formStyle, mutedStyle } from '../../../ui/styles';

const en = { ...base, ...enMfa };
const t = en.portalMfa;
export const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '8px' });

/** The WebAuthn kinds the section offers to add: device type, MFA strategy, button label. */
const WEBAUTHN_KINDS: Array<[DeviceType, string, string]> = [
  ['platform', 'WebAuthnPlatform', t.addPlatform],
  ['cross-platform', 'WebAuthnCrossPlatform', t.addCrossPlatform],
];

type Device = {
  id: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  name: string;
  createdAt?: string;
};

function flatten(devices: MfaDevices): Device[] {
  return [
    ...devices.authenticators.map((d) => ({
      id: d.id,
      kind: 'authenticator' as const,
      name: t.authenticator,
      createdAt: d.createdAt,
    })),
    ...devices.phones.map((d) => ({
      id: d.id,
      kind: 'sms' as const,
      name: t.phone(d.phoneNumber ?? ''),
      createdAt: d.createdAt,
    })),
    ...(devices.emails ?? []).map((d) => ({
      id: d.id,
      kind: 'email' as const,
      name: t.email(d.email ?? ''),
      createdAt: d.createdAt,
    })),
    ...devices.webauthn.map((d) => ({
      id: d.id,
      kind: 'webauthn' as const,
      name: t.webauthn(d.deviceType),
      createdAt: d.createdAt,
    })),
  ];
}

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

type Api = ReturnType<typeof createMfaApi> & ReturnType<typeof createAccountMfaApi>;

/**
 * Removing a verification method asks for a fresh proof of it: the authenticator app's code (or the
 * recovery code); for a phone, a code sent to that phone (two steps: send, then enter it); for a
 * security key or built-in authenticator, the browser's prompt for that very device. An email code
 * is removed on confirmation.
 */
/**
 * A new set of recovery codes (the old set stops working), proven with a code of the authenticator
 * app or one of the current recovery codes; the new codes go to `onClose`, which shows them once.
 */
/** The code that proves the second factor: one of the authenticator app or a recovery code. */
function ProofField({
  form,
  value,
  onChange,
}: {
  form: ReturnType<typeof useCheckedSubmit>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      ref={form.ref}
      label={t.proofLabel}
      autoComplete="one-time-code"
      autoFocus
      value={value}
      maxLength={64}
      error={form.fieldError}
      partName="proof-input"
      onChange={(e) => {
        onChange(e.target.value);
        form.edited();
      }}
    />
  );
}

function RegenerateDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
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

function RemoveDialog({
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

/** A dialog's code step: `verify` sends the code; a recovery code in its answer goes to `onClose`. */
function CodeStep({
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

function AuthenticatorDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
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

function PhoneDialog({ api, onClose }: { api: Api; onClose: (codes?: string[]) => void }) {
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
