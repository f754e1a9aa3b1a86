/** Signing in with a recovery code, and the recovery code shown once after an enrolment. */
import { useState, type FormEvent } from 'react';
import { isRecoveryCode } from '../../../core/flows/mfa';
import { finishSignIn } from '../../../core/store/auth/thunks';
import { RecoveryCodeBox } from '../../mfa/MfaParts';
import { useAppDispatch } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/useCheckedSubmit';
import { formStyle, mutedStyle } from '../../ui/styles';
import { en, firstView, useRun, type ScreenProps, type View } from './mfaScreen';

export function RecoverScreen(props: ScreenProps) {
  const { api, info } = props;
  const run = useRun(props);
  const [code, setCode] = useState('');
  const { ref, fieldError, error, loading, submit, edited } = useCheckedSubmit();
  const onSubmit = (event: FormEvent) => {
    const value = code.trim();
    return submit(event, isRecoveryCode(value) ? null : en.mfa.recoverInvalid, () =>
      run(() => api.recover({ mfaToken: info.mfaToken, recoveryCode: value })),
    );
  };

  return (
    <>
      <form noValidate onSubmit={onSubmit} part="form" css={formStyle}>
        {error && <Alert>{error}</Alert>}
        <p css={mutedStyle}>{en.mfa.recoverIntro}</p>
        <TextField
          ref={ref}
          label={en.mfa.recoverLabel}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          required
          maxLength={64}
          value={code}
          error={fieldError}
          partName="recovery-code-input"
          onChange={(event) => {
            setCode(event.target.value);
            edited();
          }}
        />
        <Button type="submit" partName="submit-button" loading={loading} loadingLabel={en.mfa.verifying}>
          {en.mfa.verify}
        </Button>
      </form>
      <Button variant="link" partName="link other-method-link" onClick={() => props.setView(firstView(info))}>
        {en.mfa.otherMethod}
      </Button>
      <Button variant="link" partName="link sign-in-link" onClick={props.backToSignIn}>
        {en.mfa.backToSignIn}
      </Button>
    </>
  );
}

/** recoveryCode: the code, shown once, with a way to copy it; Continue ends the sign-in. */
export function RecoveryCodeScreen(props: ScreenProps & { view: Extract<View, { screen: 'recoveryCode' }> }) {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(false);
  const { recoveryCode, recoveryCodes } = props.view.response;
  const codes = recoveryCodes?.length ? recoveryCodes : recoveryCode ? [recoveryCode] : [];

  async function next() {
    setLoading(true);
    const { recoveryCode: _shown, recoveryCodes: _all, ...response } = props.view.response;
    await dispatch(finishSignIn(response));
  }

  return (
    <>
      <RecoveryCodeBox codes={codes} />
      <Button
        partName="submit-button continue-button"
        loading={loading}
        loadingLabel={en.common.loading}
        onClick={next}
        autoFocus
      >
        {en.mfa.continue}
      </Button>
    </>
  );
}
