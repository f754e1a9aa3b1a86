/**
 * Schema for the audit log (issue 15, spec 001 §3 "Audit entry"): one row per security-relevant
 * event, written by the server (domain/audits.ts) and never changed. Appended to the migrations
 * list as one numbered migration.
 */
export const AUDIT_STATEMENTS = [
  // tenant_id NULL: an event that belongs to no account (a failed sign-in with an unknown email);
  // such rows are kept for the vendor and shown to no tenant. actor_* are copied, not referenced:
  // the record outlives the user. details never holds a secret (domain/audits.ts keeps an
  // allow-list of fields).
  `CREATE TABLE audits (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now(),
    tenant_id uuid,
    actor_user_id uuid,
    actor_email text,
    impersonator_email text,
    ip text,
    user_agent text,
    severity text NOT NULL CHECK (severity IN ('Info', 'Medium', 'High', 'Critical')),
    resource text NOT NULL,
    action text NOT NULL,
    description text NOT NULL,
    details jsonb NOT NULL DEFAULT '{}'::jsonb
  )`,
  // The page's queries: one account's records newest first (the default sort, and keyset pages for
  // the CSV export), the severe ones of the last week (stats), and the retention purge by age.
  `CREATE INDEX audits_tenant_time ON audits (tenant_id, created_at DESC, id DESC)`,
  `CREATE INDEX audits_tenant_severity_time ON audits (tenant_id, severity, created_at DESC)`,
  `CREATE INDEX audits_time ON audits (created_at)`,
  // Sorting by user, the table's other likely sort (the expression is domain/audits.ts's).
  `CREATE INDEX audits_tenant_email ON audits (tenant_id, (COALESCE(actor_email, '')), id)`,
  // The search box (domain/audits.ts `searchText`): "contains" over who, what and where, with a
  // trigram index so it stays fast on millions of records. pg_trgm ships with PostgreSQL (contrib,
  // a trusted extension since 13: the database owner may create it) and with PGlite.
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE INDEX audits_search ON audits USING gin (
     (lower(COALESCE(actor_email, '') || ' ' || action || ' ' || description || ' ' || COALESCE(ip, ''))) gin_trgm_ops)`,
  // Append-only: no UPDATE ever; DELETE only by the retention purge, which sets
  // audits.purge = 'on' for its own transaction (SET LOCAL). Anything else is refused by the
  // database itself, whatever the code above it does.
  `CREATE FUNCTION audits_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' AND current_setting('audits.purge', true) = 'on' THEN
       RETURN OLD;
     END IF;
     RAISE EXCEPTION 'audit records are append-only';
   END
   $$`,
  `CREATE TRIGGER audits_append_only BEFORE UPDATE OR DELETE ON audits
     FOR EACH ROW EXECUTE FUNCTION audits_append_only()`,
];
