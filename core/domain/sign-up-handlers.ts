/**
 * Self-service sign-up (spec 000 §7: POST /users/v1/signUp), written once for the server and demo
 * mode (core/domain/handlers.ts): a new user with an account of their own (the creator roles), or,
 * through an account's invite link, a member of that account with no role; then a session, unless
 * the application asks for the email's activation first (a link by email instead). The rules and
 * their order are the server's: the calling page, the captcha, the invite link and the account's
 * email domains, `allowSignups`, the application's sign-in methods, the password policy and the
 * breach list, the sign-ups of one address, and the email nobody has. What differs between the
 * backends is a port, assembled once over the platform (core/domain/sign-in-area.ts): the storage
 * (and the server's password hashing), the session start (its refresh token goes to the
 * transport, never into the answer), the emails.
 */
import { contractError, type ContractError } from '../contract/errors';
import { answer, type PublicHandlers } from './handlers';
import { inviteLinkTenant, type InviteLinkPorts } from './invitations';
import { assertVendorAllows, type SignInMethodPorts } from './sign-in-methods';

/** The application's settings a sign-up reads. */
export interface SignUpSettings {
  allowSignups: boolean;
  signUpRequiresActivation: boolean;
  passwordMinLength: number;
  passwordMaxLength: number;
}

/** A new user, checked: the email normalised, the names decided. */
export interface NewAccount {
  email: string;
  password: string;
  name: string;
  /** The name of the user's own account (unused when joining one). */
  tenantName: string;
  phoneNumber: string | null;
  metadata: unknown;
  /** The account of the invite link the user joins, with no role. */
  joinTenantId: string | undefined;
  /** The application asks for the email's activation: no session until then. */
  shouldActivate: boolean;
}

export interface SignUpPorts {
  /** Refuses a sign-up from a page the server does not trust. */
  checkOrigin(): void;
  verifyCaptcha(email: string, token: unknown): Promise<void>;
  inviteLinks: Pick<InviteLinkPorts, 'tenantOf'>;
  /** The account's email-domain restrictions. */
  emailDomainAllowed(tenantId: string, email: string): Promise<boolean>;
  settings(): Promise<SignUpSettings>;
  methods: SignInMethodPorts;
  isBreached(password: string): boolean;
  /** Counts one sign-up of the client's address (429 TOO_MANY_SIGN_UPS beyond its limit). */
  countSignUp(): Promise<void>;
  /** Stores the user (and their account); 409 USER_EXISTS when the email is taken. */
  createAccount(account: NewAccount): Promise<{ userId: string; tenantId: string }>;
  /** Opens the answer's session (its refresh token goes to the transport: the server's cookie). */
  startSession(userId: string, tenantId: string): Promise<object>;
  /** The new user as GET /users/v2/me answers them. */
  profile(userId: string, tenantId: string): Promise<object>;
  /** The activation link by email (a failed delivery is the backend's to log). */
  sendActivation(userId: string, email: string): Promise<void>;
  /** Tells the user they joined the invite link's account (when the link says so). */
  notifyJoined(
    to: { userId: string; email: string },
    tenant: { tenantId: string; name: string; shouldSendEmail: boolean },
  ): Promise<void>;
}

/** Checks a new password against the application's password policy; the error names the rule. */
function checkPasswordPolicy(
  password: string,
  policy: { passwordMinLength: number; passwordMaxLength: number },
): ContractError | null {
  if (password.length < policy.passwordMinLength)
    return contractError('PASSWORD_TOO_SHORT', { n: policy.passwordMinLength });
  if (password.length > policy.passwordMaxLength)
    return contractError('PASSWORD_TOO_LONG', { n: policy.passwordMaxLength });
  return null;
}

/**
 * The one rule of a new password (sign-up, reset, activation, an accepted invitation): the length
 * policy, then the breach list; the error names the broken rule, null when it is acceptable.
 */
export const newPasswordProblem = (
  password: string,
  policy: { passwordMinLength: number; passwordMaxLength: number },
  isBreached: (password: string) => boolean,
): ContractError | null =>
  checkPasswordPolicy(password, policy) ?? (isBreached(password) ? contractError('PASSWORD_BREACHED') : null);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function signUp(p: SignUpPorts, body: Record<string, unknown>) {
  const password = body.password as string;
  p.checkOrigin();
  await p.verifyCaptcha(body.email as string, body.recaptchaToken);
  // An invite link's token that is not live is refused before anything is created.
  const invited = body.invitationToken
    ? await inviteLinkTenant(p.inviteLinks, body.invitationToken as string)
    : null;
  if (invited && !(await p.emailDomainAllowed(invited.tenantId, body.email as string)))
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  const settings = await p.settings();
  if (!settings.allowSignups) throw contractError('SIGN_UP_DISABLED');
  // A sign-up sets a password: not while the application has password sign-in off.
  await assertVendorAllows(p.methods, 'EmailAndPassword');
  const policyError = newPasswordProblem(password, settings, p.isBreached);
  if (policyError) throw policyError;
  const email = text(body.email).toLowerCase();
  const localPart = email.split('@')[0] ?? email;
  const name = text(body.name) || localPart;
  // Counted just before the account is made (the server hashes then), whatever the outcome after.
  await p.countSignUp();
  const shouldActivate = settings.signUpRequiresActivation;
  const { userId, tenantId } = await p.createAccount({
    email,
    password,
    name,
    tenantName: text(body.companyName) || `${name}'s account`,
    phoneNumber: text(body.phoneNumber) || null,
    metadata: body.metadata,
    joinTenantId: invited?.tenantId,
    shouldActivate,
  });
  const session = shouldActivate ? null : await p.startSession(userId, tenantId);
  const user = await p.profile(userId, tenantId);
  if (shouldActivate) await p.sendActivation(userId, email);
  if (invited) await p.notifyJoined({ userId, email }, invited);
  return {
    shouldActivate,
    userId,
    tenantId,
    user,
    ...(session ? { authResponse: session } : {}),
  };
}

export const SIGN_UP_HANDLERS: PublicHandlers<SignUpPorts> = {
  postUsersSignUp: async (p, { body }) => answer(await signUp(p, body)),
};
