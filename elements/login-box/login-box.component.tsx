import { useState, type ComponentType } from 'react';
import { selectAuth } from '../../core/store/auth/authSlice';
import type { LoginStep } from '../../core/flows/login';
import { en } from '../i18n/en';
import { ElementRoot } from '../shared/ElementRoot';
import { useAppSelector, useAuthApp } from '../shared/AppContext';
import { Spinner } from '../ui/Spinner';
import { EmailPasswordStep } from './steps/EmailPasswordStep';
import { MethodUnavailableStep } from './steps/MethodUnavailableStep';
import { RedirectToSsoStep } from './steps/RedirectToSsoStep';
import { SignedInStep } from './steps/SignedInStep';
import { SignUpStep } from './steps/SignUpStep';
import type { StepProps } from './steps/types';

/** The login flow as a table: step -> screen. Steps without a screen yet fall back to MethodUnavailableStep. */
export const LOGIN_STEP_SCREENS: Partial<Record<LoginStep, ComponentType<StepProps>>> = {
  preLogin: EmailPasswordStep,
  loginWithPassword: EmailPasswordStep,
  redirectToSSO: RedirectToSsoStep,
};

export type LoginBoxScreen = 'login' | 'signUp';

/** The screen to open with: the `screen` attribute, else the sign-up route, else login. */
export function initialScreen(screen: string | undefined, pathname: string, signUpUrl: string): LoginBoxScreen {
  if (screen === 'sign-up' || screen === 'signUp') return 'signUp';
  if (screen === 'login') return 'login';
  return pathname.replace(/\/+$/, '') === signUpUrl.replace(/\/+$/, '') ? 'signUp' : 'login';
}

function LoginBoxScreens({ screen: screenAttribute }: { screen?: string }) {
  const app = useAuthApp();
  const { isLoading, isAuthenticated, loginState } = useAppSelector(selectAuth);
  const [screen, setScreen] = useState<LoginBoxScreen>(() =>
    initialScreen(screenAttribute, globalThis.location?.pathname ?? '/', app.options.routes.signUpUrl));

  if (isLoading) return <Spinner label={en.common.loading} />;
  if (isAuthenticated) return <SignedInStep />;
  if (screen === 'signUp') return <SignUpStep onSignIn={() => setScreen('login')} />;
  const Step = LOGIN_STEP_SCREENS[loginState.step] ?? MethodUnavailableStep;
  return <Step onSignUp={() => setScreen('signUp')} />;
}

export interface LoginBoxProps {
  /** The element's shadow root, handed over by r2wc. */
  container: ShadowRoot;
  /** `login` (default) or `sign-up`. */
  screen?: string;
}

/** `<auth-login-box>` as a plain React component: sign-in, sign-up and the signed-in state. */
export function LoginBox({ container, screen }: LoginBoxProps) {
  return (
    <ElementRoot container={container} requestSource="login-box">
      <LoginBoxScreens screen={screen} />
    </ElementRoot>
  );
}
