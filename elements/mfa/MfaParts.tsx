/**
 * The pieces of two-step verification that the login box's MFA screens (login-box/mfa/MfaStep)
 * and the portal's Privacy page (admin-portal/pages/privacy/MfaSection) share: the authenticator
 * app's QR code and secret, the one-time code form, and the recovery code shown once. Loaded with
 * those screens only (their own chunk), never with the sign-in page.
 */
import { css } from '@emotion/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { typedCode } from '../../core/flows/mfa';
import { en as base } from '../i18n/en';
import { enMfa } from '../i18n/en-mfa';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useCheckedSubmit } from '../ui/useCheckedSubmit';
import { formStyle, mutedStyle } from '../ui/styles';

const en = { ...base, ...enMfa };

const codeActions = css({ display: 'flex', gap: '8px', flexWrap: 'wrap' });
const codeBox = css({
  fontFamily: 'ui-monospace, monospace',
  fontSize: '1.05em',
  letterSpacing: '0.08em',
  padding: '12px',
  textAlign: 'center',
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12em, 1fr))',
  gap: '4px 16px',
  border: '1px dashed var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
  margin: 0,
  userSelect: 'all',
  overflowWrap: 'anywhere',
});
const secretStyle = css({ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere', margin: 0 });
const checkboxRow = css({ display: 'flex', gap: '8px', alignItems: 'center' });
const actionsRow = css({ display: 'flex', gap: '8px', justifyContent: 'flex-end', flexWrap: 'wrap' });

/** The authenticator app's enrolment: the QR code to scan and the secret to type instead. */
export function AuthenticatorSetup({ qrCode, secret }: { qrCode: string; secret: string }) {
  return (
    <>
      {qrCode.startsWith('data:image/') && (
        <img
          src={qrCode}
          alt={en.mfa.qrAlt}
          width={200}
          height={200}
          part="qr-code"
          css={css({ alignSelf: 'center', background: '#ffffff', padding: '8px', borderRadius: '4px' })}
        />
      )}
      <p css={mutedStyle}>{en.mfa.secretLabel}</p>
      <p css={secretStyle} part="totp-secret">
        {secret}
      </p>
    </>
  );
}

/**
 * A one-time code form: checked in the browser first (digits only), then `onCode`, which answers a
 * failure message or null. "Remember this device" shows when `remember` allows it; a Cancel button
 * when `onCancel` is given (the portal's dialogs).
 */
export function OneTimeCodeForm({
  label = en.mfa.codeLabel,
  intro,
  onCode,
  remember,
  onCancel,
  cancelLabel,
  children,
  autoFocus = true,
}: {
  label?: string;
  intro?: ReactNode;
  onCode: (code: string, rememberDevice: boolean) => Promise<string | null>;
  remember?: { allowed: boolean; days: number } | null;
  onCancel?: () => void;
  cancelLabel?: string;
  children?: ReactNode;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const { ref, fieldError, error, loading, submit, edited } = useCheckedSubmit();
  const onSubmit = (event: FormEvent) => {
    const value = typedCode(code);
    return submit(event, value ? null : en.mfa.codeInvalid, () => onCode(value!, rememberDevice));
  };
  const verify = (
    <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.mfa.verifying}>
      {en.mfa.verify}
    </Button>
  );
  return (
    <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
      {error && <Alert>{error}</Alert>}
      {intro}
      {children}
      <TextField
        ref={ref}
        label={label}
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        autoFocus={autoFocus}
        required
        value={code}
        error={fieldError}
        partName="code-input"
        onChange={(event) => {
          setCode(event.target.value);
          edited();
        }}
      />
      {remember?.allowed && (
        <label css={checkboxRow} part="remember-device">
          <input
            type="checkbox"
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.target.checked)}
          />
          {en.mfa.remember(remember.days)}
        </label>
      )}
      {onCancel ? (
        <div css={actionsRow} part="dialog-footer">
          <Button variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          {verify}
        </div>
      ) : (
        verify
      )}
    </form>
  );
}

/** A .txt file of the recovery codes, one a line, saved by the browser. */
function downloadCodes(codes: string[]) {
  const text = `${en.mfa.downloadHeader(location.hostname)}\n\n${codes.join('\n')}\n`;
  const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = en.mfa.downloadName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * The set of recovery codes, shown once, with Copy (every code, one a line) and Download (a .txt);
 * "Copied" (or how to copy by hand) is announced. The caller adds what comes next (Continue, Done).
 */
export function RecoveryCodeBox({ codes }: { codes: string[] }) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copyState !== 'copied') return undefined;
    const timer = setTimeout(() => setCopyState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copyState]);
  return (
    <>
      <p css={mutedStyle}>{en.mfa.recoveryCodeIntro}</p>
      <ol css={codeBox} part="recovery-codes" aria-label={en.mfa.recoveryCodesLabel}>
        {codes.map((code) => (
          <li key={code} part="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div css={codeActions}>
        <Button
          variant="secondary"
          partName="copy-button"
          onClick={() => {
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(codes.join('\n')))
              .then(
                () => setCopyState('copied'),
                () => setCopyState('failed'),
              );
          }}
        >
          {copyState === 'copied' ? en.mfa.copied : en.mfa.copy}
        </Button>
        <Button variant="secondary" partName="download-button" onClick={() => downloadCodes(codes)}>
          {en.mfa.download}
        </Button>
      </div>
      <p role="status" css={mutedStyle}>
        {copyState === 'copied' ? en.mfa.copied : copyState === 'failed' ? en.mfa.copyFailed : ''}
      </p>
    </>
  );
}
