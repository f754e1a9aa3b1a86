/**
 * Demo mode's sign-in by password and sign-up (server/routes/auth.ts, signup.ts), and the public
 * settings the login box reads before anyone signs in (configurations, the password's rules, the
 * vendor, the application's addresses, SSO pre-login).
 */
import type { AuthResponse, SignUpResponse } from '../api/types';
import { fail, failWith, ok, type Answer } from '../contract/answer';
import { appOrigin, type createDemoAccountFlows } from './accountFlows';
import { DEMO_PASSWORD_MIN_LENGTH, DEMO_POLICY, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes, Handler } from './dispatch';
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

/** Sign-in by password, sign-up, and the public settings of the login box. */
export function demoSignInRoutes(deps: SignInDeps): DemoRoutes {
  const { passwordless, mfa, tokens } = deps;
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
    postAuthUser: (db, { body }) => {
      const locked = passwordless.lockedFor(db, body.email as string);
      if (locked) return failWith(tooManyAttempts(locked));
      const user = db.users.find((u) => u.email.toLowerCase() === (body.email as string).toLowerCase());
      if (!user || user.password !== body.password) {
        passwordless.recordFailure(db, body.email as string);
        return { ...fail('CREDENTIALS_INCORRECT'), save: true };
      }
      passwordless.clearFailures(db, body.email as string);
      const second = mfa.gate(db, user);
      if (second) return ok(second, true);
      const answer: AuthResponse = tokens.startSession(db, user);
      if (isDemoBreached(body.password as string)) answer.isBreachedPassword = true;
      return ok(answer, true);
    },
    postUsersSignUp: (db, { body }) => signUp(db, body, deps),
  };
}
