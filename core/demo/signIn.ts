/**
 * Demo mode's sign-in by password and sign-up (server/routes/auth.ts, signup.ts), and the public
 * settings the login box reads before anyone signs in (configurations, the password's rules, the
 * vendor, the application's addresses, SSO pre-login).
 */
import type { SignUpResponse } from '../api/types';
import { fail, ok, type Answer } from '../contract/answer';
import {
  PASSWORD_SIGN_IN_HANDLERS,
  type PasswordSignInPorts,
  type SignInUser,
} from '../domain/sign-in-handlers';
import { assertAccountAllows } from '../domain/sign-in-methods';
import { demoLoginAliases } from './loginAlias';
import { demoPublicHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';
import { membershipsOf } from './subAccountsData';
import { appOrigin, type createDemoAccountFlows } from './accountFlows';
import { DEMO_PASSWORD_MIN_LENGTH, DEMO_POLICY, type DemoDatabase, type DemoUser } from './data';
import type { DemoRequest, DemoRoutes, Handler } from './dispatch';
import { demoSsoPreLogin } from './hostedLogin';
import type { createDemoInvitations } from './invitations';
import type { createDemoMfa } from './mfaFlows';
import { isDemoBreached, tooManyAttempts, type createDemoPasswordless } from './passwordless';
import { profileOf } from './profile';
import type { DemoTokens } from './sessions';
import { signInAddress } from '../domain/account-links';

interface SignInDeps {
  tokens: DemoTokens;
  passwordless: ReturnType<typeof createDemoPasswordless>;
  mfa: ReturnType<typeof createDemoMfa>;
  accountFlows: ReturnType<typeof createDemoAccountFlows>;
  invitations: ReturnType<typeof createDemoInvitations>;
  now: () => number;
  random: () => string;
}

/** POST users/signUp: a new account with its first member (the Admin), or a member of an invitation's. */
function signUp(db: DemoDatabase, body: Record<string, unknown>, deps: SignInDeps): Answer {
  const { invitations, accountFlows, tokens, now, random } = deps;
  const password = body.password as string;
  if (password.length < DEMO_PASSWORD_MIN_LENGTH) return fail('PASSWORD_TOO_SHORT', { n: 8 });
  if (isDemoBreached(password)) return fail('PASSWORD_BREACHED');
  // Sign-up through an invite link joins that account, with no role (like the server).
  const joining = body.invitationToken ? invitations.signUpTenant(db, body.invitationToken) : null;
  if (joining && 'status' in joining) return joining;
  const email = (body.email as string).trim();
  if (db.users.some((u) => u.email.toLowerCase() === email.toLowerCase())) return fail('USER_EXISTS');
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : email.split('@')[0]!;
  const tenantId = joining ? joining.tenantId : random();
  const companyName =
    typeof body.companyName === 'string' && body.companyName.trim()
      ? body.companyName.trim()
      : `${name}'s account`;
  if (!joining)
    db.tenants.push({
      id: tenantId,
      tenantId,
      name: companyName,
      isReseller: false,
      metadata: '{}',
      vendorId: 'demo-vendor',
      createdAt: new Date(now()).toISOString(),
    });
  const user: DemoUser = {
    id: random(),
    email,
    name,
    password,
    tenantId,
    roleKeys: joining ? [] : ['Admin'],
    createdAt: new Date(now()).toISOString(),
  };
  db.users.push(user);
  if (db.settings?.signUpRequiresActivation) {
    // Like the server: not signed in, an activation link by email.
    user.verified = false;
    accountFlows.sendActivation(db, user);
    return ok(
      { shouldActivate: true, userId: user.id, tenantId, user: profileOf(db, user) } satisfies SignUpResponse,
      true,
    );
  }
  const answer: SignUpResponse = {
    shouldActivate: false,
    userId: user.id,
    tenantId,
    user: profileOf(db, user),
    authResponse: tokens.startSession(db, user),
  };
  return ok(answer, true);
}

type DemoSignInUser = SignInUser & { stored: DemoUser };

/**
 * The ports of the shared password sign-in (core/domain/sign-in-handlers.ts) over the demo's data:
 * its sample passwords, its attempt counters (per email: the demo knows no address), its MFA gate
 * and stored session. The demo has no captcha (its policy is off) and locks no one.
 */
function passwordSignInPorts(
  db: DemoDatabase,
  request: DemoRequest,
  { passwordless, mfa, tokens, invitations }: SignInDeps,
): PasswordSignInPorts<DemoSignInUser> {
  const methods = demoSignInMethodPorts(db);
  return {
    checkOrigin: () => {},
    methods,
    verifyCaptcha: async () => {},
    loginAlias: { port: demoLoginAliases(db), alias: request.loginAlias },
    attempts: {
      assertNotLocked: async (email) => {
        const locked = passwordless.lockedFor(db, email);
        if (locked) throw tooManyAttempts(locked);
      },
      recordFailure: async (email) => passwordless.recordFailure(db, email),
    },
    userByEmail: async (email) => {
      const stored = db.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
      return stored
        ? { id: stored.id, email: stored.email, verified: stored.verified !== false, locked: false, stored }
        : null;
    },
    verifyPassword: async (password, user) => user?.stored.password === password,
    countLockout: async () => {},
    passwordMatched: async (email) => passwordless.clearFailures(db, email),
    unverifiedMaySignIn: async () => DEMO_POLICY.allowNotVerifiedUsersLogin,
    isBreached: isDemoBreached,
    async secondFactor(user, tenantId) {
      await assertAccountAllows(methods, tenantId ?? user.stored.tenantId, 'EmailAndPassword');
      return mfa.gate(db, user.stored);
    },
    sessions: {
      async start({ stored }, tenantId) {
        // The sub-accounts' module is a back-office area, loaded on first use (core/demo/lazyAreas.ts).
        if (tenantId && stored.tenantId !== tenantId)
          (await import('./subAccounts')).moveToAccount(db, stored, tenantId);
        return { authResponse: tokens.startSession(db, stored) };
      },
      end: async () => {},
      keep: () => {},
    },
    // A live invite link makes the user a member of its account, with no role (like the server).
    async joinInvitation({ stored }, token) {
      const link = invitations.signUpTenant(db, token);
      if ('status' in link) return null;
      const memberships = membershipsOf(db);
      if (!memberships.some((m) => m.userId === stored.id && m.tenantId === link.tenantId))
        memberships.push({ userId: stored.id, tenantId: link.tenantId, roleKeys: [], accessAllowed: true });
      return link.tenantId;
    },
  };
}

/** Sign-in by password, sign-up, and the public settings of the login box. */
export function demoSignInRoutes(deps: SignInDeps): DemoRoutes {
  const { tokens } = deps;
  // Bodies and queries passed the contract's schemas (core/contract/requests.ts) before a handler runs.
  const ssoPreLogin: Handler = (_db, { body }) =>
    demoSsoPreLogin(body.email as string) ?? fail('SSO_NOT_CONFIGURED');
  return {
    getConfigurationsPublic: (db) =>
      ok({
        ...DEMO_POLICY,
        ...(db.settings?.authStrategy ? { authStrategy: db.settings.authStrategy } : {}),
      }),
    getConfigurationsPassword: () =>
      ok({
        allowPassphrases: false,
        minLength: DEMO_PASSWORD_MIN_LENGTH,
        maxLength: 128,
        minPhraseLength: DEMO_PASSWORD_MIN_LENGTH,
        minOptionalTestsToPass: 0,
      }),
    getConfigurationsCaptchaPolicyPublic: () => ok({ enabled: false }),
    getTeamSsoConfigurationsPublic: () => ok({ isActive: true }),
    // Public (read before sign-in): the application's addresses; the account only for a signed-in caller.
    getTenantsAccountSettingsPublic: (db, { token }) => {
      const user = token ? tokens.userOfToken(db, token) : null;
      if (token && !user) return fail('UNAUTHORIZED');
      const applicationUrl = appOrigin();
      return ok({
        ...(user ? { tenantId: user.tenantId } : {}),
        applicationUrl,
        loginUrl: signInAddress(applicationUrl),
      });
    },
    getUsersPasswordsConfig: () => ok({ minLength: DEMO_PASSWORD_MIN_LENGTH, maxLength: 128 }),
    getVendorsPublic: () => ok({ name: 'Auth Elements demo', logo: '', icon: '', whiteLabelMode: false }),
    postAuthUserSsoPrelogin: ssoPreLogin,
    postAuthUserSamlPrelogin: ssoPreLogin,
    ...demoPublicHandlers(PASSWORD_SIGN_IN_HANDLERS, (db, request) => passwordSignInPorts(db, request, deps)),
    postUsersSignUp: (db, { body }) => signUp(db, body, deps),
  };
}
