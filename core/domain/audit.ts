/**
 * What the audit log records of a call (issue 15), from the route's descriptor (its `audit` entry,
 * core/contract/routes): which outcomes are kept, the request fields a record may hold (an
 * allow-list: passwords, codes, tokens and secrets never reach it), and the description in words.
 * One rule for the reference server (server/http/audit-hook.ts, which adds who acted and from
 * where) and the demo backend (core/demo/dispatch.ts), so the demo's log shows what was done, and
 * the row both store (`auditTableRow`; the table and its reads are core/domain/audit-log.ts's).
 */
import type { AuditEntry } from '../contract/routes';
import type { AuditTableRow } from './audit-log';
import { stamp, type RowClock } from './tables';

/** One detail's value (the client reads `json` as a list of these). */
type AuditDetailValue = string | number | boolean | null | Array<string | number>;
export type AuditDetails = Record<string, AuditDetailValue>;
export type AuditOutcome = 'success' | 'failure';

/**
 * Request fields a record may keep (params and body, nested objects flattened one level): ids,
 * names and settings. Anything not named here never reaches the audit table.
 */
const KEPT = new Set([
  'id',
  'userId',
  'tenantId',
  'roleId',
  'roleIds',
  'groupId',
  'permissionId',
  'permissionIds',
  'deviceId',
  'userIds',
  'impersonatedUserId',
  'provider',
  'type',
  'key',
  'name',
  'email',
  'description',
  'enforceMFAType',
  'enabled',
  'maxAttempts',
  'historySize',
  'isActive',
  'timeout',
  'maxSessions',
  'strategy',
  'ip',
  'domain',
  'blockPublicDomains',
  'listType',
  'expiresInMinutes',
  'expiresInDays',
  'isDefault',
  'level',
  'allowAccess',
  'title',
  'siteKey',
  'minScore',
  'signRequest',
  'group',
  'domainId',
]);
const MAX_VALUE = 200;
const MAX_LIST = 50;

function keptValue(value: unknown): AuditDetailValue | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value.slice(0, MAX_VALUE);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.slice(0, MAX_LIST).map((v) => (typeof v === 'string' ? v.slice(0, MAX_VALUE) : v));
  return undefined;
}

/** The allow-listed fields of each source (path parameters, body), objects one level deep as `parent.field`. */
export function auditDetails(...sources: unknown[]): AuditDetails {
  const details: AuditDetails = {};
  const take = (object: unknown, prefix: string) => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return;
    for (const [key, value] of Object.entries(object)) {
      if (value && typeof value === 'object' && !Array.isArray(value) && !prefix) take(value, `${key}.`);
      else if (KEPT.has(key)) {
        const kept = keptValue(value);
        if (kept !== undefined) details[`${prefix}${key}`] = kept;
      }
    }
  };
  for (const source of sources) take(source, '');
  return details;
}

const REFUSALS = new Set([401, 403, 423, 429]);

/** Whether an answer of `status` is recorded: a success, or a refusal of a route that records those. */
export function auditOutcome(entry: AuditEntry, status: number): AuditOutcome | null {
  if (status < 400) return 'success';
  return entry.onFailure && REFUSALS.has(status) ? 'failure' : null;
}

const RAW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields that say what a record is about, in the order a person would name it. */
const TARGET_FIELDS = ['name', 'domain', 'email', 'ip', 'description', 'title', 'key'];
/** Fields that hold an id: shown only through the name looked up for them. */
const ID_FIELDS = [
  'id',
  'userId',
  'impersonatedUserId',
  'roleId',
  'groupId',
  'domainId',
  'permissionId',
  'tenantId',
];
const SETTING_LABELS: Readonly<Record<string, string>> = {
  enforceMFAType: 'enforce MFA',
  maxAttempts: 'max attempts',
  historySize: 'history size',
  isActive: 'active',
  maxSessions: 'max sessions',
  sessionTimeoutConfiguration: 'session timeout',
  sessionIdleTimeoutConfiguration: 'idle timeout',
  sessionConcurrentConfiguration: 'concurrent sessions',
  minScore: 'min score',
  siteKey: 'site key',
  listType: 'list',
  blockPublicDomains: 'block public domains',
};
const valueText = (value: AuditDetailValue) =>
  typeof value === 'boolean'
    ? value
      ? 'on'
      : 'off'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

/**
 * What an audit record is about, in words: a name, domain, email, address or description the
 * request carried, else the name looked up for an id it named (`names`, by field), never a raw
 * id. A settings change lists the settings sent ("enforce MFA Force").
 */
function auditTarget(
  details: Readonly<Record<string, AuditDetailValue>>,
  names: Readonly<Record<string, string>> = {},
  settings = false,
): string | undefined {
  if (settings) {
    const parts = Object.entries(details)
      .filter(
        ([key, value]) => !ID_FIELDS.includes(key) && !(typeof value === 'string' && RAW_ID.test(value)),
      )
      .map(([key, value]) => {
        const label = key
          .split('.')
          .map((part) => SETTING_LABELS[part] ?? part)
          .join(' ');
        return `${label} ${valueText(value)}`;
      });
    return parts.length ? parts.join(', ') : undefined;
  }
  for (const field of TARGET_FIELDS) {
    const value = details[field];
    if (typeof value === 'string' && value.trim() && !RAW_ID.test(value)) return value;
  }
  for (const field of ID_FIELDS) if (names[field]) return names[field];
  return undefined;
}

/** What an id can name in a record: a route's `idName`, or the thing a request field's id names. */
export type AuditNameKind =
  NonNullable<AuditEntry['idName']> | 'permission' | 'tenant' | 'ssoDomain' | 'ssoGroupMapping';

/** Request fields that hold an id, and what that id names. */
const NAMED_FIELDS: ReadonlyArray<[string, AuditNameKind]> = [
  ['userId', 'user'],
  ['impersonatedUserId', 'user'],
  ['roleId', 'role'],
  ['permissionId', 'permission'],
  ['tenantId', 'tenant'],
  ['domainId', 'ssoDomain'],
  // Only the SSO routes name a `groupId` (an identity provider's group mapping).
  ['groupId', 'ssoGroupMapping'],
];

/**
 * What the request's ids name, by field (the route's `:id` by its `idName`, then the fields of
 * NAMED_FIELDS), read from storage by `nameOf` before the call runs: a deletion's target is gone
 * after it.
 */
export async function auditNames(
  entry: AuditEntry,
  details: AuditDetails,
  nameOf: (kind: AuditNameKind, id: string) => Promise<string | null | undefined>,
): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const [field, kind] of [['id', entry.idName] as const, ...NAMED_FIELDS]) {
    const id = details[field];
    const name = kind && typeof id === 'string' ? await nameOf(kind, id) : undefined;
    if (name) found[field] = name;
  }
  return found;
}

/** The record's own fields (who acted and from where are the caller's to add). */
export interface AuditRow {
  severity: AuditEntry['severity'];
  resource: string;
  action: string;
  description: string;
  details: AuditDetails;
}

/** The record of a user the lockout policy locked, after `failures` failed sign-ins in a row. */
export function userLockedRow(userId: string, failures: number, maxAttempts: number): AuditRow {
  return {
    severity: 'High',
    resource: 'users',
    action: 'User locked',
    description: `Locked after ${failures} failed sign-ins in a row`,
    details: { userId, maxAttempts },
  };
}

/**
 * The record of a call answered with `status` (`outcome` from auditOutcome): the descriptor's
 * area, action and severity, and what happened in words; `names` are what the request's ids name,
 * read before the call (a deletion's target is gone after it).
 */
export function auditRow(
  entry: AuditEntry,
  outcome: AuditOutcome,
  status: number,
  details: AuditDetails,
  names: Readonly<Record<string, string>> = {},
): AuditRow {
  const failed = outcome === 'failure';
  const action = failed ? entry.onFailure!.action : entry.action;
  return {
    severity: failed ? entry.onFailure!.severity : entry.severity,
    resource: entry.resource,
    action,
    description: describe(action, entry, outcome, status, details, names),
    details,
  };
}

/** What happened, in words; who did it has a column of its own. */
function describe(
  action: string,
  entry: AuditEntry,
  outcome: AuditOutcome,
  status: number,
  details: AuditDetails,
  found: Readonly<Record<string, string>>,
): string {
  if (entry.signIn && entry.onFailure)
    return outcome === 'success'
      ? `Signed in with ${entry.signIn}`
      : `Could not sign in with ${entry.signIn} (${status === 401 ? 'wrong credentials' : `refused, ${status}`})`;
  const target = auditTarget(details, found, entry.settings);
  const what = `${action}${target ? `: ${target}` : ''}`;
  return outcome === 'failure' ? `${what} (refused, ${status})` : what;
}

/** The SQL table of the records (its declaration, AUDITS, is core/domain/audit-log.ts's). */
export const AUDITS_TABLE = 'audits';

/** What one event records: who acted, from where and in which account, and the record's row. */
export interface AuditEvent extends Omit<AuditRow, 'details'> {
  tenantId: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  impersonatorEmail?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: AuditDetails;
}

const clip = (value: string | null | undefined, max = 500) => (value ? value.slice(0, max) : null);

/** The stored row of one event: named by `clock.newId()`, made at `clock.now()`. */
export function auditTableRow(event: AuditEvent, clock: RowClock): AuditTableRow {
  return {
    id: clock.newId(),
    createdAt: stamp(clock.now()),
    tenantId: event.tenantId,
    actorUserId: event.actorUserId ?? null,
    actorEmail: clip(event.actorEmail, 320),
    impersonatorEmail: clip(event.impersonatorEmail, 320),
    ip: clip(event.ip, 64),
    userAgent: clip(event.userAgent),
    severity: event.severity,
    resource: event.resource,
    action: event.action,
    description: clip(event.description, 1000) ?? '',
    details: event.details ?? {},
  };
}

/** Who acted in an audited call, as the record names them, and the account it is filed under. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  tenantId: string | null;
  /** Who impersonates the caller in their session, if anyone. */
  impersonatorId?: string | null;
}

/** A user the request names, with the account a record of theirs goes to (their active one, else their first). */
interface NamedUser {
  id: string;
  email: string;
  tenantId: string | null;
}

/**
 * What a backend reads to find who acted (the server: the claims its access check verified, its
 * sessions and users in SQL, none of it read unless the rule needs it; demo mode: its tokens, its
 * one session and its tables).
 */
interface AuditActorReaders {
  /** The caller whose bearer the route's access check verified (null: none, a public call). */
  caller: AuditActor | null;
  /** The session a sign-out ends (the server's refresh cookie; demo mode's one session). */
  signedOut(): Promise<AuditActor | null>;
  /** Whom a successful sign-in signed in: the access token its answer issues, else the session it set. */
  signedIn(): Promise<AuditActor | null>;
  userByEmail(email: string): Promise<NamedUser | undefined>;
  /** The user of an id (none for an id the backend's ids cannot be). */
  userById(id: string): Promise<NamedUser | undefined>;
}

const named = (user: NamedUser): AuditActor => ({
  userId: user.id,
  email: user.email,
  tenantId: user.tenantId,
});

/**
 * Who acted in an audited call (both backends): the caller the route verified; for a sign-out, the
 * session it ends; for a sign-in, whom a success signed in, else the email tried (an unknown one
 * too: its record has no user and no account), else the user the body names by id (activation,
 * an invitation's acceptance, a password reset). Null: nobody (an unaudited kind of call).
 */
export async function auditActor(
  entry: AuditEntry,
  outcome: AuditOutcome,
  body: Readonly<Record<string, unknown>>,
  readers: AuditActorReaders,
): Promise<AuditActor | null> {
  if (readers.caller) return readers.caller;
  if (entry.signOut) return readers.signedOut();
  if (!entry.signIn) return null;
  const signedIn = outcome === 'success' ? await readers.signedIn() : null;
  if (signedIn) return signedIn;
  const { email, userId } = body;
  if (typeof email === 'string' && email.includes('@')) {
    const tried = email.slice(0, 320);
    const user = await readers.userByEmail(tried);
    return user ? named(user) : { userId: null, email: tried, tenantId: null };
  }
  const user = typeof userId === 'string' ? await readers.userById(userId) : undefined;
  return user ? named(user) : null;
}

/**
 * Who a record names and the account it is filed under, or null when none is kept: a success that
 * happened to nobody (a sign-up or reset for an address nobody has, a sign-out with no session)
 * has no account to file it under. `byCaller`: a verified caller acted.
 */
export function auditFiling(
  entry: AuditEntry,
  outcome: AuditOutcome,
  actor: AuditActor | null,
  byCaller: boolean,
): Pick<AuditEvent, 'tenantId' | 'actorUserId' | 'actorEmail'> | null {
  if (!actor?.tenantId && outcome === 'success' && !entry.onFailure && !byCaller) return null;
  return {
    tenantId: actor?.tenantId ?? null,
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
  };
}
