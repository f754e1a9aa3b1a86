import type { ResetPhoneStep } from '../../flows/passwordless';
import type { ActivateStep, ForgotPasswordStep, ResetPasswordStep } from '../../flows/recovery';
import type { ImpersonateStep } from '../../flows/session';

/** State of the screens a route opens: forgot password, reset password, activation, impersonation. */
export interface RecoveryState {
  forgotPassword: { step: ForgotPasswordStep; email: string; loading: boolean; error: string | null };
  resetPassword: { step: ResetPasswordStep; loading: boolean; error: string | null };
  activate: { step: ActivateStep; loading: boolean; error: string | null; resent: boolean };
  impersonate: { step: ImpersonateStep; error: string | null };
  /** Reset phone number; `active` when an SMS pre-login sent the user here. Tokens in memory only. */
  resetPhone: {
    step: ResetPhoneStep;
    email: string;
    token: string | null;
    loading: boolean;
    error: string | null;
    active: boolean;
  };
}

export const initialRecoveryState: RecoveryState = {
  forgotPassword: { step: 'forgotPassword', email: '', loading: false, error: null },
  resetPassword: { step: 'resetPassword', loading: false, error: null },
  activate: { step: 'activating', loading: false, error: null, resent: false },
  impersonate: { step: 'impersonating', error: null },
  resetPhone: { step: 'request', email: '', token: null, loading: false, error: null, active: false },
};

/** A change to one or more of the recovery screens' states. */
export type RecoveryChange = { [K in keyof RecoveryState]?: Partial<RecoveryState[K]> };
