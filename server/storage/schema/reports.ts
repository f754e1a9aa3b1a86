/**
 * Schema for reports and notifications (issue 28 item 4; core/domain/reports.ts and
 * core/domain/notifications.ts): each account's schedule of a built-in report template, and each
 * member's notifications in an account.
 */
/** Migration 34. */
export const REPORTS_NOTIFICATIONS_STATEMENTS = [
  `CREATE TABLE tenant_report_schedules (
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    template_id text NOT NULL,
    schedule jsonb NOT NULL,
    status text NOT NULL,
    data_filters jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, template_id)
  )`,
  `CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    severity text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
    url text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'unread' CHECK (status IN ('read', 'unread', 'archived')),
    is_pinned boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    seq bigserial
  )`,
  `CREATE INDEX notifications_member_idx ON notifications (user_id, tenant_id, created_at DESC)`,
];
