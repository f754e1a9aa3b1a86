/**
 * Demo mode's platform (core/domain/platform.ts): the page's stored tables (core/demo/tables.ts),
 * the backend's clock and ids, the caller as the demo's session finds them; it announces nothing
 * (no webhooks) and keeps nothing of an API token's secret (nothing would check it). The built-in
 * roles, the permission catalogue and its categories are rows, written on first use as the
 * server's migrations write them (core/demo/teamAdmin.ts).
 */
import { storedAttemptCounters } from '../domain/attempts';
import type { AuthResponse } from '../domain/session-tokens';
import type { Caller, Platform, Visit } from '../domain/platform';
import {
  DEMO_VENDOR_CREATED_AT,
  DEMO_VENDOR_ID,
  demoFlagValues,
  tenantRows,
  demoUserOf,
  updateUser,
  userById,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { composeEmail, composeSms } from '../domain/delivery-texts/compose';
import { loadDeliveryTexts } from '../domain/delivery-texts/load';
import { demoPasswordMatches, hashDemoPassword } from './passwordHash';
import { appOrigin, demoOutbox, isDemoBreached } from './passwordlessPorts';
import { readyAuditLog } from './audits';
import { demoAuditStreams } from './auditStreams';
import { demoWebhooks } from './connectivity';
import type { DemoClock } from './rows';
import type { Tables } from '../domain/tables';
import { demoSignInMethodPorts } from './signInMethods';
import { demoTables } from './teamAdmin';
import { demoAccountTree } from './subAccountsRepository';
import { emailDomainAllowed } from '../domain/security-policies';
import { securityPolicyRepositories } from '../domain/security-policy-storage';
import { demoSsoBackend } from './ssoConfig';
import { demoBilling } from './billingStore';
import { randomUuid } from '../domain/random-secrets';
import { authorizationIn, recipientLocaleIn } from '../domain/member-grants';
import { displayName } from '../domain/user-tables';
import { demoMfaPlatform } from './mfaRepository';
// Impersonation, host information, the login sessions.
import { contractError } from '../contract/errors';
import { DEMO_FEATURES, DEMO_PERMISSION_FEATURES } from '../entitlements/demoEntitlements';
import type { HostInfoBackend } from '../domain/host-info-handlers';
import { NO_BEARER, type ImpersonationVisit } from '../domain/impersonation-handlers';
import type { LoginSessionStore } from '../domain/login-sessions';
import { decodeAccessToken } from '../jwt';
import { auditsEntity } from '../domain/audit-log';
import { createDemoTokens, type DemoTokens } from './sessions';
// Password sign-in and sign-up.
import { signInLimits } from '../domain/attempts';
import { stamp } from '../domain/tables';
import { USERS } from '../domain/user-tables';
import { demoSettings } from './signIn';
import type { DemoRequest } from './dispatch';

/** The tokens' part of the vendor's global policy as demo mode has it (no signing key). */
const GLOBAL_POLICY = {
  cookieSameSite: 'LAX',
  defaultRefreshTokenExpiration: 2_592_000,
  defaultTokenExpiration: 86_400,
  publicKey: '',
};

export function demoPlatform(db: DemoDatabase, { now, random }: DemoClock): Platform {
  const tables = demoTables(db);
  // Random uuids, as the server's ids (billing and SSO read an id that is not one as no row).
  const clock = { now, newId: randomUuid };
  const attempts = storedAttemptCounters(tables, { now });
  return {
    tables,
    clock,
    emit: async () => {},
    apiTokenHash: () => '',
    vendor: async () => ({ ...demoSettings(db), id: DEMO_VENDOR_ID }),

    // The account flows: the demo outbox, PBKDF2 hashes, the demo's policy and breach sample.
    appUrl: appOrigin,
    keyOf: (_purpose, secret) => secret,
    attempts,
    async sendEmail(to, key, params) {
      const texts = await demoTexts(tables, to.userId, to.tenantId);
      demoOutbox(db, now, { channel: 'email', to: to.email, ...composeEmail(texts, key, params) });
    },
    passwords: {
      hash: hashDemoPassword,
      matches: demoPasswordMatches,
      // Demo mode keeps no password history (the policy is stored, not enforced).
      reuseProblem: async () => null,
      // Demo mode has one session, this browser's.
      replacing: async (userId, _within, sessions) => {
        if (sessions && db.session?.userId === userId && db.session.id !== sessions.keep) db.session = null;
      },
    },
    // The security page, its sign-in methods, the security centre.
    globalPolicy: async () => GLOBAL_POLICY,
    signInMethods: {
      // The application's methods are demo mode's settings: no vendor administrator saves them (the
      // save is refused first), and nobody signs in by SSO or a social provider (SSO only is refused).
      vendor: demoSignInMethodPorts(db).vendor,
      saveVendor: async () => {},
      federatedSignInExists: async () => false,
      // No vendor administrator either: the captcha policy's calls are refused before these.
      captchaPolicy: async () => ({ enabled: false }),
      saveCaptchaPolicy: async () => ({ enabled: false }),
    },
    // Connectivity, audits, audit streams, reports and notifications, usage.
    sendWrittenEmail: async (message) => demoOutbox(db, now, { channel: 'email', ...message }),
    vendorId: async () => DEMO_VENDOR_ID,
    readyAuditLog: (tenantId) => readyAuditLog(db, tenantId, now()),
    seal: () => '',
    webhooks: demoWebhooks(db, random),
    auditStreams: demoAuditStreams(db, { now, random }),
    // Sub-accounts, the account switch, custom login and the users page.
    featureFlags: async (keys, context) => demoFlagValues(db, keys, context),
    subAccounts: {
      tree: demoAccountTree,
      // The id the client chose is the account's own, taken in any case (an account of it is a conflict).
      accountIdOf: (_parentId, chosen) =>
        tenantRows(db).find((t) => t.id.toLowerCase() === chosen.toLowerCase())?.id ?? chosen,
      switchTo: async () => {},
    },
    members: {
      // No identity provider in demo mode, so no SCIM (core/demo/directory.ts).
      scimMemberships: async () => new Set(),
      // Demo mode has one session, this browser's, acting in the user's active account.
      endSessions: async (tenantId, userId) => {
        const ended = db.session?.userId === userId && userById(db, userId)?.activeTenantId === tenantId;
        if (ended) db.session = null;
        return ended ? 1 : 0;
      },
      isUserId: () => true,
    },
    // Invitations and the invite link: the outbox for mail, the link's token kept as is.
    invitations: {
      // Demo mode keeps no list of public email providers: only the account's own list decides.
      emailDomainAllowed: (tenantId, email) =>
        emailDomainAllowed(securityPolicyRepositories(tables, clock), tenantId, email, () => false),
      // The invite link's token is kept as it is (nothing to guard it from in the page).
      linkSecrets: { hash: (token) => token, seal: (token) => token, open: (token) => token },
      newLinkToken: () => `${random()}${random()}`,
    },
    // Billing, SSO configuration, profile change and picture, host info, account settings.
    sso: () => demoSsoBackend(db, { now, random }),
    billing: demoBilling(db, random),
    // The picture is kept as a data: address in the user's row (the upload's rules are the server's).
    profileImages: {
      async store(userId, bytes, type) {
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        const profilePictureUrl = `data:${type};base64,${btoa(binary)}`;
        await tables.of(USERS).update({ id: userId }, { profilePictureUrl });
        return profilePictureUrl;
      },
    },
    // MFA and passwordless sign-in, the phone number: the demo outbox, the demo's policy.
    async sendSms(to, key, code) {
      const text = composeSms(await demoTexts(tables, to.userId), key, code);
      demoOutbox(db, now, { channel: 'sms', to: to.phone, subject: null, text });
    },
    mfa: demoMfaPlatform(db, tables, clock),
    // Impersonation, host information, the login sessions: the browser's one session, demo mode's defaults.
    sessions: demoLoginSessions(db, createDemoTokens({ now, random })),
    hostInfo: demoHostInfo,
    // Password sign-in and sign-up: the demo's counters and users, its breach sample and settings.
    passwordSignIn: {
      async passwordMatched(email, user, breach) {
        await signInLimits(attempts, undefined).clearFailures(email);
        // The breach verdict as the server keeps it: since the first sign-in that found it.
        const breachedPasswordAt = breach?.breached ? (user?.breachedPasswordAt ?? stamp(now())) : null;
        if (user)
          await tables
            .of(USERS)
            .update({ id: user.id }, { failedSignIns: 0, ...(breach ? { breachedPasswordAt } : {}) });
      },
      isBreached: isDemoBreached,
    },
    signUp: {
      // Demo mode knows no client address.
      count: async () => {},
    },
  };
}

/**
 * The catalogue of emails and SMS in the recipient's language (core/domain/member-grants.ts), as
 * the server writes them: each language a small chunk of its own, loaded on its first message.
 */
const demoTexts = async (tables: Tables, userId: string | null, tenantId?: string) =>
  loadDeliveryTexts[await recipientLocaleIn(tables, userId, tenantId)]();

/** The signed-in caller as the areas read them: the user in their active account (no API tokens in demo mode). */
export async function demoCaller(db: DemoDatabase, user: DemoUser): Promise<Caller> {
  const { roles, permissions } = await authorizationIn(demoTables(db), user.id, user.tenantId);
  return {
    userId: user.id,
    tenantId: user.tenantId,
    permissions: permissions.map((p) => p.key),
    byApiToken: false,
    roles: roles.map((r) => r.key),
    sessionId: db.session?.id ?? null,
    impersonating: Boolean(db.session?.impersonatorId),
    ip: undefined,
    contact: { name: displayName(user), email: user.email },
  };
}

/** The email of the last passwordless code's pre-login (the server keeps it in an httpOnly cookie). */
let preLoginEmail: string | undefined;

/**
 * A request to demo mode as the public flows read it: no address, origin or captcha to check, the
 * browser's one session (a flow that signs in opens it: `startSession`, core/demo/sessions.ts).
 */
export const demoVisit = (
  db: DemoDatabase,
  startSession: (db: DemoDatabase, user: DemoUser) => Promise<AuthResponse>,
  bearer?: DemoBearer,
  request?: Pick<DemoRequest, 'loginAlias' | 'caller'>,
): Visit => ({
  ip: undefined,
  checkOrigin: () => {},
  verifyCaptcha: async () => {},
  session: { id: db.session?.id ?? null, impersonated: Boolean(db.session?.impersonatorId) },
  // The browser's remember-device token is kept where the server keeps its cookie: with the browser;
  // the session opens in the account the mfaToken keeps (a login alias's), as the server's.
  startSession: async (user, tenantId, remember) => {
    if (remember) db.rememberedBrowser = remember.token;
    if (tenantId) updateUser(db, user.id, { activeTenantId: tenantId });
    return startSession(db, demoUserOf(db, user.id)!);
  },
  log: () => {},
  // MFA and passwordless sign-in: WebAuthn on the page's own host.
  site: {},
  rememberedDevice: db.rememberedBrowser,
  preLoginEmail: {
    keep: (email) => (preLoginEmail = email),
    read: () => preLoginEmail,
    forget: () => (preLoginEmail = undefined),
  },
  // Impersonation: the request's bearer, checked by the demo's tokens (none: a flow that never impersonates).
  impersonation: bearer ? demoImpersonation(db, bearer) : NO_BEARER,
  // Password sign-in and sign-up: the kit's login-alias header, this browser.
  loginAlias: request?.loginAlias,
  userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
  // Demo dispatch: the invitations' resend (the caller the access check verified).
  caller: () => (request?.caller ? { tenantId: request.caller.tenantId, userId: request.caller.id } : null),
});

// Impersonation, host information, the login sessions.

/** What demo mode keeps its own way of host information: its defaults. */
const demoHostInfo: HostInfoBackend = {
  // The pages the default visibility hides, shown to whoever holds their permissions (spec 001
  // §2), as on the development server (server/seed.ts); read on the portal's first call only.
  adminBox: async () => {
    const { PAGES_HIDDEN_BY_DEFAULT } = await import('../portal/pages');
    const shown = PAGES_HIDDEN_BY_DEFAULT.map((page) => [page, { visibility: 'byPermissions' }]);
    return { navigation: Object.fromEntries(shown) };
  },
  // The audits entity of GET /metadata (its columns), dated by the vendor's creation.
  auditsMetadata: async () => auditsEntity(DEMO_VENDOR_ID, DEMO_VENDOR_CREATED_AT),
  // Every account has demo mode's bundle.
  features: async (tenantId) => ({
    features: tenantId ? DEMO_FEATURES : {},
    permissionFeatures: DEMO_PERMISSION_FEATURES,
  }),
  featureKeys: async () => Object.values(DEMO_PERMISSION_FEATURES).flat(),
};

/** The login sessions: demo mode has one session, this browser's; a token for the user's account (demo users have one). */
function demoLoginSessions(db: DemoDatabase, tokens: Pick<DemoTokens, 'tokenFor'>): LoginSessionStore {
  const mine = (userId: string) => (db.session?.userId === userId ? db.session : null);
  return {
    list: async (userId) => {
      const session = mine(userId);
      const createdAt = session?.createdAt ?? new Date(0).toISOString();
      const lastUsedAt = session?.lastUsedAt ?? createdAt;
      const userAgent = typeof navigator === 'undefined' ? null : navigator.userAgent;
      return session ? [{ id: session.id, userAgent, ipAddress: null, createdAt, lastUsedAt }] : [];
    },
    end: async (userId, sessionId) => {
      if (mine(userId)?.id !== sessionId) return false;
      db.session = null;
      return true;
    },
    endOthers: async () => 0,
    tokenForAccount: async (caller, tenantId) =>
      tenantId === caller.tenantId ? tokens.tokenFor(db, demoUserOf(db, caller.userId)!) : null,
  };
}

/** A request's bearer token and the demo's tokens (core/demo/sessions.ts). */
interface DemoBearer {
  token: string | null;
  tokens: Pick<DemoTokens, 'userOfToken' | 'startSession'>;
}

/**
 * Impersonation's part of a request with `bearer`: the bearer or actorToken checked as the demo's
 * tokens check any (expiry, the account's session policy), and the browser's one session opened
 * for the impersonated user, which ends the impersonator's.
 */
function demoImpersonation(db: DemoDatabase, bearer: DemoBearer): ImpersonationVisit {
  const claims = async (token: string) =>
    (await bearer.tokens.userOfToken(db, token)) ? decodeAccessToken(token) : null;
  return {
    hasBearer: bearer.token !== null,
    async person(token = bearer.token ?? undefined) {
      if (token === undefined) throw contractError('BEARER_MISSING');
      const verified = await claims(token);
      if (!verified) throw contractError('TOKEN_INVALID');
      return verified;
    },
    claims,
    // The rules found the target a member of the caller's account: the session is in that account, as
    // the server's (the demo's session is in the user's active account, so that account becomes it).
    async start(impersonator, userId, tenantId) {
      updateUser(db, userId, { activeTenantId: tenantId });
      return bearer.tokens.startSession(db, demoUserOf(db, userId)!, impersonator.userId);
    },
  };
}
