/**
 * s33-a (issue 28 items 11 and 12). An account's type (the client SDK's TenantType: customer, spam, test, reseller,
 * headquarter), NULL when none was given. The values are the contract's (core/domain/sub-accounts.ts
 * TENANT_TYPES); the check keeps the column to them.
 */
export const TENANT_TYPE_CUSTOM_DATA_STATEMENTS = [
  `ALTER TABLE tenants ADD COLUMN tenant_type text
     CHECK (tenant_type IN ('customer', 'spam', 'test', 'reseller', 'headquarter'))`,
  // A user's customData (the client SDK's ITeamUser.customData; core/domain/custom-data.ts): NULL when none.
  `ALTER TABLE users ADD COLUMN custom_data jsonb`,
];
