/**
 * Demo mode's sign-in by password and sign-up (server/routes/auth.ts, signup.ts), and the public
 * settings the login box reads before anyone signs in (configurations, the password's rules, the
 * vendor, the application's addresses, SSO pre-login).
 */
import { contractError } from '../contract/errors';
import { SIGN_UP_HANDLERS, type SignUpPorts } from '../domain/sign-up-handlers';
import { SIGN_IN_SETTINGS_HANDLERS, type SignInSettingsPorts } from '../domain/sign-in-settings-handlers';
import {
  PASSWORD_SIGN_IN_HANDLERS,
  SSO_PRE_LOGIN_HANDLERS,
  type PasswordSignInPorts,
} from '../domain/sign-in-handlers';
import { assertAccountAllows } from '../domain/sign-in-methods';
import { policyInForce, recordFailedSignIn } from '../domain/security-policies';
import { demoLoginAliases } from './loginAlias';
import { demoPublicHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';
import type { createDemoAccountFlows } from './accountFlows';
import {
  DEMO_PASSWORD_POLICY,
  DEMO_POLICY,
  DEMO_VENDOR_ID,
  demoUserOf,
  updateUser,
  userByEmail,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { demoPasswordMatches, hashDemoPassword } from './passwordHash';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoSsoRoute } from './hostedLogin';
import type { createDemoInvitations } from './invitations';
import { appOrigin, demoLimits, isDemoBreached, rulesUser, type DemoRulesUser } from './passwordlessPorts';
import { userProfileIn } from '../domain/member-grants';
import { demoRoles, demoTables } from './teamAdmin';
import type { DemoTokens } from './sessions';
import type { DemoClock } from './rows';

interface SignInDeps {
  tokens: DemoTokens;
  /** The MFA gate of a sign-in (core/demo/mfaRepository.ts, loaded by the first sign-in). */
  mfa: {
    gate(db: DemoDatabase, user: DemoUser, tenantId?: string | null): Promise<Record<string, unknown> | null>;
  };
  accountFlows: ReturnType<typeof createDemoAccountFlows>;
  invitations: ReturnType<typeof createDemoInvitations>;
  now: () => number;
  random: () => string;
}

/** The demo's application settings: its policy, the server's default password lengths. */
const demoSettings = (db: DemoDatabase) => ({
  ...(DEMO_POLICY as Required<typeof DEMO_POLICY>),
  ...DEMO_PASSWORD_POLICY,
  whiteLabelMode: false,
  signUpRequiresActivation: !!db.settings?.signUpRequiresActivation,
});

/**
 * The ports of the shared sign-up (core/domain/sign-up-handlers.ts) over the demo's data: the new
 * user keeps their sample password, a new account holds the Admin role, the emails go to the demo
 * outbox. The demo has no captcha and counts no addresses.
 */
function signUpPorts(db: DemoDatabase, deps: SignInDeps): SignUpPorts {
  const { invitations, accountFlows, tokens, now, random } = deps;
  const links = invitations.linkReads(db);
  const byId = (id: string) => demoUserOf(db, id)!;
  return {
    checkOrigin: () => {},
    verifyCaptcha: async () => {},
    inviteLinks: links,
    emailDomainAllowed: links.emailDomainAllowed,
    settings: async () => demoSettings(db),
    methods: demoSignInMethodPorts(db),
    isBreached: isDemoBreached,
    countSignUp: async () => {},
    // The server's storage of a sign-up (core/domain/account-creation.ts), over the stored tables
    // (loaded on first use: the first demo chunk has no tables' store); the built-in roles are rows.
    async createAccount(account) {
      const [{ signUpAccountOver }, { memoryTables }, passwordHash] = await Promise.all([
        import('../domain/account-creation'),
        import('./tables'),
        hashDemoPassword(account.password),
      ]);
      demoRoles(db);
      const tables = memoryTables((db.tables ??= {}));
      const created = await signUpAccountOver(
        tables,
        { now, newId: random },
        DEMO_VENDOR_ID,
        account,
        passwordHash,
      );
      return { userId: created.user.id, tenantId: created.tenantId };
    },
    startSession: async (userId) => ({ authResponse: await tokens.startSession(db, byId(userId)) }),
    keepSession: () => {},
    profile: (userId) => userProfileIn(demoTables(db), userId, byId(userId).tenantId),
    sendActivation: (userId) => accountFlows.sendActivation(db, userId),
    // The server's email, over demo mode's platform (loaded on first use).
    notifyJoined: async (to, tenant) => {
      const [{ notifyJoinedOn }, { demoPlatform }] = await Promise.all([
        import('../domain/account-flow-ports'),
        import('./platform'),
      ]);
      await notifyJoinedOn(demoPlatform(db, { now, random }), to, tenant, () => {});
    },
  };
}

/** The ports of the login box's public reads (core/domain/sign-in-settings-handlers.ts) over the demo's settings. */
function signInSettingsPorts(
  db: DemoDatabase,
  request: DemoRequest,
  tokens: DemoTokens,
): SignInSettingsPorts {
  return {
    settings: async () => demoSettings(db),
    vendorName: async () => 'Auth Elements demo',
    methods: demoSignInMethodPorts(db),
    loginAlias: { port: demoLoginAliases(db), alias: request.loginAlias },
    // The demo's captcha policy is off.
    captchaPolicy: async () => ({ enabled: false }),
    appUrl: appOrigin,
    async bearerAccount() {
      const user = request.token ? tokens.userOfToken(db, request.token) : null;
      if (request.token && !user) throw contractError('UNAUTHORIZED');
      return user?.tenantId ?? null;
    },
  };
}

/**
 * The lockout rule's ports over the demo's stored rows (core/domain/lockout.ts, the server's): the
 * policy in force in the user's active account; loaded with the security policies' repositories
 * on the first failed sign-in (a back-office area: core/demo/lazyAreas.ts).
 */
async function demoLockoutPorts(db: DemoDatabase, { now, random }: DemoClock) {
  const [{ lockoutPortsOver }, { securityPolicyRepositories }, { memoryTables }] = await Promise.all([
    import('../domain/lockout'),
    import('../domain/security-policy-storage'),
    import('./tables'),
  ]);
  const policies = securityPolicyRepositories(memoryTables(db.tables!), { now, newId: random });
  return lockoutPortsOver<DemoUser>(
    memoryTables(db.tables!),
    { now, newId: random },
    {
      async policyOf(user) {
        const tenantId = user?.tenantId ?? '';
        return { tenantId, policy: await policyInForce(policies, 'lockout', tenantId) };
      },
      // Demo mode knows no client address; the browser is this one.
      client: { userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent },
    },
  );
}

/**
 * The ports of the shared password sign-in (core/domain/sign-in-handlers.ts) over the demo's data:
 * its sample passwords, its attempt counters (per email: the demo knows no address), its MFA gate
 * and stored session, and the lockout policy's count kept on the stored user (the server's rule:
 * the active account's policy, read on a failure). The demo has no captcha (its policy is off).
 */
function passwordSignInPorts(
  db: DemoDatabase,
  request: DemoRequest,
  { mfa, tokens, invitations, now, random }: SignInDeps,
): PasswordSignInPorts<DemoRulesUser> {
  const methods = demoSignInMethodPorts(db);
  const limits = demoLimits(db, now);
  const links = invitations.linkReads(db);
  return {
    checkOrigin: () => {},
    methods,
    verifyCaptcha: async () => {},
    loginAlias: { port: demoLoginAliases(db), alias: request.loginAlias },
    attempts: limits,
    userByEmail: async (email) => rulesUser(userByEmail(db, email)),
    verifyPassword: async (password, user) =>
      demoPasswordMatches(password, user?.stored.passwordHash ?? null),
    countLockout: async (user) => {
      await recordFailedSignIn(await demoLockoutPorts(db, { now, random }), user && demoUserOf(db, user.id)!);
    },
    async passwordMatched(email, user) {
      await limits.clearFailures(email);
      if (user) updateUser(db, user.id, { failedSignIns: 0 });
    },
    unverifiedMaySignIn: async () => DEMO_POLICY.allowNotVerifiedUsersLogin,
    isBreached: isDemoBreached,
    async secondFactor(user, tenantId) {
      const stored = demoUserOf(db, user.id, tenantId ?? undefined)!;
      await assertAccountAllows(methods, stored.tenantId, 'EmailAndPassword');
      return mfa.gate(db, stored, tenantId);
    },
    sessions: {
      async start({ id }, tenantId) {
        // A sign-in at an account's address opens it: it becomes the user's active account.
        if (tenantId) updateUser(db, id, { activeTenantId: tenantId });
        return { authResponse: await tokens.startSession(db, demoUserOf(db, id)!) };
      },
      end: async () => {},
      keep: () => {},
    },
    invitations: {
      links,
      emailDomainAllowed: links.emailDomainAllowed,
      // A membership of the link's account, with no role: the server's (loaded on first use).
      async join(userId, tenantId) {
        const [{ invitationStore }, { memoryTables }] = await Promise.all([
          import('../domain/invitation-store'),
          import('./tables'),
        ]);
        await invitationStore(memoryTables((db.tables ??= {})), { now, newId: random }).joinByLink(
          userId,
          tenantId,
        );
      },
    },
  };
}

/** Sign-in by password, sign-up, and the public settings of the login box. */
export function demoSignInRoutes(deps: SignInDeps): DemoRoutes {
  const { tokens } = deps;
  return {
    ...demoPublicHandlers(SIGN_IN_SETTINGS_HANDLERS, (db, request) =>
      signInSettingsPorts(db, request, tokens),
    ),
    // SSO pre-login: the demo's sample domains (core/demo/hostedLogin.ts); it answers no quiet absence.
    ...demoPublicHandlers(SSO_PRE_LOGIN_HANDLERS, () => ({
      ssoRoute: async (domain) => demoSsoRoute(domain),
      quietAbsence: () => null,
    })),
    ...demoPublicHandlers(PASSWORD_SIGN_IN_HANDLERS, (db, request) => passwordSignInPorts(db, request, deps)),
    ...demoPublicHandlers(SIGN_UP_HANDLERS, (db) => signUpPorts(db, deps)),
  };
}
