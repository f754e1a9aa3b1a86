import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { selectAuth, signUpReset } from '../../core/store/auth/authSlice';
import { loadPublicPolicy, loadSocialProviders } from '../../core/store/auth/thunks';
import type { LoginStep } from '../../core/flows/login';
import { screenForPath, type RouteScreen } from '../../core/flows/recovery';
import { afterPaint } from '../../core/session/hint';
import type { AuthRoutes } from '../../core/config/routes';
import { en } from '../i18n/en';
import { ElementRoot } from '../shared/ElementRoot';
import { useAppDispatch, useAppSelector, useAuthApp } from '../shared/AppContext';
import { css } from '@emotion/react';
import { RESERVED_SIZE } from '../loader/bundles';
import { Spinner } from '../ui/Spinner';
import { cardStyle } from '../ui/styles';
import { EmailPasswordStep } from './steps/EmailPasswordStep';
import { MethodUnavailableStep } from './steps/MethodUnavailableStep';
import { RedirectToSsoStep } from './steps/RedirectToSsoStep';
import { SignedInStep } from './steps/SignedInStep';
import type { StepProps } from './steps/types';

// Sign-up, reached from the sign-in form's link (or opened by the route or the `screen` attribute,
// which fetch it with the session check): its own chunk, so the sign-in page does not carry it.
const loadSignUpStep = () => import('./steps/SignUpStep');
const SignUpStep = lazy(() => loadSignUpStep().then((m) => ({ default: m.SignUpStep })));
// Screens reached from an emailed link or the "Forgot password?" link: their own chunks, so the
// page with the sign-in form does not download them.
const ActivateStep = lazy(() => import('./steps/ActivateStep').then((m) => ({ default: m.ActivateStep })));
const ResetPasswordStep = lazy(() =>
  import('./steps/ResetPasswordStep').then((m) => ({ default: m.ResetPasswordStep })),
);
const AcceptInvitationStep = lazy(() => import('./steps/AcceptInvitationStep'));
const ForgotPasswordStep = lazy(() =>
  import('./steps/ForgotPasswordStep').then((m) => ({ default: m.ForgotPasswordStep })),
);
// Passwordless, magic link, reset phone number and breached password: one chunk, loaded when reached.
// It picks its screen from the route given, else from the login step.
const PasswordlessScreens = lazy(() => import('./steps/PasswordlessSteps'));
// Impersonation and logout routes and the RegisterQuickLogin flow: one chunk, loaded when reached.
const RouteSteps = lazy(() => import('./steps/RouteSteps').then((m) => ({ default: m.RouteSteps })));
// Social login's callback route (issue 5): its own chunk too.
const SocialCallbackStep = lazy(() =>
  import('./steps/SocialCallbackStep').then((m) => ({ default: m.SocialCallbackStep })),
);
const SsoCallbackStep = lazy(() =>
  import('./steps/SsoCallbackStep').then((m) => ({ default: m.SsoCallbackStep })),
);
// loginWithSSOFailed outside the callback screen (another login box on the page shares the store).
const SsoFailedStep = lazy(() => import('./steps/SsoFailedStep'));

// MFA and passkey screens: their own chunks (with @simplewebauthn/browser behind a further import()).
const MfaStep = lazy(() => import('./mfa/MfaStep').then((m) => ({ default: m.MfaStep })));
const PasskeyPromptStep = lazy(() =>
  import('./mfa/PasskeyPromptStep').then((m) => ({ default: m.PasskeyPromptStep })),
);

/** The login flow as a table: step -> screen. Steps without a screen yet fall back to MethodUnavailableStep. */
const LOGIN_STEP_SCREENS: Partial<Record<LoginStep, ComponentType<StepProps>>> = {
  preLogin: EmailPasswordStep,
  loginWithPassword: EmailPasswordStep,
  redirectToSSO: RedirectToSsoStep,
  loginWithOtc: PasswordlessScreens,
  loginWithSmsOtc: PasswordlessScreens,
  loginWithQuickSmsOtc: PasswordlessScreens,
  magicLinkPreLoginSuccess: PasswordlessScreens,
  breachedPassword: PasswordlessScreens,
  breachedPasswordSuccess: PasswordlessScreens,
  loginWithTwoFactor: MfaStep,
  forceTwoFactor: MfaStep,
  recoverTwoFactor: MfaStep,
  loginWithSSOFailed: SsoFailedStep,
};

type LoginBoxScreen = 'login' | RouteScreen | 'socialCallback' | 'oidcCallback' | 'samlCallback';

/** The callback screens of federated sign-in: an mfaRequired answer hands over to the login steps (MFA). */
const FEDERATED_CALLBACKS: ReadonlySet<LoginBoxScreen> = new Set([
  'socialCallback',
  'oidcCallback',
  'samlCallback',
]);

/** The screen to open with: the `screen` attribute, else the route's screen (spec 000 §2), else login. */
function initialScreen(screen: string | undefined, pathname: string, routes: AuthRoutes): LoginBoxScreen {
  if (screen === 'sign-up' || screen === 'signUp') return 'signUp';
  if (screen === 'login') return 'login';
  const path = pathname.replace(/\/+$/, '');
  if (path === routes.socialLoginCallbackUrl.replace(/\/+$/, '')) return 'socialCallback';
  if (path === routes.oidcRedirectUrl.replace(/\/+$/, '')) return 'oidcCallback';
  if (path === routes.samlCallbackUrl.replace(/\/+$/, '')) return 'samlCallback';
  return screenForPath(pathname, routes) ?? 'login';
}

// The box's place while it loads: the card's frame at the size the loader's marker kept (no jump).
const loadingStyle = css(cardStyle, {
  minHeight: RESERVED_SIZE['auth-login-box'].height,
  alignItems: 'center',
  justifyContent: 'center',
});
const Loading = () => (
  <div css={loadingStyle}>
    <Spinner label={en.common.loading} />
  </div>
);

function Screens({ screen: screenAttribute }: { screen?: string }) {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const { isLoading, sessionCheckBehindForm, isAuthenticated, loginState, recovery } =
    useAppSelector(selectAuth);
  const [screen, setScreen] = useState<LoginBoxScreen>(() =>
    initialScreen(screenAttribute, globalThis.location?.pathname ?? '/', app.options.routes),
  );
  // What the sign-in form shows besides the field is asked for now, not after the session check:
  // the public policy (sign-up link, passkey button; the loader has usually sent it already), and
  // the social lists once the first frame is painted (on a host with HTTP/1.1 they would otherwise
  // take connections the bundle needs). The field never waits for these.
  useEffect(() => {
    if (app.store.getState().auth.isAuthenticated || (screen !== 'login' && screen !== 'signUp')) return;
    void dispatch(loadPublicPolicy());
    if (screen === 'login') void afterPaint().then(() => dispatch(loadSocialProviders()));
    else
      loadSignUpStep().catch(() => {
        /* rendering it tries again and shows the failure */
      });
    // Only for the screen the box opens with; later screens ask for themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only for the screen the box opens with; later screens ask for themselves
  }, []);
  // Demo mode: federated sign-in comes back to this page, not to routes nobody serves (demoRouting.ts,
  // its own small chunk: a real sign-in page never downloads it).
  useEffect(() => {
    if (!app.options.demoMode) return undefined;
    const routes = app.options.routes;
    let stop: (() => void) | null = null;
    let live = true;
    void import('./demoRouting').then(({ routeDemoInPage }) => {
      if (!live) return;
      stop = routeDemoInPage(
        app,
        (path) => FEDERATED_CALLBACKS.has(initialScreen(undefined, path, routes)),
        (path) => setScreen(initialScreen(undefined, path, routes)),
      );
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [app]);
  // Signed in from the sign-up form: signing out later comes back to sign-in, not to sign-up.
  useEffect(() => {
    if (!isAuthenticated || screen !== 'signUp') return;
    setScreen('login');
    dispatch(signUpReset());
  }, [isAuthenticated, screen, dispatch]);
  const signIn = () => {
    // Leaving a link's screen: drop its token from the address bar and history.
    if (
      screen === 'resetPassword' ||
      screen === 'acceptInvitation' ||
      screen === 'socialCallback' ||
      screen === 'magicLink' ||
      screen === 'resetPhoneNumber' ||
      recovery.resetPhone.active
    )
      globalThis.history?.replaceState(null, '', app.options.routes.loginUrl);
    setScreen('login');
  };

  // MFA after sign-up or a federated callback continues on the login MFA step (spec 000 §4).
  const mfaPending = loginState.step === 'loginWithTwoFactor' || loginState.step === 'forceTwoFactor';
  // The callback is done (its address is already the login route): the login screen shows the MFA step.
  if (mfaPending && FEDERATED_CALLBACKS.has(screen)) setScreen('login');
  // The boundary sits below this component's state: a screen's chunk that is still loading must not
  // throw away which screen was asked for (Preact, which the CDN bundles render with, remounts the
  // suspended subtree).
  return <Suspense fallback={<Loading />}>{screenElement()}</Suspense>;

  function screenElement() {
    // No session seen in this browser: the sign-in form draws at once, the check answers behind it.
    if (isLoading && !(sessionCheckBehindForm && screen === 'login')) return <Loading />;
    // Activation signs out whoever is signed in (spec 000 §4), so it comes before the signed-in state.
    if (screen === 'activate') return <ActivateStep />;
    // Accepting ends with the user signed out (spec 000 §4), so it also comes before the signed-in state.
    if (screen === 'acceptInvitation') return <AcceptInvitationStep onSignIn={signIn} />;
    if (screen === 'socialCallback') return <SocialCallbackStep onSignIn={signIn} />;
    if (screen === 'oidcCallback' || screen === 'samlCallback')
      return <SsoCallbackStep protocol={screen === 'samlCallback' ? 'saml' : 'oidc'} />;
    if (screen === 'resetPassword')
      return <ResetPasswordStep onSignIn={signIn} onForgotPassword={() => setScreen('forgotPassword')} />;
    if (screen === 'magicLink') return <PasswordlessScreens route={screen} onDone={signIn} />;
    if (screen === 'logout' || screen === 'impersonate') return <RouteSteps screen={screen} />;
    if (isAuthenticated && loginState.step === 'promptPasskeys') return <PasskeyPromptStep />;
    if (isAuthenticated)
      return loginState.flow === 'RegisterQuickLogin' ? (
        <RouteSteps screen="registerQuickLogin" />
      ) : (
        <SignedInStep />
      );
    if (screen === 'resetPhoneNumber' || recovery.resetPhone.active)
      return <PasswordlessScreens route="resetPhoneNumber" onDone={signIn} />;
    if (screen === 'signUp' && !mfaPending) return <SignUpStep onSignIn={signIn} />;
    if (screen === 'forgotPassword') return <ForgotPasswordStep onSignIn={signIn} />;
    const Step = LOGIN_STEP_SCREENS[loginState.step] ?? MethodUnavailableStep;
    // In a transition: the sign-in form stays until the next screen's chunk has arrived (no spinner flash).
    return (
      <Step
        onSignUp={() => startTransition(() => setScreen('signUp'))}
        onForgotPassword={() => startTransition(() => setScreen('forgotPassword'))}
      />
    );
  }
}

interface LoginBoxProps {
  /** The element's shadow root, handed over by r2wc. */
  container: ShadowRoot;
  /** `login` (default) or `sign-up`. */
  screen?: string;
}

/** `<auth-login-box>` as a plain React component: sign-in, sign-up and the signed-in state. */
export function LoginBox({ container, screen }: LoginBoxProps) {
  return (
    <ElementRoot container={container} requestSource="login-box">
      <Screens screen={screen} />
    </ElementRoot>
  );
}
