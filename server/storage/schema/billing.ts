/**
 * Schema for billing (issue 17, spec 001 §3 "Billing"): the vendor's plans, one subscription per
 * tenant, payment methods (brand, last 4 digits, expiry and billing details: never a card number),
 * invoices (amounts in cents), each tenant's payment-provider configuration (its customer id at the
 * provider), and the idempotency records of payment calls. Appended as one numbered migration.
 *
 * The starting catalogue is core/domain/billing-plans.ts's `catalogueRows` (demo mode's plans too),
 * written out as the statement it always was (the text is unchanged).
 */
import { catalogueRows } from '../../../core/domain/billing-plans';

export const BILLING_STATEMENTS = [
  // Plans are the vendor's: the migration writes a starting catalogue (Free, Pro, Business) that
  // the vendor edits in this table. `features` are feature keys (table `features`): a tenant on the
  // plan holds them (entitlements). The default plan is where a trial ends (change_to_default).
  `CREATE TABLE billing_plans (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug text NOT NULL UNIQUE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    amount integer NOT NULL CHECK (amount >= 0),
    currency text NOT NULL DEFAULT 'usd',
    features text[] NOT NULL DEFAULT '{}',
    is_default boolean NOT NULL DEFAULT false,
    position integer NOT NULL DEFAULT 0,
    external_id text,
    external_price_id text
  )`,
  `CREATE UNIQUE INDEX billing_plans_one_default ON billing_plans (is_default) WHERE is_default`,
  `INSERT INTO billing_plans (slug, name, description, amount, features, is_default, position) VALUES
${catalogueRows()
  .map(
    (p) =>
      `    ('${p.slug}', '${p.name}', '${p.description}', ${p.amount}, '{${p.features.join(',')}}', ${p.isDefault}, ${p.position})`,
  )
  .join(',\n')}`,
  `INSERT INTO features (key, name) VALUES ('sso', 'Single sign-on'), ('audits', 'Audit logs'),
    ('scim', 'SCIM provisioning'), ('priority-support', 'Priority support') ON CONFLICT (key) DO NOTHING`,
  // The tenant's configuration at the payment provider (ITenantConfigurationResponse): the customer
  // id there (mapping_id) and whether billing is managed outside the portal.
  `CREATE TABLE billing_tenant_configurations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL UNIQUE REFERENCES tenants(id) ON DELETE CASCADE,
    provider_type text NOT NULL DEFAULT 'Stripe',
    externally_managed boolean NOT NULL DEFAULT false,
    mapping_id text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE billing_payment_methods (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    external_id text NOT NULL,
    type text NOT NULL DEFAULT 'card' CHECK (type IN ('card', 'unknown')),
    brand text NOT NULL DEFAULT '',
    last4 text NOT NULL DEFAULT '' CHECK (last4 ~ '^[0-9]{0,4}$'),
    exp_month integer NOT NULL DEFAULT 0,
    exp_year integer NOT NULL DEFAULT 0,
    is_default boolean NOT NULL DEFAULT false,
    billing_name text NOT NULL DEFAULT '',
    billing_email text,
    billing_address jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- A setup waiting for the card (the setup intent), then 'succeeded' or 'requires_confirmation'.
    setup_status text NOT NULL DEFAULT 'pending' CHECK (setup_status IN ('pending', 'requires_confirmation', 'succeeded')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX billing_payment_methods_tenant ON billing_payment_methods (tenant_id)`,
  `CREATE TABLE billing_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL UNIQUE REFERENCES tenants(id) ON DELETE CASCADE,
    plan_id uuid NOT NULL REFERENCES billing_plans(id),
    external_id text NOT NULL DEFAULT '',
    status text NOT NULL CHECK (status IN ('active', 'canceled', 'incomplete', 'expired', 'trialing', 'trialEnded')),
    start_date timestamptz NOT NULL DEFAULT now(),
    current_period_start timestamptz NOT NULL,
    current_period_end timestamptz NOT NULL,
    trial_end timestamptz,
    cancellation_policy text CHECK (cancellation_policy IN ('atPeriodEnd')),
    payment_method_id uuid REFERENCES billing_payment_methods(id) ON DELETE SET NULL,
    -- Bumped by every change: part of the default idempotency key of a payment call.
    version integer NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // One row per charge: the idempotency key is unique, so a retried call finds the charge it made.
  `CREATE TABLE billing_invoices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    subscription_id uuid NOT NULL REFERENCES billing_subscriptions(id) ON DELETE CASCADE,
    plan_id uuid NOT NULL REFERENCES billing_plans(id),
    external_id text NOT NULL DEFAULT '',
    receipt_number text NOT NULL UNIQUE,
    total_amount integer NOT NULL CHECK (total_amount >= 0),
    currency text NOT NULL DEFAULT 'usd',
    paid boolean NOT NULL DEFAULT false,
    payment_date timestamptz NOT NULL DEFAULT now(),
    period_start timestamptz NOT NULL,
    period_end timestamptz NOT NULL,
    card_brand text NOT NULL DEFAULT '',
    card_last4 text NOT NULL DEFAULT '',
    idempotency_key text NOT NULL UNIQUE
  )`,
  `CREATE INDEX billing_invoices_tenant ON billing_invoices (tenant_id, payment_date DESC)`,
  `CREATE SEQUENCE billing_receipt_numbers START 1001`,
  // The development provider's own ledger (what a processor keeps): each charge once per key.
  `CREATE TABLE billing_dev_charges (
    idempotency_key text PRIMARY KEY,
    payment_method text NOT NULL,
    amount integer NOT NULL,
    currency text NOT NULL,
    outcome text NOT NULL,
    charge_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The vendor's billing switches (IVendorPublicConfigurationResponse; spec 001 §9: both true).
  `ALTER TABLE vendors ADD COLUMN allow_plan_downgrade boolean NOT NULL DEFAULT true,
     ADD COLUMN allow_plan_cancellation boolean NOT NULL DEFAULT true`,
];
