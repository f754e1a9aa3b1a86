/**
 * Schema for issue 28's back office (migration 32): the vendor's trial end action (docs/billing.md), an account's logo
 * (a data URL, core/domain/account-settings.ts).
 */
export const BACK_OFFICE_STATEMENTS = [
  `ALTER TABLE vendors ADD COLUMN trial_end_action text NOT NULL DEFAULT 'change_to_default'
     CHECK (trial_end_action IN ('change_to_default', 'retain_trial'))`,
  `ALTER TABLE tenants ADD COLUMN logo text`,
];
