/**
 * Sign-in by password (spec 000 §7: POST /auth/v1/user), written once for the server and demo mode
 * (core/domain/handlers.ts). The rules and their order are the server's: the calling page, the
 * application's sign-in methods, the captcha policy, the login alias, the failed-attempt limit,
 * the password (an unknown email costs what a wrong password does), the lockout policy, the
 * unverified email, the breach verdict, the alias's members, the second factor (the account's
 * sign-in methods first) and the invite link (its account's email domains). What differs between
 * the backends is a port, assembled once over the platform (core/domain/sign-in-area.ts): the
 * password hashing, the session start (the server's tokens and refresh cookie, demo mode's stored
 * session), the captcha and the client's address. A session's refresh token never reaches the
 * answer: the session start hands it to the route's transport (the server's httpOnly cookie).
 */
import type { Answer } from '../contract/answer';
import { contractError } from '../contract/errors';
import type { SignInLimits } from './attempts';
import { answer, type PublicHandlers } from './handlers';
import type { InviteLinkPorts } from './invitations';
import { accountOfLoginAlias, assertAliasMember, type LoginAliasPort } from './login-alias';
import { assertVendorAllows, type SignInMethodPorts } from './sign-in-methods';

/** A user as the sign-in reads them. */
export interface SignInUser {
  id: string;
  email: string;
  verified: boolean;
  /** Locked by the lockout policy (an administrator unlocks them). */
  locked: boolean;
}

export interface PasswordSignInPorts<U extends SignInUser = SignInUser> {
  /** Refuses a sign-in from a page the server does not trust. */
  checkOrigin(): void;
  /** The application's sign-in methods (the account's are the second factor's to check). */
  methods: SignInMethodPorts;
  /** Refuses a sign-in whose captcha does not hold (when the application asks for one). */
  verifyCaptcha(email: string, token: unknown): Promise<void>;
  /** The accounts' custom logins, and the alias the request names (the login-alias header). */
  loginAlias: { port: LoginAliasPort; alias: string | undefined };
  /** The failed-attempt counters of the email (and the client's address, where known). */
  attempts: Pick<SignInLimits, 'assertNotLocked' | 'recordFailure'>;
  userByEmail(email: string): Promise<U | null>;
  /** Whether `password` is the user's; for no user, the same work answering false. */
  verifyPassword(password: string, user: U | null): Promise<boolean>;
  /** Counts a failed sign-in against the lockout policy (the same writes for an unknown email). */
  countLockout(user: U | null): Promise<void>;
  /**
   * After a matching password: the email's failures are forgotten and, with `user`, the lockout
   * count restarts and (unless null) the breach verdict is stored; `password` lets the backend
   * rehash a password stored by an older scheme.
   */
  passwordMatched(
    email: string,
    user: U | null,
    breach?: { breached: boolean; password: string },
  ): Promise<void>;
  unverifiedMaySignIn(): Promise<boolean>;
  isBreached(password: string): boolean;
  /**
   * The account's sign-in methods and the MFA gate: the answer asking for a second factor, or null
   * to sign in now. `tenantId`: the account the session opens in (the login alias's).
   */
  secondFactor(user: U, tenantId: string | null): Promise<object | null>;
  /**
   * Opens the answer's session in `tenantId` (else the user's active account): its refresh token
   * goes to the backend's transport (the server's httpOnly cookie). A second session of the same
   * request replaces the first, which the backend ends.
   */
  startSession(user: U, tenantId: string | null): Promise<object>;
  /** An invite link at sign-in: its account, that account's email-domain restrictions, the join. */
  invitations: {
    links: Pick<InviteLinkPorts, 'tenantOf'>;
    emailDomainAllowed(tenantId: string, email: string): Promise<boolean>;
    /** Makes the user a member with no role (an email invitation pending there becomes accepted). */
    join(userId: string, tenantId: string): Promise<void>;
  };
}

/**
 * The account a live invite link joins the user to after a complete sign-in; null for a link not
 * live or an email domain the account's restrictions refuse (the sign-in stands either way).
 */
async function joinInviteLink(p: PasswordSignInPorts['invitations'], user: SignInUser, token: string) {
  const tenant = await p.links.tenantOf(token);
  if (!tenant || !(await p.emailDomainAllowed(tenant.tenantId, user.email))) return null;
  await p.join(user.id, tenant.tenantId);
  return tenant.tenantId;
}

/**
 * Checks the email and password and opens the session. Unknown email and wrong password give the
 * same answer after the same work, so the route cannot tell who has an account.
 */
async function signInWithPassword<U extends SignInUser>(
  p: PasswordSignInPorts<U>,
  body: Record<string, unknown>,
): Promise<object> {
  const email = body.email as string;
  const password = body.password as string;
  p.checkOrigin();
  await assertVendorAllows(p.methods, 'EmailAndPassword');
  await p.verifyCaptcha(email, body.recaptchaToken);
  // A login alias (custom login per account): its account's members sign in there.
  const aliasTenant = await accountOfLoginAlias(p.loginAlias.port, p.loginAlias.alias);
  // Refused before the password is looked at: while locked, a right password is refused too.
  await p.attempts.assertNotLocked(email);
  const user = await p.userByEmail(email);
  if (!user || !(await p.verifyPassword(password, user))) {
    if (!user) await p.verifyPassword(password, null);
    await p.attempts.recordFailure(email);
    // The failure that locks the user answers as a wrong password does.
    await p.countLockout(user);
    throw contractError('CREDENTIALS_INCORRECT');
  }
  // Only someone holding the password learns that the user is locked or unverified.
  if (user.locked) {
    await p.passwordMatched(email, null);
    throw contractError('ACCOUNT_LOCKED');
  }
  if (!user.verified && !(await p.unverifiedMaySignIn())) {
    await p.passwordMatched(email, user);
    throw contractError('EMAIL_NOT_VERIFIED');
  }
  // The breach verdict is kept before the second factor: the first factor is breached either way.
  const breached = p.isBreached(password);
  await p.passwordMatched(email, user, { breached, password });
  if (aliasTenant) await assertAliasMember(p.loginAlias.port, aliasTenant, user.id);
  // A second factor asked: no session, and the invite link waits for a complete sign-in.
  const mfa = await p.secondFactor(user, aliasTenant);
  if (mfa) return mfa;
  let session = await p.startSession(user, aliasTenant);
  const token = body.invitationToken as string | undefined;
  const joined = token ? await joinInviteLink(p.invitations, user, token) : null;
  // The session opens again in the account the link joined (the first one ends).
  if (joined) session = await p.startSession(user, joined);
  // The login box shows the breachedPassword step for it (spec 000 §4).
  return breached ? { ...session, isBreachedPassword: true } : session;
}

export const PASSWORD_SIGN_IN_HANDLERS: PublicHandlers<PasswordSignInPorts> = {
  postAuthUser: async (p, { body }) => answer(await signInWithPassword(p, body)),
};

/** The ports of SSO pre-login: where the email's domain signs in, and the quiet answer of none. */
interface SsoPreLoginPorts {
  /** The address and identity-provider type of the domain's SSO (OIDC or SAML), or null. */
  ssoRoute(domain: string): Promise<{ address: string; idpType: string } | null>;
  /** "None" without an error status when the caller asked for it (Prefer: quiet-absence), else null. */
  quietAbsence(): Answer | null;
}

/**
 * SSO pre-login (spec 000 §7): the address and identity-provider type for the email's domain; v1
 * (`/user/saml/prelogin`) is the legacy name of the same question. A domain without SSO is 404.
 */
async function ssoPreLogin(p: SsoPreLoginPorts, { body }: { body: Record<string, unknown> }) {
  const domain = (body.email as string).trim().toLowerCase().split('@').pop() ?? '';
  const route = domain ? await p.ssoRoute(domain) : null;
  if (route) return answer(route);
  const quiet = p.quietAbsence();
  if (quiet) return quiet;
  throw contractError('SSO_NOT_CONFIGURED');
}

export const SSO_PRE_LOGIN_HANDLERS: PublicHandlers<SsoPreLoginPorts> = {
  postAuthUserSsoPrelogin: ssoPreLogin,
  postAuthUserSamlPrelogin: ssoPreLogin,
};
