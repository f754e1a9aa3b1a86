/**
 * Schema for connectivity (issue 16; spec 001 §3 "Connectivity"): a tenant's webhooks (the signing
 * secret sealed with the server's SecretBox, never stored in clear), its email and SMS
 * subscriptions per event key, its Slack channels (incoming-webhook URLs, sealed: the URL is the
 * credential) and subscriptions, and the durable delivery outbox that the worker in every server
 * process drains (server/domain/connectivity-worker.ts). Appended to the migrations as one numbered
 * migration.
 */
export const CONNECTIVITY_STATEMENTS = [
  `CREATE TABLE webhooks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    display_name text NOT NULL,
    description text NOT NULL DEFAULT '',
    url text NOT NULL,
    secret_sealed text,
    event_keys text[] NOT NULL DEFAULT '{}',
    is_active boolean NOT NULL DEFAULT true,
    invocations integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX webhooks_tenant_idx ON webhooks (tenant_id)`,
  // Email and SMS per event key: the event's switch (enabled) and its subscriptions (recipients).
  `CREATE TABLE notification_configs (
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    channel text NOT NULL CHECK (channel IN ('email', 'sms')),
    event_key text NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, channel, event_key)
  )`,
  `CREATE TABLE notification_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL,
    channel text NOT NULL,
    event_key text NOT NULL,
    name text NOT NULL DEFAULT '',
    enabled boolean NOT NULL DEFAULT true,
    recipients text[] NOT NULL CHECK (cardinality(recipients) > 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, channel, event_key)
      REFERENCES notification_configs (tenant_id, channel, event_key) ON DELETE CASCADE
  )`,
  `CREATE TABLE slack_channels (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    name text NOT NULL,
    url_sealed text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // slack_events: [{ eventKey, channelIds, title?, message? }] as the client sends it (validated).
  `CREATE TABLE slack_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    is_active boolean NOT NULL DEFAULT true,
    slack_events jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The outbox: one row per event and target, written in the same statement as the event (and in
  // the caller's transaction when there is one). A worker claims rows with FOR UPDATE SKIP LOCKED
  // and a lease (lease_until): a process killed mid-delivery leaves a lease that expires, and
  // another process (or the same one restarted) takes the row again.
  `CREATE TABLE connectivity_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    event_id uuid NOT NULL,
    channel text NOT NULL CHECK (channel IN ('webhook', 'email', 'sms', 'slack')),
    target_id uuid NOT NULL,
    event_key text NOT NULL,
    payload jsonb NOT NULL,
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    lease_until timestamptz,
    last_status integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX connectivity_deliveries_due_idx ON connectivity_deliveries (next_attempt_at) WHERE state = 'pending'`,
  // One row per webhook attempt: what was sent, the status and the start of the answer.
  `CREATE TABLE webhook_logs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    tenant_id uuid NOT NULL,
    delivery_id uuid,
    event_key text NOT NULL,
    status_code integer NOT NULL,
    body text NOT NULL,
    response text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX webhook_logs_webhook_idx ON webhook_logs (webhook_id, created_at DESC)`,
];
