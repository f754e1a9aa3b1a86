/**
 * The links emails carry to the application's account pages (core/config/routes.ts has the same
 * paths as the login box's defaults): always on the configured application, never on the
 * request's host. One place for the server (server/domain/activation.ts, password-reset.ts,
 * invitations) and demo mode (the flows over its platform, core/demo/platform.ts).
 */

/** `path` on `appUrl` with `query`. */
function accountAddress(appUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** An address that carries a user's one-time token (activation, password reset, invitation). */
type TokenAddress = (appUrl: string, userId: string, token: string) => string;

export const activationAddress: TokenAddress = (appUrl, userId, token) =>
  accountAddress(appUrl, '/account/activate', { userId, token });

export const resetPasswordAddress: TokenAddress = (appUrl, userId, token) =>
  accountAddress(appUrl, '/account/reset-password', { userId, token });

/** The link an invitation email holds. */
export const invitationAddress: TokenAddress = (appUrl, userId, token) =>
  accountAddress(appUrl, '/account/invitation/accept', { userId, token });

/** The sign-in page (the joined-account email's link). */
export const signInAddress = (appUrl: string) => accountAddress(appUrl, '/account/login', {});

/** The address to share for an invite link's token. */
export const inviteLinkAddress = (appUrl: string, token: string) =>
  accountAddress(appUrl, '/account/sign-up', { invitationToken: token });
