/**
 * What a backend gives the domain (issue 25, "the domain written once, against ports"): its
 * storage, its clock and ids, and the few services only it can offer (sending, sealing,
 * announcing). The server builds one per request over its database and services
 * (server/platform.ts), demo mode one per call over the page's storage
 * (core/demo/platform.ts). An area's ports are then one function of the platform and the caller,
 * written here in core/domain and run by both (`PortsFor`), and an area is registered once for
 * both by its handlers and that function (`area`, core/domain/back-office-areas.ts).
 *
 * A member belongs here when more than one area needs it or when it is what one backend can do
 * and the other cannot; a rule never does (it is the domain's, over these).
 */
import type { ContractError } from '../contract/errors';
import type { AttemptCounters } from './attempts';
import type { EmailKey, EmailParams } from './delivery-texts/types';
import type { AreaHandlers, PublicHandlers } from './handlers';
import type { OneTimePurpose } from './passwordless';
import type { AuthResponse } from './session-tokens';
import type { AuditStreamBackend } from './audit-streams';
import type { WebhookBackend } from './connectivity-ports';
import type { BillingBackend } from './billing-ports';
import type { SsoBackend } from './sso-connections';
import type { RowClock, Tables } from './tables';
import type { UserRow } from './user-tables';
import type { VendorMethods } from './sign-in-method-storage';
// Sub-accounts and the users page.
import type { FlagContext } from './feature-flags';
import type { SubAccountTreeReads } from './sub-account-store';
import type { TeamMemberStoreExtras } from './team-member-store';
// Invitations and the invite link.
import type { LinkSecrets } from './invite-links';
// MFA and passwordless sign-in, the phone number.
import type { SmsKey } from './delivery-texts/types';
import type { MfaPlatform } from './mfa-assembly';
// Impersonation, host information, the login sessions.
import type { HostInfoBackend } from './host-info-handlers';
import type { ImpersonationVisit } from './impersonation-handlers';
import type { LoginSessionStore } from './login-sessions';
// Password sign-in and sign-up.
import type { SignUpSettings } from './sign-up-handlers';

export interface Platform {
  /** The rows: SQL on the server, the page's storage in demo mode. */
  tables: Tables;
  /** The time and new ids of what is written. */
  clock: RowClock;
  /**
   * Announces an account's event to its webhooks and channels (demo mode sends none); `within` is
   * the transaction's tables when the event belongs to a write (recorded with it, or not at all).
   */
  emit(tenantId: string, type: string, data: Record<string, unknown>, within?: Tables): Promise<void>;
  /** What is kept of an API token's secret (the server's hash; demo mode keeps nothing). */
  apiTokenHash(secret: string): string;
  /**
   * The application's settings (the server's vendor row, one read; demo mode's policy and
   * settings): its switches (API tokens; may a user whose email is not verified sign in), what a
   * sign-up reads, and the vendor's id.
   */
  vendor(): Promise<
    SignUpSettings & { id: string; apiTokensEnabled: boolean; allowNotVerifiedUsersLogin: boolean }
  >;

  // The account flows: password reset and change, activation (core/domain/account-flow-ports.ts).
  /** The application's address: where emailed links point. */
  appUrl(): string;
  /** What is kept of a one-time secret of `purpose` (the server's hash; demo mode keeps it as it is). */
  keyOf(purpose: OneTimePurpose, secret: string): string;
  /** The attempt counters of the sign-in and sending limits (core/domain/attempts.ts). */
  attempts: AttemptCounters;
  /** Sends an email in the recipient's language (theirs, else the account `tenantId`'s, else English). */
  sendEmail<K extends EmailKey>(to: Recipient, key: K, params: EmailParams[K]): Promise<void>;
  passwords: {
    hash(password: string): Promise<string>;
    /** Whether `password` is the one `hash` keeps (false for no hash). */
    matches(password: string, hash: string | null): Promise<boolean>;
    /** What the user's account's password-history policy says of reusing `password` (demo mode keeps no history). */
    reuseProblem(user: UserRow, password: string): Promise<ContractError | null>;
    /**
     * What replacing the user's password keeps and ends besides their row (written over the tables,
     * core/domain/account-flow-ports.ts), in the write's transaction `within`: the server keeps the
     * old one in the history and, with `sessions`, ends every session of the user but
     * `sessions.keep`, for `sessions.reason`; demo mode keeps no history and has one session.
     */
    replacing(
      userId: string,
      within: Tables,
      sessions?: { keep: string | null; reason: string },
    ): Promise<void>;
  };

  // The security page, its sign-in methods, the security centre.
  /**
   * The tokens' part of the vendor's global security policy (ISecurityPolicy): the cookie's
   * SameSite, the tokens' lifetimes and the signing key as PEM (the server's options and keys;
   * demo mode's fixed answer, with no key). The rest is the vendor's (`vendor`) and its MFA policy.
   */
  globalPolicy(): Promise<Record<string, unknown>>;
  /**
   * The application's sign-in methods (the server's vendor row and its social and SSO connections;
   * demo mode's settings, saved nowhere) and the vendor's captcha policy (its secret sealed by the
   * server and never answered; demo mode has none).
   */
  signInMethods: VendorMethods & {
    captchaPolicy(): Promise<unknown>;
    saveCaptchaPolicy(body: Record<string, unknown>): Promise<unknown>;
  };

  // Connectivity, audits, audit streams, reports and notifications, usage.
  /** Sends an email already written (a report's): the server's delivery (its outbox in development), demo mode's outbox. */
  sendWrittenEmail(message: { to: string; subject: string; text: string }): Promise<void>;
  /** The id of the vendor the records and webhooks are of: the server's first one, demo mode's own. */
  vendorId(): Promise<string>;
  /**
   * Readies the account's audit log for a read: nothing on the server (its worker purges past the
   * retention); demo mode purges as the server would and stores its sample history the first time.
   */
  readyAuditLog(tenantId: string): Promise<void>;
  /**
   * Seals a secret bound to its row (`binding`), for the server's worker to open (its SecretBox);
   * demo mode keeps nothing (nothing would sign or post).
   */
  seal(value: string, binding: string): string;
  /** The webhooks' outbox, reaching and testing a target, a new webhook's answer (the server's worker; demo mode sends nothing). */
  webhooks: WebhookBackend;
  /** Audit streams' queue and checks: the server's outbox and address check; demo mode's stand-ins (it sends nothing). */
  auditStreams: AuditStreamBackend;

  // Sub-accounts, the account switch, custom login and the users page.
  /** The asked feature flags' values for a context (demo mode: its own defaults under its stored flags). */
  featureFlags(keys: string[], context: FlagContext): Promise<Record<string, boolean>>;
  subAccounts: {
    /**
     * The tree below an account, as each backend reads it: the server's recursive queries (the port
     * has no recursion), over these tables (a transaction's inside one); demo mode walks its
     * few stored accounts.
     */
    tree(tables: Tables): SubAccountTreeReads;
    /**
     * The id of the account the client names `chosen` below `parentId`: the server's name-based UUID
     * (server/domain/hierarchy.ts); demo mode's ids are no UUIDs, `chosen` is the id (taken in any case).
     */
    accountIdOf(parentId: string, chosen: string): string;
    /**
     * The caller's session acts in the account from now on (the server's sessions; demo mode's acts
     * in the user's active account, which the switch writes: nothing more).
     */
    switchTo(caller: Caller, tenantId: string): Promise<void>;
  };
  /**
   * Which memberships SCIM manages (a column the port does not declare; demo mode has no SCIM) and
   * the end of a member's open sessions (the server's sessions; demo mode's one session), as the
   * users page's store takes them.
   */
  members: Pick<TeamMemberStoreExtras, 'scimMemberships' | 'endSessions'> & {
    /** Whether `id` can name a user (the server's are UUIDs; demo mode's any string). */
    isUserId(id: string): boolean;
  };
  // Invitations and the invite link.
  invitations: {
    /** Whether the account's email-domain rules let the address join (the server knows public providers too). */
    emailDomainAllowed(tenantId: string, email: string): Promise<boolean>;
    /** How an invite link's token is kept: the server's hash and sealed copy; demo mode keeps it as is. */
    linkSecrets: LinkSecrets;
    /** A fresh invite link token. */
    newLinkToken(): string;
  };

  // Billing, SSO configuration, profile change and picture, host info, account settings.
  /**
   * What tenant SSO connections need that only a backend has: the server's DNS lookups, metadata
   * fetch (SSRF-guarded) and XML reader, sealed secrets, signing key and addresses (its secrets'
   * key loaded once); demo mode's samples, patterns and addresses (its sample account's connection
   * written first, on first use).
   */
  sso(): Promise<SsoBackend>;
  /**
   * Billing's payment provider and receipt numbers: the server's Stripe or development provider
   * (its options) and its sequence; demo mode's provider that moves no money and one numbering
   * over its invoices.
   */
  billing: BillingBackend;
  profileImages: {
    /**
     * Keeps the user's picture (an accepted image of `type`) as their `profilePictureUrl`; its
     * address: the server's stored image, served publicly; demo mode's data: address.
     */
    store(userId: string, bytes: Uint8Array, type: string): Promise<string>;
  };

  // MFA and passwordless sign-in, the phone number.
  /** Texts a code to `to.phone` in the user's language (the server's SMS delivery; demo mode's outbox). */
  sendSms(to: { userId: string | null; phone: string }, key: SmsKey, code: string): Promise<void>;
  /** What MFA and passkeys take of a backend: keys, the gate's read, WebAuthn, the secret box... */
  mfa: MfaPlatform;

  // Impersonation, host information, the login sessions.
  /**
   * The signed-in user's own sessions and a token of theirs for another of their accounts: the
   * server's `sessions` table and token service; demo mode's one session, this browser's.
   */
  sessions: LoginSessionStore;
  /** What host information reads that each backend keeps its own way: the server's rows, demo mode's defaults. */
  hostInfo: HostInfoBackend;
  // Password sign-in and sign-up.
  passwordSignIn: {
    /**
     * After a matching password: the email's failures are forgotten and, with `user`, the lockout
     * count restarts and (with `breach`) the breach verdict is stored and a password stored by an
     * older scheme rehashed. The server's one statement also reads what its session needs of the
     * user (returned, for `Visit.startSession`: a round trip fewer on the hot path); demo mode
     * writes its tables and returns nothing.
     */
    passwordMatched(
      email: string,
      user: UserRow | null,
      breach?: { breached: boolean; password: string },
    ): Promise<unknown>;
    /** Whether the password is on the breach list (the server's list; demo mode's sample of it). */
    isBreached(password: string): boolean;
  };
  signUp: {
    /** Counts one sign-up from `ip` (the server's limit per address: 429 TOO_MANY_SIGN_UPS; demo mode knows no address). */
    count(ip: string | undefined): Promise<void>;
  };
}

/** Who an email goes to: a user (their language) or an address, of an account (its language). */
export interface Recipient {
  userId: string | null;
  email: string;
  tenantId?: string;
}

/**
 * One request as the public flows read it (a sign-in step, a link's token, a password reset): what
 * depends on the request on the server (its address, origin, cookies), and on the page in demo mode.
 */
export interface Visit {
  /** The client's address (demo mode knows none). */
  ip: string | undefined;
  /** Refuses a request from a page the application does not trust (the server's CSRF guard). */
  checkOrigin(): void;
  /** The captcha policy's check (nothing while it is off: always in demo mode). */
  verifyCaptcha(token: unknown, email: string): Promise<void>;
  /** The calling session (a signed-in call): its id, and whether an impersonator acts in it. */
  session: { id: string | null; impersonated: boolean };
  /**
   * Opens a session for the user (the refresh cookie on the server, the page's session in demo
   * mode), in `tenantId` when given; `remember`: the browser to remember for MFA (the server's
   * ae_mfa_device cookie, demo mode's remembered browser) for that many seconds; `known`: what a
   * password sign-in's statement read of the user (`Platform.passwordSignIn.passwordMatched`), which
   * the server's session reuses. A second session of the same request replaces the first (the
   * server ends it: the answer carries one).
   */
  startSession(
    user: UserRow,
    tenantId?: string | null,
    remember?: { token: string; seconds: number },
    known?: unknown,
  ): Promise<AuthResponse>;
  /** Logs what failed without the caller's fault (a delivery), nothing secret. */
  log(message: string): void;
  // MFA and passwordless sign-in, the phone number.
  /** The page the request comes from: its Origin and Host headers (WebAuthn's relying party; demo mode: none). */
  site: { origin?: string | undefined; host?: string | undefined };
  /** The browser's remember-device token, if any (the server's ae_mfa_device cookie, demo mode's remembered browser). */
  rememberedDevice: string | undefined;
  /**
   * The email a passwordless code was sent to, for a post-login of `{ token }` alone (the server's
   * httpOnly cookie of the passwordless path; demo mode's variable).
   */
  preLoginEmail: { keep(email: string): void; read(): string | undefined; forget(): void };
  // Impersonation, host information, the login sessions.
  /**
   * Impersonation's caller (the bearer or the body's actorToken, checked here: the route's access is
   * `inHandler`) and the session it opens: the server's token service and refresh cookie; demo
   * mode's tokens and its one session.
   */
  impersonation: ImpersonationVisit;
  // Password sign-in and sign-up.
  /** The login alias the request names (its login-alias header: custom login per account). */
  loginAlias?: string | undefined;
  /** The client's user agent, as a lock's audit record names it (demo mode: the browser's). */
  userAgent?: string | undefined;
  // Demo dispatch: the invitations' resend.
  /**
   * Who a bearer makes the call's, as the route's access check verified them (a `publicWith` route
   * is public without one); null: a public call.
   */
  caller(): Pick<Caller, 'tenantId' | 'userId'> | null;
}

/** Who calls a signed-in route, as its access check found them. */
export interface Caller {
  userId: string;
  /** The account the call acts in. */
  tenantId: string;
  /** The permission keys the caller holds there (an API token's: its own). */
  permissions: string[];
  /** Whether the bearer is an API token's access token rather than a person's. */
  byApiToken: boolean;
  /** The role keys the caller holds there (the access token's). */
  roles: string[];
  /** The session the call comes from (demo mode's one session), or null (an API token's). */
  sessionId: string | null;
  /** An impersonated session (the access token's actor claim). */
  impersonating: boolean;
  /** The client's address (demo mode knows none). */
  ip: string | undefined;
  // Billing, SSO configuration, profile change and picture, host info, account settings.
  /** The caller's name and email as their session holds them (billing names the provider's customer so). */
  contact?: { name?: string; email: string };
  /** The request's Idempotency-Key, if sent (a plan change's charge is made once per key). */
  idempotencyKey?: string;
  // MFA and passwordless sign-in, the phone number.
  /** The page the call comes from: its Origin and Host headers (WebAuthn's relying party; demo mode: none). */
  site?: { origin?: string | undefined; host?: string | undefined };
}

/** An area's ports for one call of a signed-in caller. */
export type PortsFor<P> = (platform: Platform, caller: Caller) => P;

/**
 * An area: its handlers and the function giving their ports, held together with their type (a
 * list of areas has one type whatever their ports). `use` is given the two.
 */
export type Area = <R>(use: <P>(handlers: AreaHandlers<P>, ports: PortsFor<P>) => R) => R;

/** A public area's ports for one call. */
export type PublicPortsFor<P> = (platform: Platform, visit: Visit) => P;

/** A public area (its routes need no caller), as `Area`. */
export type PublicArea = <R>(use: <P>(handlers: PublicHandlers<P>, ports: PublicPortsFor<P>) => R) => R;

/** The public area of `handlers`, whose ports `ports` gives. */
export const publicArea =
  <P>(handlers: PublicHandlers<P>, ports: PublicPortsFor<P>): PublicArea =>
  (use) =>
    use(handlers, ports);

/** The area of `handlers`, whose ports `ports` gives. */
export const area =
  <P>(handlers: AreaHandlers<P>, ports: PortsFor<P>): Area =>
  (use) =>
    use(handlers, ports);
