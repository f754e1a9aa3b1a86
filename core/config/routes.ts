/** The authentication routes of spec 000 §2, keyed as the spec keys them. */
export interface AuthRoutes {
  authenticatedUrl: string;
  loginUrl: string;
  logoutUrl: string;
  activateUrl: string;
  impersonationUrl: string;
  acceptInvitationUrl: string;
  forgetPasswordUrl: string;
  resetPhoneNumberUrl: string;
  resetPasswordUrl: string;
  socialLoginCallbackUrl: string;
  signUpUrl: string;
  oidcRedirectUrl: string;
  samlCallbackUrl: string;
  magicLinkCallbackUrl: string;
  hostedLoginRedirectUrl: string;
  /** Default path not shown in the spec: undefined means "stay on the sign-up screen". */
  signUpSuccessUrl?: string;
  /** Default path not shown in the spec: undefined means "no custom login page". */
  customLoginUrl?: string;
  /** Default path not shown in the spec: undefined falls back to authenticatedUrl. */
  customLoginAuthenticatedUrl?: string;
}

export const DEFAULT_ROUTES: Readonly<AuthRoutes> = Object.freeze({
  authenticatedUrl: '/',
  loginUrl: '/account/login',
  logoutUrl: '/account/logout',
  activateUrl: '/account/activate',
  impersonationUrl: '/account/impersonate',
  acceptInvitationUrl: '/account/invitation/accept',
  forgetPasswordUrl: '/account/forget-password',
  resetPhoneNumberUrl: '/account/reset-phone-number',
  resetPasswordUrl: '/account/reset-password',
  socialLoginCallbackUrl: '/account/social/success',
  signUpUrl: '/account/sign-up',
  oidcRedirectUrl: '/account/oidc/callback',
  samlCallbackUrl: '/account/saml/callback',
  magicLinkCallbackUrl: '/account/login/magic-link',
  hostedLoginRedirectUrl: '/oauth/callback',
});

/** The default routes with the host's overrides applied. */
export function resolveRoutes(overrides: Partial<AuthRoutes> = {}): AuthRoutes {
  return { ...DEFAULT_ROUTES, ...overrides };
}

function pathOf(url: string): string {
  const path = new URL(url, 'http://route.invalid').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Whether a URL is one of the known authentication routes. Spec 000 §2: decided against the route
 * map without the authenticatedUrl entry (so "/" does not make every page an auth route).
 */
export function isAuthRoute(url: string, routes: AuthRoutes = DEFAULT_ROUTES): boolean {
  const path = pathOf(url);
  return Object.entries(routes).some(
    ([key, value]) => key !== 'authenticatedUrl' && typeof value === 'string' && pathOf(value) === path,
  );
}
