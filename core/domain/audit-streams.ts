/**
 * Audit-log streaming (issue 28 item 16): a tenant administrator sends the account's audit records
 * to its own security tooling. The rules and the streams' repository, written once: the streams
 * are rows of `audit_streams` over the storage port (core/domain/tables.ts); the delivery queue and
 * the attempts' log are the platform's (`auditStreams`), the server's over its connectivity outbox
 * (server/storage/audit-streams.ts; the delivery is the connectivity worker's,
 * server/domain/audit-stream-delivery.ts), demo mode's a stand-in (core/demo/auditStreams.ts, which
 * cannot send over HTTP: it records what it would send).
 *
 * - A stream is a name, an https address (plain http only to this machine, and only where the
 *   server lets tenants reach private addresses: tests and development), a body format and, for
 *   the SIEM collectors, the collector's token. The token is stored sealed and never answered;
 *   the signing secret is answered once, when the stream is created.
 * - Paused streams keep queueing: nothing is lost, resuming sends the backlog.
 * - Back-fill queues the account's records from a date in the past (the oldest first).
 * - Delivery is at least once: every record carries its id as the idempotency key; a failed
 *   attempt is retried with a doubling delay up to a ceiling, for days; a stream that has failed
 *   for longer than the alert threshold raises an alert in the security centre.
 */
import {
  AUDIT_STREAM_LIMITS,
  type AuditStreamAttempt,
  type AuditStreamDeliveries,
  type AuditStreamDto,
  type AuditStreamFormat,
  type AuditStreamState,
  type CreatedAuditStream,
} from '../contract/auditStreams';
import { contractError } from '../contract/errors';
import { newWebhookSecret } from './connectivity';
import { isUuid } from './random-secrets';
import { col, nullable, stamp, table, type RowClock, type RowOf, type Tables } from './tables';

interface NewAuditStream {
  name: string;
  url: string;
  format: AuditStreamFormat;
  /** The collector's token, or null. */
  token: string | null;
  signingSecret: string;
}

/** Where streams are kept (auditStreamRepository). */
export interface AuditStreamRepository {
  list(tenantId: string): Promise<AuditStreamDto[]>;
  create(tenantId: string, stream: NewAuditStream): Promise<AuditStreamDto>;
  /** Sets the state; a paused stream's queued records wait, a resumed one's are due at once. */
  setState(tenantId: string, id: string, state: AuditStreamState): Promise<AuditStreamDto | null>;
  /** Removes the stream, its queue and its log. */
  remove(tenantId: string, id: string): Promise<boolean>;
  deliveries(tenantId: string, id: string, offset: number, count: number): Promise<AuditStreamDeliveries>;
  /** Queues the account's records created at or after `from` (at most `limit`); answers how many. */
  backfill(tenantId: string, id: string, from: Date, limit: number): Promise<number>;
}

/** A row of `audit_streams` (server/storage/schema/audit-streams.ts). */
export const auditStreamsTable = table(
  'audit_streams',
  {
    id: col.uuid,
    tenantId: col.uuid,
    name: col.text(),
    url: col.text(),
    format: col.text<AuditStreamFormat>(),
    /** The token and the signing secret, sealed by the store's sealer, bound to the stream (STREAM_SEALS). */
    tokenSealed: nullable(col.text()),
    secretSealed: col.text(),
    state: col.text<AuditStreamState>(),
    /** The first failure since the last success. */
    failingSince: nullable(col.timestamptz),
    /** When the security centre's alert was raised. */
    alertedAt: nullable(col.timestamptz),
    lastDeliveredAt: nullable(col.timestamptz),
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
  },
  () => [[auditStreamLogsTable, 'streamId']],
);
type AuditStreamRow = RowOf<typeof auditStreamsTable>;

/** A row of `audit_stream_logs`: one attempt to deliver a record, what the receiver answered. */
export const auditStreamLogsTable = table('audit_stream_logs', {
  id: col.uuid,
  streamId: col.uuid,
  /** The queued row it was (the server's outbox). */
  deliveryId: col.uuid,
  /** The audit record's id. */
  eventId: col.uuid,
  attempt: col.int,
  /** The receiver's status; 0 when it could not be reached. */
  statusCode: col.int,
  ok: col.bool,
  response: col.text(),
  durationMs: col.int,
  createdAt: col.timestamptz,
});
type AuditStreamLogRow = RowOf<typeof auditStreamLogsTable>;

/**
 * One page of the stream's attempts, newest first, and how many there are (`sent`: whether they
 * were sent; demo mode's were only recorded).
 */
export async function streamAttempts(
  tables: Tables,
  streamId: string,
  offset: number,
  count: number,
  sent: boolean,
): Promise<{ items: AuditStreamAttempt[]; total: number; rows: AuditStreamLogRow[] }> {
  const logs = tables.of(auditStreamLogsTable);
  const [rows, total] = await Promise.all([
    logs.rows({
      where: { streamId },
      orderBy: [
        { by: 'createdAt', desc: true },
        { by: 'id', desc: true },
      ],
      offset,
      limit: count,
    }),
    logs.count({ where: { streamId } }),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    attempt: r.attempt,
    status: r.statusCode,
    ok: r.ok,
    response: r.response,
    durationMs: r.durationMs,
    sent,
    createdAt: r.createdAt,
  }));
  return { items, total, rows };
}

/** What a stream's sealed token and secret are bound to. */
export const STREAM_SEALS = {
  token: (id: string) => `audit-stream-token:${id}`,
  secret: (id: string) => `audit-stream-secret:${id}`,
};

/** What the store cannot do over tables: the delivery queue (the server's outbox) and the attempts' log. */
export interface AuditStreamQueue {
  /** A paused stream's waiting records are held; a resumed one's held records are due at once. */
  follow(streamId: string, state: AuditStreamState): Promise<void>;
  /** Drops the stream's queue. */
  drop(streamId: string): Promise<void>;
  deliveries(streamId: string, offset: number, count: number): Promise<AuditStreamDeliveries>;
  /** Queues the account's records created at or after `from` (at most `limit`) for its stream; answers how many. */
  backfill(tenantId: string, streamId: string, from: Date, limit: number): Promise<number>;
}

/** The streams' storage: their table and the queue, a transaction's both at once. */
export interface AuditStreamStore {
  tables: Tables;
  queue: AuditStreamQueue;
  /** Runs `fn` in one transaction, with that transaction's store. */
  transaction<T>(fn: (store: AuditStreamStore) => Promise<T>): Promise<T>;
}

const streamDto = (row: AuditStreamRow): AuditStreamDto => ({
  id: row.id,
  name: row.name,
  url: row.url,
  format: row.format,
  state: row.state,
  hasToken: row.tokenSealed !== null,
  failingSince: row.failingSince,
  alertedAt: row.alertedAt,
  lastDeliveredAt: row.lastDeliveredAt,
  createdAt: row.createdAt,
});

/**
 * The streams' repository over `store`: a new stream's id is `newId()`, its token and secret kept
 * as `seal` makes them (the server seals them at rest), times are `now()`.
 */
export function auditStreamRepository(
  store: AuditStreamStore,
  seal: (plain: string, boundTo: string) => string,
  newId: () => string,
  now: () => number,
): AuditStreamRepository {
  const streams = (tables: Tables) => tables.of(auditStreamsTable);
  return {
    list: async (tenantId) =>
      (
        await streams(store.tables).rows({
          where: { tenantId },
          orderBy: [{ by: 'createdAt' }, { by: 'id' }],
        })
      ).map(streamDto),
    async create(tenantId, { name, url, format, token, signingSecret }) {
      const [id, at] = [newId(), stamp(now())];
      const row = await streams(store.tables).insert({
        id,
        tenantId,
        name,
        url,
        format,
        tokenSealed: token === null ? null : seal(token, STREAM_SEALS.token(id)),
        secretSealed: seal(signingSecret, STREAM_SEALS.secret(id)),
        state: 'active',
        failingSince: null,
        alertedAt: null,
        lastDeliveredAt: null,
        createdAt: at,
        updatedAt: at,
      });
      return streamDto(row);
    },
    // The stream's row and its queue change together: a pause and a resume at once leave both alike.
    setState: (tenantId, id, state) =>
      store.transaction(async (tx) => {
        const [row] = await streams(tx.tables).update({ tenantId, id }, { state, updatedAt: stamp(now()) });
        if (!row) return null;
        await tx.queue.follow(id, state);
        return streamDto(row);
      }),
    remove: (tenantId, id) =>
      store.transaction(async (tx) => {
        const [row] = await streams(tx.tables).remove({ tenantId, id });
        if (row) await tx.queue.drop(id);
        return !!row;
      }),
    deliveries: (_tenantId, id, offset, count) => store.queue.deliveries(id, offset, count),
    backfill: (tenantId, id, from, limit) => store.queue.backfill(tenantId, id, from, limit),
  };
}

export interface AuditStreamPorts {
  streams: AuditStreamRepository;
  /** Plain http to this machine is allowed (tests and development). */
  allowLoopbackHttp: boolean;
  /** The outbound-address check webhooks apply (the server resolves the name; the demo cannot). */
  checkAddress(url: URL): Promise<void>;
  newSigningSecret(): string;
  now(): number;
}

/** What the ports take of a backend beyond its store (audit streams' `auditStreamPorts`). */
interface AuditStreamExtras {
  /** Seals a secret at rest, bound to what it belongs to (the server's SecretBox; the demo keeps none). */
  seal(plain: string, boundTo: string): string;
  allowLoopbackHttp: boolean;
  checkAddress(url: URL): Promise<void>;
}

/**
 * What a backend gives audit streams (the platform's `auditStreams`, core/domain/platform.ts): the
 * delivery queue over a store's tables, and the extras but the seal (the platform's own).
 */
export interface AuditStreamBackend extends Omit<AuditStreamExtras, 'seal'> {
  queue(tables: Tables): AuditStreamQueue;
}

/**
 * The audit streams' ports, assembled once for the server and demo mode: the repository over
 * `store`, new ids and times from `clock`, the rest the backend's `extras`. An id that is not a
 * uuid names no stream (404, rather than the server's database refusing to read it); the signing
 * secret is a webhook's (`whsec_`, core/domain/connectivity.ts): the streams are signed as webhooks are.
 */
export function auditStreamPorts(
  store: AuditStreamStore,
  clock: RowClock,
  extras: AuditStreamExtras,
): AuditStreamPorts {
  const streams = auditStreamRepository(store, extras.seal, clock.newId, clock.now);
  return {
    streams: {
      ...streams,
      setState: async (tenantId, id, state) => (isUuid(id) ? streams.setState(tenantId, id, state) : null),
      remove: async (tenantId, id) => (isUuid(id) ? streams.remove(tenantId, id) : false),
    },
    allowLoopbackHttp: extras.allowLoopbackHttp,
    checkAddress: (url) => extras.checkAddress(url),
    newSigningSecret: newWebhookSecret,
    now: () => clock.now(),
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The address rule: https, or http to this machine where allowed; no credentials in the address. */
export function streamAddress(raw: string, allowLoopbackHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw contractError('URL_INVALID');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw contractError('URL_INVALID');
  if (url.username || url.password) throw contractError('URL_INVALID');
  if (url.protocol === 'http:' && !(allowLoopbackHttp && LOOPBACK.test(url.hostname)))
    throw contractError('AUDIT_STREAM_HTTPS_REQUIRED');
  return url;
}

/** The SIEM collectors authenticate with their token: those formats need one. */
const TOKEN_REQUIRED: Record<AuditStreamFormat, boolean> = {
  json: false,
  'splunk-hec': true,
  datadog: true,
};

export const listStreams = (ports: AuditStreamPorts, tenantId: string) => ports.streams.list(tenantId);

/** Adds a stream; answers it with its signing secret (the only time the secret is answered). */
export async function createStream(
  ports: AuditStreamPorts,
  tenantId: string,
  input: { name: string; url: string; format: AuditStreamFormat; token?: string | undefined },
): Promise<CreatedAuditStream> {
  const name = input.name.trim();
  if (!name) throw contractError('FIELD_REQUIRED', { field: 'name' });
  const url = streamAddress(input.url, ports.allowLoopbackHttp);
  const token = input.token?.trim() || null;
  if (TOKEN_REQUIRED[input.format] && !token)
    throw contractError('AUDIT_STREAM_TOKEN_REQUIRED', { format: input.format });
  if ((await ports.streams.list(tenantId)).length >= AUDIT_STREAM_LIMITS.perAccount)
    throw contractError('AUDIT_STREAM_LIMIT', { max: AUDIT_STREAM_LIMITS.perAccount });
  await ports.checkAddress(url);
  const signingSecret = ports.newSigningSecret();
  const stream = await ports.streams.create(tenantId, {
    name,
    url: url.toString(),
    format: input.format,
    token,
    signingSecret,
  });
  return { ...stream, signingSecret };
}

/** Pauses or resumes; doing it twice is not an error. */
export async function setStreamState(
  ports: AuditStreamPorts,
  tenantId: string,
  id: string,
  state: AuditStreamState,
): Promise<AuditStreamDto> {
  const stream = await ports.streams.setState(tenantId, id, state);
  if (!stream) throw contractError('AUDIT_STREAM_NOT_FOUND');
  return stream;
}

export async function deleteStream(ports: AuditStreamPorts, tenantId: string, id: string): Promise<void> {
  if (!(await ports.streams.remove(tenantId, id))) throw contractError('AUDIT_STREAM_NOT_FOUND');
}

/** Refuses (AUDIT_STREAM_NOT_FOUND) an id that is not one of the account's streams. */
async function assertStream(ports: AuditStreamPorts, tenantId: string, id: string): Promise<void> {
  if (!(await ports.streams.list(tenantId)).some((s) => s.id === id))
    throw contractError('AUDIT_STREAM_NOT_FOUND');
}

export async function streamDeliveries(
  ports: AuditStreamPorts,
  tenantId: string,
  id: string,
  query: { offset?: string | undefined; count?: string | undefined },
): Promise<AuditStreamDeliveries> {
  await assertStream(ports, tenantId, id);
  const count = Math.min(AUDIT_STREAM_LIMITS.logPage, Math.max(1, Number(query.count ?? 20)));
  return ports.streams.deliveries(tenantId, id, Number(query.offset ?? 0), count);
}

/** The back-fill date: YYYY-MM-DD or a full ISO time, in the past. */
export function backfillStart(raw: string, now: number): Date {
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(raw) ? new Date(raw) : null;
  if (!date || Number.isNaN(date.getTime()) || date.getTime() > now)
    throw contractError('AUDIT_STREAM_BACKFILL_DATE');
  return date;
}

export async function backfillStream(
  ports: AuditStreamPorts,
  tenantId: string,
  id: string,
  from: string,
): Promise<{ queued: number }> {
  const start = backfillStart(from, ports.now());
  await assertStream(ports, tenantId, id);
  return { queued: await ports.streams.backfill(tenantId, id, start, AUDIT_STREAM_LIMITS.backfill) };
}
