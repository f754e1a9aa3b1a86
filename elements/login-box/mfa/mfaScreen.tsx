/**
 * What the MFA screens of the sign-in (./MfaStep.tsx) share: the views, the props every screen
 * gets, the first view for a login answer, the ways out at the bottom and the call runner.
 */
import type { DeviceType, MfaApi } from '../../../core/api/mfa';
import type { AuthResponse, MfaLoginInfo } from '../../../core/api/types';
import { activeStrategies, decideMfaStep, type MfaStep as MfaScreen } from '../../../core/flows/mfa';
import { en as base } from '../../i18n/en';
import { enMfa } from '../../i18n/en-mfa';
import { Button } from '../../ui/Button';

export const en = { ...base, ...enMfa };

/** The screens of this chunk: spec 000 §2's MFA screens, plus the recovery-code sign-in and the WebAuthn ceremony. */
export type View =
  | { screen: 'verify' }
  | { screen: 'authenticatorApp'; deviceId?: string }
  | { screen: 'smsSetPhoneNumber' }
  | { screen: 'smsVerifyCode'; deviceId?: string; phoneNumber?: string; otcToken?: string }
  | { screen: 'emailVerifyCode'; otcToken?: string }
  | { screen: 'webauthn'; deviceId?: string; deviceType: DeviceType }
  | { screen: 'recover' }
  | { screen: 'recoveryCode'; response: AuthResponse };

export function firstView(info: MfaLoginInfo): View {
  const step: MfaScreen = decideMfaStep(info);
  if (info.enrolled) {
    if (step === 'authenticatorApp')
      return { screen: 'authenticatorApp', deviceId: info.devices.authenticators[0]?.id };
    if (step === 'smsVerifyCode')
      return {
        screen: 'smsVerifyCode',
        deviceId: info.devices.phones[0]?.id,
        phoneNumber: info.devices.phones[0]?.phoneNumber ?? '',
      };
    return { screen: 'verify' };
  }
  if (step === 'authenticatorApp') return { screen: 'authenticatorApp' };
  if (step === 'smsSetPhoneNumber') return { screen: 'smsSetPhoneNumber' };
  if (step === 'emailVerifyCode') return { screen: 'emailVerifyCode' };
  return { screen: 'verify' };
}

export interface ScreenProps {
  info: MfaLoginInfo;
  api: MfaApi;
  view: View;
  setView: (view: View) => void;
  remember: { allowed: boolean; days: number } | null;
  done: (response: AuthResponse) => Promise<void>;
  failure: (error: unknown) => string;
  backToSignIn: () => void;
}

/** The ways out at the bottom of every screen. */
export function Footer({ info, setView, backToSignIn, view }: ScreenProps) {
  const several = info.enrolled ? true : activeStrategies(info.strategies).length > 1;
  return (
    <>
      {several && view.screen !== 'verify' && (
        <Button
          variant="link"
          partName="link other-method-link"
          onClick={() => setView({ screen: 'verify' })}
        >
          {en.mfa.otherMethod}
        </Button>
      )}
      {info.enrolled && view.screen !== 'recover' && (
        <Button variant="link" partName="link recover-link" onClick={() => setView({ screen: 'recover' })}>
          {en.mfa.useRecoveryCode}
        </Button>
      )}
      <Button variant="link" partName="link sign-in-link" onClick={backToSignIn}>
        {en.mfa.backToSignIn}
      </Button>
    </>
  );
}

/** Runs a verifying call: its answer ends the screen (done), a failure becomes the message to show. */
export function useRun(props: ScreenProps) {
  return async (call: () => Promise<AuthResponse>): Promise<string | null> => {
    try {
      await props.done(await call());
      return null;
    } catch (error) {
      return props.failure(error);
    }
  };
}
