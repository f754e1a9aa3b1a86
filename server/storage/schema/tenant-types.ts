/**
 * s33-a: an account's type (the client SDK's TenantType: customer, spam, test, reseller,
 * headquarter), NULL when none was given. The values are the contract's (core/domain/sub-accounts.ts
 * TENANT_TYPES); the check keeps the column to them.
 */
export const TENANT_TYPE_STATEMENTS = [
  `ALTER TABLE tenants ADD COLUMN tenant_type text
     CHECK (tenant_type IN ('customer', 'spam', 'test', 'reseller', 'headquarter'))`,
];
