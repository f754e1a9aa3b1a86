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
import type { AuditStreamBackend } from './audit-streams';
import type { WebhookBackend } from './connectivity-ports';
import type { AreaHandlers } from './handlers';
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
  // Connectivity, audits, audit streams, reports and notifications, usage.
  /** Sends an email (a report's): the server's delivery (its outbox in development), demo mode's outbox. */
  sendEmail(message: { to: string; subject: string; text: string }): Promise<void>;
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
