/**
 * What a backend gives the domain (issue 25, "the domain written once, against ports"): its
 * storage, its clock and ids, and the few services only it can offer (sending, sealing,
 * announcing). The server builds one per request over its database and services
 * (server/http/platform.ts), demo mode one per call over the page's storage
 * (core/demo/platform.ts). An area's ports are then one function of the platform and the caller,
 * written here in core/domain and run by both (`PortsFor`), and an area is registered once for
 * both by its handlers and that function (`area`, core/domain/back-office-areas.ts).
 *
 * A member belongs here when more than one area needs it or when it is what one backend can do
 * and the other cannot; a rule never does (it is the domain's, over these).
 */
import type { AreaHandlers } from './handlers';
import type { RowClock, Tables } from './tables';
// Sub-accounts and the users page.
import type { FlagContext } from './feature-flags';
import type { SubAccountTreeReads } from './sub-account-store';
import type { ScimManagedOf } from './team-member-list';
// Invitations and the invite link.
import type { LinkSecrets } from './invite-links';

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
  /** The permission keys `userId` holds in the account (none for an invitee or a stranger). */
  memberPermissions(tenantId: string, userId: string): Promise<string[]>;
  /** What is kept of an API token's secret (the server's hash; demo mode keeps nothing). */
  apiTokenHash(secret: string): string;
  /** The vendor's switches the back office reads. */
  vendor(): Promise<{ apiTokensEnabled: boolean }>;
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
    /** The caller's session acts in the account from now on (the server's sessions; demo mode's user). */
    switchTo(caller: Caller, tenantId: string): Promise<void>;
  };
  members: {
    /** Which of these memberships SCIM manages (a column the port does not declare; demo mode has no SCIM). */
    scimMemberships: ScimManagedOf;
    /**
     * Ends the member's open sessions in the account (the server's sessions, over `within`: the
     * tables of the change's transaction; demo mode's one session): how many.
     */
    endSessions(
      tenantId: string,
      userId: string,
      reason: 'revoked_by_admin' | 'removed_from_tenant',
      within: Tables,
    ): Promise<number>;
    /** Whether `id` can name a user (the server's are UUIDs; demo mode's any string). */
    isUserId(id: string): boolean;
  };
  // Invitations and the invite link.
  invitations: {
    /**
     * Issues a fresh invitation link for the user in the account (older ones of that account
     * retired) and sends it: the server's mail (a failure is logged, the answer stands), demo mode's outbox.
     */
    send(invitation: { tenantId: string; userId: string }, inviterId: string | null): Promise<void>;
    /** Whether the account's email-domain rules let the address join (the server knows public providers too). */
    emailDomainAllowed(tenantId: string, email: string): Promise<boolean>;
    /** How an invite link's token is kept: the server's hash and sealed copy; demo mode keeps it as is. */
    linkSecrets: LinkSecrets;
    /** A fresh invite link token. */
    newLinkToken(): string;
    /** The application's address (the links in answers and emails lead there). */
    appUrl(): string;
  };
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
  // Sub-accounts and the account switch.
  /** The role keys the caller holds there (the access token's). */
  roles: string[];
  /** An impersonated session (the access token's actor claim). */
  impersonating: boolean;
  /** The session the call comes from (demo mode's one session), or null (an API token's). */
  sessionId: string | null;
}

/** An area's ports for one call of a signed-in caller. */
export type PortsFor<P> = (platform: Platform, caller: Caller) => P;

/**
 * An area: its handlers and the function giving their ports, held together with their type (a
 * list of areas has one type whatever their ports). `use` is given the two.
 */
export type Area = <R>(use: <P>(handlers: AreaHandlers<P>, ports: PortsFor<P>) => R) => R;

/** The area of `handlers`, whose ports `ports` gives. */
export const area =
  <P>(handlers: AreaHandlers<P>, ports: PortsFor<P>): Area =>
  (use) =>
    use(handlers, ports);
