import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MfaLoginInfo, PublicPolicy, SocialProviderConfig, Tenant, User } from '../../api/types';
import type { LoginFlow, LoginStep } from '../../flows/login';
import { initialRecoveryState, type RecoveryChange, type RecoveryState } from './recoveryState';

export interface LoginState {
  flow: LoginFlow;
  step: LoginStep;
  email: string;
  loading: boolean;
  error: string | null;
  /** Where redirectToSSO will navigate. */
  ssoAddress: string | null;
  /** In the RegisterQuickLogin flow: the method the register-quick-login flag named. */
  quickLoginToRegister?: string | null;
  /** Passwordless: the masked phone an SMS code went to; true after a resend. */
  phoneNumber?: string | null;
  resent?: boolean;
  /** Between the password and the second factor: the mfaToken, devices and strategies. */
  mfa?: MfaLoginInfo | null;
  /**
   * On the passkey prompt after a sign-in whose first factor decided where it ends (`mfa.afterSignInUrl`,
   * a new social user's signUpSuccessUrl for one): that place, kept until the prompt is left.
   */
  afterSignInUrl?: string | null;
}

export interface SignUpState {
  stage: 'SignUp' | 'SignUpSuccess';
  loading: boolean;
  error: string | null;
  shouldActivate: boolean;
}

export interface AuthState {
  /** True until the first session check (the refresh on load) has answered. */
  isLoading: boolean;
  /**
   * The first session check runs behind the sign-in form: no session was seen in this browser
   * (core/session/hint.ts), so the login box draws its form without waiting for the answer.
   */
  sessionCheckBehindForm: boolean;
  isAuthenticated: boolean;
  user: User | null;
  /** Kept in memory only, never in storage. */
  accessToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  tenants: Tenant[];
  activeTenant: Tenant | null;
  publicPolicy: PublicPolicy | null;
  /**
   * The social login buttons' providers (v2 and custom), null until loaded. `complete` is false when
   * a list failed: what loaded is shown, and the next sign-in form asks again.
   */
  socialProviders: { list: SocialProviderConfig[]; complete: boolean } | null;
  loginState: LoginState;
  signUpState: SignUpState;
  /** Forgot password, reset password and activation screens. */
  recovery: RecoveryState;
  /** Tenant switch in progress, and the last switch's failure. */
  tenantSwitch: { loading: boolean; error: string | null };
}

const initialLoginState: LoginState = {
  flow: 'Login',
  step: 'preLogin',
  email: '',
  loading: false,
  error: null,
  ssoAddress: null,
};
const initialSignUpState: SignUpState = {
  stage: 'SignUp',
  loading: false,
  error: null,
  shouldActivate: false,
};

export const initialAuthState: AuthState = {
  isLoading: true,
  sessionCheckBehindForm: false,
  isAuthenticated: false,
  user: null,
  accessToken: null,
  expiresAt: null,
  tenants: [],
  activeTenant: null,
  publicPolicy: null,
  socialProviders: null,
  loginState: initialLoginState,
  signUpState: initialSignUpState,
  recovery: initialRecoveryState,
  tenantSwitch: { loading: false, error: null },
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionCheckStarted(state, action: PayloadAction<{ behindForm: boolean } | undefined>) {
      state.isLoading = true;
      state.sessionCheckBehindForm = action.payload?.behindForm === true;
    },
    /** The profile changed (admin portal): merged over the signed-in user. */
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    tokenReceived(state, action: PayloadAction<{ accessToken: string; expiresAt: number }>) {
      state.accessToken = action.payload.accessToken;
      state.expiresAt = action.payload.expiresAt;
    },
    sessionEstablished(
      state,
      action: PayloadAction<{ user: User; tenants: Tenant[]; activeTenant: Tenant | null }>,
    ) {
      state.user = action.payload.user;
      state.tenants = action.payload.tenants;
      state.activeTenant = action.payload.activeTenant;
      state.isAuthenticated = true;
      state.isLoading = false;
    },
    /** Tokens and user cleared, unauthenticated (failed refresh, failed login, MFA pending, logout). */
    sessionCleared(state) {
      state.accessToken = null;
      state.expiresAt = null;
      state.user = null;
      state.tenants = [];
      state.activeTenant = null;
      state.isAuthenticated = false;
      state.isLoading = false;
    },
    publicPolicyLoaded(state, action: PayloadAction<PublicPolicy>) {
      state.publicPolicy = action.payload;
    },
    socialProvidersLoaded(state, action: PayloadAction<NonNullable<AuthState['socialProviders']>>) {
      state.socialProviders = action.payload;
    },
    loginStateChanged(state, action: PayloadAction<Partial<LoginState>>) {
      Object.assign(state.loginState, action.payload);
    },
    loginReset(state) {
      state.loginState = initialLoginState;
    },
    signUpStateChanged(state, action: PayloadAction<Partial<SignUpState>>) {
      Object.assign(state.signUpState, action.payload);
    },
    signUpReset(state) {
      state.signUpState = initialSignUpState;
    },
    tenantSwitchChanged(state, action: PayloadAction<AuthState['tenantSwitch']>) {
      state.tenantSwitch = action.payload;
    },
    recoveryChanged(state, action: PayloadAction<RecoveryChange>) {
      for (const key of Object.keys(action.payload) as Array<keyof RecoveryState>)
        Object.assign(state.recovery[key], action.payload[key]);
    },
  },
});

export const {
  sessionCheckStarted,
  userUpdated,
  tokenReceived,
  sessionEstablished,
  sessionCleared,
  publicPolicyLoaded,
  socialProvidersLoaded,
  loginStateChanged,
  loginReset,
  signUpStateChanged,
  signUpReset,
  recoveryChanged,
  tenantSwitchChanged,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectLoginState = (state: WithAuth) => state.auth.loginState;
export const selectSignUpState = (state: WithAuth) => state.auth.signUpState;
export const selectRecovery = (state: WithAuth) => state.auth.recovery;
export const selectPublicPolicy = (state: WithAuth) => state.auth.publicPolicy;
export const selectSocialProviders = (state: WithAuth) => state.auth.socialProviders;
