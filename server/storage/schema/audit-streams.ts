/**
 * Schema for audit-log streaming (issue 28 item 16; migration 33). A stream's queue is
 * the connectivity outbox (connectivity_deliveries, channel 'audit_stream', target_id the stream):
 * a trigger on audits queues each new record for every stream of its account in the same
 * statement, so a record written is a record queued, whatever process writes it. The worker
 * (server/domain/connectivity-worker.ts) claims the rows with its leases and hands them to
 * server/domain/audit-stream-delivery.ts.
 */
export const AUDIT_STREAM_STATEMENTS = [
  // token_sealed and secret_sealed: sealed with the server's SecretBox, bound to the stream's id.
  // failing_since: the first failure since the last success; alerted_at: the security centre's alert.
  `CREATE TABLE audit_streams (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    name text NOT NULL,
    url text NOT NULL,
    format text NOT NULL CHECK (format IN ('json', 'splunk-hec', 'datadog')),
    token_sealed text,
    secret_sealed text NOT NULL,
    state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused')),
    failing_since timestamptz,
    alerted_at timestamptz,
    last_delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX audit_streams_tenant_idx ON audit_streams (tenant_id, created_at)`,
  // One row per attempt: what the receiver answered (never the token or the body's signature).
  `CREATE TABLE audit_stream_logs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    stream_id uuid NOT NULL REFERENCES audit_streams(id) ON DELETE CASCADE,
    delivery_id uuid NOT NULL,
    event_id uuid NOT NULL,
    attempt integer NOT NULL,
    status_code integer NOT NULL,
    ok boolean NOT NULL,
    response text NOT NULL,
    duration_ms integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX audit_stream_logs_stream_idx ON audit_stream_logs (stream_id, created_at DESC, id DESC)`,
  `ALTER TABLE connectivity_deliveries DROP CONSTRAINT connectivity_deliveries_channel_check`,
  `ALTER TABLE connectivity_deliveries ADD CONSTRAINT connectivity_deliveries_channel_check
     CHECK (channel IN ('webhook', 'email', 'sms', 'slack', 'audit_stream'))`,
  // A record is queued once per stream while it waits: a back-fill over queued records adds none.
  `CREATE UNIQUE INDEX connectivity_deliveries_audit_stream_once ON connectivity_deliveries (target_id, event_id)
     WHERE channel = 'audit_stream' AND state = 'pending'`,
  `CREATE INDEX connectivity_deliveries_target_idx ON connectivity_deliveries (target_id, state)`,
  // A paused stream's records wait (next_attempt_at infinity) until it is resumed.
  `CREATE FUNCTION audit_streams_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload, next_attempt_at)
     SELECT s.tenant_id, NEW.id, 'audit_stream', s.id, 'audit.' || NEW.resource, to_jsonb(NEW),
            CASE WHEN s.state = 'paused' THEN 'infinity'::timestamptz ELSE now() END
       FROM audit_streams s WHERE s.tenant_id = NEW.tenant_id
     ON CONFLICT DO NOTHING;
     RETURN NEW;
   END
   $$`,
  `CREATE TRIGGER audits_stream_enqueue AFTER INSERT ON audits
     FOR EACH ROW WHEN (NEW.tenant_id IS NOT NULL) EXECUTE FUNCTION audit_streams_enqueue()`,
];
