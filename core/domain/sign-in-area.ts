/**
 * Password sign-in and sign-up (core/domain/sign-in-handlers.ts, sign-up-handlers.ts) over a
 * backend's platform and the request (core/domain/platform.ts): their ports, written once. The
 * users are rows of `users`; the limits count over the platform's attempt counters; the lockout
 * rule, the login alias, the invite link and the new account are written over the tables; the MFA
 * gate is the platform's (`mfaGateOn`); the session is the visit's (the server's refresh cookie).
 * What stays a backend's: the statement that forgets a matched password's failures and reads the
 * user's principal for the session (the server's hot path, `Platform.passwordSignIn`), the breach
 * list, the sign-up settings and the count of sign-ups per address (`Platform.signUp`).
 * Kept apart from the handlers: only the back office's chunk loads these in demo mode.
 */
import { userProfileIn } from './member-grants';
import { contractError } from '../contract/errors';
import { notifyJoinedOn, sendActivationOn } from './account-flow-ports';
import { signUpAccountOver } from './account-creation';
import { signInLimits } from './attempts';
import { invitationStore } from './invitation-store';
import { inviteLinksOn } from './invite-links';
import { lockoutPortsOver } from './lockout';
import { loginAliasesOver } from './login-alias';
import { mfaGateOn } from './mfa-assembly';
import type { PublicPortsFor } from './platform';
import { policyInForce, recordFailedSignIn } from './security-policies';
import { securityPolicyRepositories } from './security-policy-storage';
import type { PasswordSignInPorts, SignInUser } from './sign-in-handlers';
import { signInMethodStore } from './sign-in-method-storage';
import type { SignUpPorts } from './sign-up-handlers';
import { userRepository, type UserRow } from './user-tables';

/** No user or account has this id: an unknown email's failure runs the same statements against no row. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** A user as the password sign-in reads them, with their row. */
type SignInRow = SignInUser & { row: UserRow };

const signInRow = (row: UserRow | null): SignInRow | null =>
  row && { id: row.id, email: row.email, verified: row.verified, locked: !!row.lockedAt, row };

/**
 * Password sign-in (PASSWORD_SIGN_IN_HANDLERS): the lockout policy is read only on a failure (the
 * policy in force in the user's active account, with the same statements for an unknown email),
 * the lock's record names the client; the session reuses what the matching password's statement read.
 */
export const passwordSignInAreaPorts: PublicPortsFor<PasswordSignInPorts> = (platform, visit) => {
  const { tables, clock } = platform;
  const methods = signInMethodStore(tables, clock, platform.signInMethods);
  const gate = mfaGateOn(platform, visit);
  const lockout = lockoutPortsOver<UserRow>(tables, clock, {
    async policyOf(user) {
      // An unknown email's account is read as a user's of no account is.
      const tenantId = await platform.mfa.accountOf(user ?? ({ id: NO_ID, activeTenantId: null } as UserRow));
      const policies = securityPolicyRepositories(tables, clock);
      return { tenantId, policy: await policyInForce(policies, 'lockout', tenantId ?? NO_ID) };
    },
    client: { ip: visit.ip, userAgent: visit.userAgent },
  });
  // What the matching password's statement read serves the first session only: one reopened in
  // the account an invite link joined reads the user again (a new membership).
  let known: unknown;
  const ports: PasswordSignInPorts<SignInRow> = {
    checkOrigin: () => visit.checkOrigin(),
    methods,
    verifyCaptcha: (email, token) => visit.verifyCaptcha(token, email),
    loginAlias: { port: loginAliasesOver(tables), alias: visit.loginAlias },
    attempts: signInLimits(platform.attempts, visit.ip),
    userByEmail: async (email) => signInRow(await userRepository(tables, clock).byEmail(email)),
    verifyPassword: (password, user) => platform.passwords.matches(password, user?.row.passwordHash ?? null),
    countLockout: async (user) => void (await recordFailedSignIn(lockout, user?.row ?? null)),
    async passwordMatched(email, user, breach) {
      known = await platform.passwordSignIn.passwordMatched(email, user?.row ?? null, breach);
    },
    unverifiedMaySignIn: async () => (await platform.vendor()).allowNotVerifiedUsersLogin,
    isBreached: (password) => platform.passwordSignIn.isBreached(password),
    // The account's sign-in methods, then the gate of the account the sign-in opens (a login alias's).
    secondFactor: (user, tenantId) => gate(user.row, 'EmailAndPassword', { tenantId }),
    startSession(user, tenantId) {
      const read = known;
      known = undefined;
      return visit.startSession(user.row, tenantId, undefined, read);
    },
    invitations: {
      links: inviteLinksOn(platform),
      emailDomainAllowed: (tenantId, email) => platform.invitations.emailDomainAllowed(tenantId, email),
      join: (userId, tenantId) => invitationStore(tables, clock).joinByLink(userId, tenantId),
    },
  };
  return ports as unknown as PasswordSignInPorts;
};

/**
 * Sign-up (SIGN_UP_HANDLERS): the new user and account written once (core/domain/account-creation.ts)
 * with the platform's password hash, announced to the account's webhooks; a delivery that fails is
 * logged (the user can ask again with POST /activate/reset).
 */
export const signUpAreaPorts: PublicPortsFor<SignUpPorts> = (platform, visit) => {
  const users = userRepository(platform.tables, platform.clock);
  let vendorId = '';
  return {
    checkOrigin: () => visit.checkOrigin(),
    verifyCaptcha: (email, token) => visit.verifyCaptcha(token, email),
    inviteLinks: inviteLinksOn(platform),
    emailDomainAllowed: (tenantId, email) => platform.invitations.emailDomainAllowed(tenantId, email),
    async settings() {
      const settings = await platform.vendor();
      vendorId = settings.id;
      return settings;
    },
    methods: signInMethodStore(platform.tables, platform.clock, platform.signInMethods),
    isBreached: (password) => platform.passwordSignIn.isBreached(password),
    countSignUp: () => platform.signUp.count(visit.ip),
    async createAccount(account) {
      const passwordHash = await platform.passwords.hash(account.password);
      const { tables, clock } = platform;
      const { user, tenantId } = await signUpAccountOver(tables, clock, vendorId, account, passwordHash);
      await platform.emit(tenantId, 'user.signedUp', { userId: user.id, email: user.email });
      return { userId: user.id, tenantId };
    },
    async startSession(userId, tenantId) {
      const user = await users.byId(userId);
      if (!user) throw contractError('USER_NOT_FOUND');
      return visit.startSession(user, tenantId);
    },
    // A new user has no second factor yet.
    profile: async (userId, tenantId) => (await userProfileIn(platform.tables, userId, tenantId)) as object,
    sendActivation: (userId, email) => sendActivationOn(platform, { id: userId, email }, visit.log),
    notifyJoined: (to, tenant) => notifyJoinedOn(platform, to, tenant, visit.log),
  };
};
