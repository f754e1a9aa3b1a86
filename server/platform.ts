/**
 * The server's platform (core/domain/platform.ts): its database through the tables port, the
 * process's clock and random UUIDs, the account's webhooks through the outbox, and the grants
 * and vendor settings as its SQL reads them. Built once per server: what depends on the request
 * is the caller (server/http/handlers.ts `callerOfCall`).
 */
import type { Platform } from '../core/domain/platform';
import type { AppContext } from './context';
import { email, sms } from './delivery/messages';
import { apiTokenSecretHash } from './domain/api-tokens';
import { serverAuditStreams } from './domain/audit-streams';
import { emitEvent, serverWebhooks } from './domain/connectivity';
import { hashSecret, newLinkToken } from './domain/one-time-tokens';
import {
  passwordReuseProblem,
  globalSecurityPolicy,
  rememberCurrentPassword,
} from './domain/security-policies';
import { getVendorSettings } from './domain/vendor';
import { attemptCounters } from './storage/attempts';
import { recipientLocaleIn } from '../core/domain/member-grants';
import { endPasswordSessions } from './storage/passwords';
import { vendorOf } from './storage/connectivity';
import { SERVER_ROW_CLOCK, databaseOf, sqlTables } from './storage/tables';
import { captchaPolicy, saveCaptchaPolicy, type CaptchaPolicyInput } from './domain/captcha';
import { vendorMethods } from './storage/sign-in-methods';
import { evaluateFlags } from './domain/featureFlags';
import { chosenAccountId } from './domain/hierarchy';
import { moveSession, subAccountTree } from './storage/sub-accounts';
import { endMemberSessions, scimManagedMemberships } from './storage/team-members';
import { emailDomainAllowed } from './domain/email-domain-restrictions';
import { inviteLinkSecrets } from './domain/invitations';
import { ssoBackendOf } from './http/sso-configurations';
import { serverBilling } from './domain/billing';
import { serverProfileImages } from './domain/profile-images';
import QRCode from 'qrcode';
import { keyOf as mfaKeyOf } from './domain/mfa-base';
import { simpleWebauthn } from './domain/mfa-webauthn';
import { gateReader } from './storage/mfa';
import { activeTenantOf } from './http/mfa-gate';
// Impersonation, host information, the login sessions.
import { loginSessionRepository } from './storage/login-sessions';
import { findUserById } from './storage/users';
import { getAdminBoxConfiguration } from './storage/account-settings';
import { auditMetadata } from './storage/audits';
import { featuresOf } from './domain/entitlements';
import { featureKeys } from './storage/entitlements';
import { contractError } from '../core/contract/errors';
// Password sign-in and sign-up.
import { passwordMatchedOn } from './domain/auth';
import { isBreachedPassword } from './domain/breached-passwords';
import { countSignUp } from './domain/attempts';
import { isUuid } from '../core/domain/random-secrets';

/** Each server's platform, built on its first use. */
const built = new WeakMap<AppContext, Platform>();

/** The server's platform: one per server (its context), whoever asks for it. */
export function serverPlatform(ctx: AppContext): Platform {
  let platform = built.get(ctx);
  if (!platform) built.set(ctx, (platform = platformOf(ctx)));
  return platform;
}

function platformOf(ctx: AppContext): Platform {
  const { db } = ctx;
  return {
    tables: sqlTables(db),
    clock: SERVER_ROW_CLOCK,
    emit: (tenantId, type, data, within) =>
      emitEvent({ db: (within && databaseOf(within)) || db }, tenantId, type, data),
    apiTokenHash: apiTokenSecretHash,
    vendor: () => getVendorSettings(db),

    // The account flows.
    appUrl: () => ctx.options.appUrl,
    keyOf: hashSecret,
    attempts: attemptCounters(db),
    async sendEmail(to, key, params) {
      const locale = await recipientLocaleIn(sqlTables(db), to.userId, to.tenantId);
      await ctx.delivery.sendEmail(email(key, to.email, locale, params));
    },
    passwords: {
      hash: (password) => ctx.hasher.hash(password),
      matches: (password, hash) => ctx.hasher.verify(password, hash),
      reuseProblem: (user, password) => passwordReuseProblem(db, ctx.hasher, user, password),
      async replacing(userId, within, sessions) {
        const tx = databaseOf(within) ?? db;
        await rememberCurrentPassword(tx, userId);
        if (sessions) await endPasswordSessions(tx, userId, sessions);
      },
    },
    // The security page, its sign-in methods, the security centre.
    globalPolicy: () => globalSecurityPolicy(ctx),
    signInMethods: {
      ...vendorMethods(db),
      captchaPolicy: () => captchaPolicy(db),
      saveCaptchaPolicy: (body) => saveCaptchaPolicy(ctx, body as unknown as CaptchaPolicyInput),
    },
    // Connectivity, audits, audit streams, reports and notifications, usage.
    sendWrittenEmail: (message) => ctx.delivery.sendEmail(message),
    vendorId: () => vendorOf(db),
    readyAuditLog: async () => {},
    seal: (value, binding) => ctx.secretBox.seal(value, binding),
    webhooks: serverWebhooks(ctx),
    auditStreams: serverAuditStreams(ctx),
    // Sub-accounts, the account switch, custom login and the users page.
    featureFlags: (keys, context) => evaluateFlags(db, keys, context),
    subAccounts: {
      tree: (tables) => subAccountTree(databaseOf(tables) ?? db),
      accountIdOf: chosenAccountId,
      switchTo: (caller, tenantId) =>
        moveSession(db, { userId: caller.userId, sessionId: caller.sessionId, tenantId }),
    },
    members: {
      scimMemberships: (ids) => scimManagedMemberships(db, ids),
      endSessions: (tenantId, userId, reason, within) =>
        endMemberSessions(databaseOf(within) ?? db, tenantId, userId, reason),
      isUserId: (id) => isUuid(id),
    },
    // Invitations and the invite link.
    invitations: {
      emailDomainAllowed: (tenantId, email) => emailDomainAllowed(db, tenantId, email),
      linkSecrets: inviteLinkSecrets(ctx),
      newLinkToken,
    },
    // Billing, SSO configuration, profile change and picture, host info, account settings.
    sso: () => ssoBackendOf(ctx),
    billing: serverBilling(ctx),
    profileImages: serverProfileImages(ctx),
    // MFA and passwordless sign-in, the phone number.
    async sendSms(to, key, code) {
      const locale = await recipientLocaleIn(sqlTables(db), to.userId);
      await ctx.delivery.sendSms(sms(key, to.phone, locale, code));
    },
    mfa: {
      keyOf: mfaKeyOf,
      gate: gateReader(db),
      // The relying party of the calling page (server/domain/mfa-webauthn.ts `rpIdFor`).
      webauthn: (site) => simpleWebauthn(ctx.mfa.webauthn, ctx.mfa.rpIdFor(site)),
      // Read on use: a context without MFA (a test's) builds the platform too.
      get box() {
        return ctx.mfa.box;
      },
      vendor: () => ctx.mfa.vendorSettings(),
      get totpIssuer() {
        return ctx.mfa.issuerName;
      },
      qrCode: (uri) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
      // The account's webhooks hear of a second factor, in the enrolment's transaction.
      addDevice: (userId, device) => ctx.mfa.addDevice(userId, device),
      accountOf: (user) => activeTenantOf(ctx, user),
    },
    // Impersonation, host information, the login sessions.
    sessions: {
      ...loginSessionRepository(db),
      async tokenForAccount(caller, tenantId) {
        const user = await findUserById(db, caller.userId);
        if (!user) throw contractError('USER_NOT_FOUND');
        return ctx.auth.tokenForTenant(user, tenantId, caller.sessionId!);
      },
    },
    hostInfo: {
      adminBox: (tenantId) => getAdminBoxConfiguration(db, tenantId),
      auditsMetadata: () => auditMetadata(db),
      features: (tenantId) => featuresOf(db, tenantId),
      featureKeys: () => featureKeys(db),
    },
    // Password sign-in and sign-up: the hot path's one statement, the breach list, the vendor row.
    passwordSignIn: {
      passwordMatched: (email, user, breach) => passwordMatchedOn(db, ctx.hasher, email, user, breach),
      isBreached: isBreachedPassword,
    },
    signUp: {
      count: (ip) => countSignUp(db, ip, ctx.options.signUpsPerIp),
    },
  };
}
