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
import type { BillingBackend } from './billing-ports';
import type { AreaHandlers } from './handlers';
import type { SsoBackend } from './sso-connections';
import type { RowClock, Tables } from './tables';

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
  /**
   * The user as GET users/v2/me answers them, acting in `tenantId` when they are still one of its
   * members: the server's grants read in SQL (a hot path), demo mode's stored user.
   */
  userProfile(userId: string, tenantId: string | null): Promise<unknown>;
  profileImages: {
    /**
     * Keeps the user's picture (an accepted image of `type`) as their `profilePictureUrl`; its
     * address: the server's stored image, served publicly; demo mode's data: address.
     */
    store(userId: string, bytes: Uint8Array, type: string): Promise<string>;
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
  // Billing, SSO configuration, profile change and picture, host info, account settings.
  /** The caller's name and email as their session holds them (billing names the provider's customer so). */
  contact?: { name?: string; email: string };
  /** The request's Idempotency-Key, if sent (a plan change's charge is made once per key). */
  idempotencyKey?: string;
  /** Whether the session is an impersonation (its phone number is then not changed). */
  impersonating?: boolean;
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
