/**
 * The accounts' table, `tenants`, as the server's schema has it (migrations-001-004.ts and
 * server/storage/schema/{sub-accounts,admin-portal,back-office,user-account-fields}.ts), and the
 * account a login alias names (core/domain/login-alias.ts), for both backends. Declared apart from
 * the repositories over it (core/domain/tenant-repositories.ts): demo mode's sign-in page reads
 * the accounts and their aliases, and loads no back-office code.
 */
import type { TenantType } from './sub-accounts';
import {
  col,
  declaredTables,
  nullable,
  type RowOf,
  sameText,
  table,
  type Tables,
  type TableSpec,
} from './tables';

/**
 * The sub-accounts below an account, and every declared table of an account's rows (their
 * `tenant_id` cascades: server/storage/tables-schema.test.ts holds this to the schema). Read from
 * the tables declared so far, so that this module imports none of them.
 */
function tenantChildren(): Array<[TableSpec<unknown>, string]> {
  return declaredTables().flatMap((spec): Array<[TableSpec<unknown>, string]> => {
    if (spec.name === 'tenants') return [[spec, 'parentTenantId']];
    return Object.hasOwn(spec.columns, 'tenantId') && !KEPT.has(spec.name) ? [[spec, 'tenantId']] : [];
  });
}

/** Tables with a `tenant_id` the schema declares with no key to `tenants` (no cascade). */
const KEPT = new Set(['audits', 'notification_subscriptions', 'webhook_logs']);

/** An account; `parentTenantId` null: a top account of its vendor. */
export const TENANTS = table(
  'tenants',
  {
    id: col.uuid,
    vendorId: col.uuid,
    name: col.text(),
    parentTenantId: nullable(col.uuid),
    tenantType: nullable(col.text<TenantType>()),
    isReseller: col.bool,
    metadata: col.jsonb<Record<string, unknown>>(),
    loginAlias: nullable(col.text()),
    customLoginEnabled: col.bool,
    locale: nullable(col.text()),
    logo: nullable(col.text()),
    address: nullable(col.text()),
    website: nullable(col.text()),
    timezone: nullable(col.text()),
    currency: col.text(),
    dateFormat: col.text(),
    timeFormat: col.text(),
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
    deletedAt: nullable(col.timestamptz),
  },
  tenantChildren,
);
export type TenantRow = RowOf<typeof TENANTS>;

/** A new account's row: the schema's defaults for what is not given. */
export const newTenantRow = (
  account: Pick<TenantRow, 'id' | 'vendorId' | 'name' | 'createdAt'> & Partial<TenantRow>,
): TenantRow => ({
  parentTenantId: null,
  tenantType: null,
  isReseller: false,
  metadata: {},
  loginAlias: null,
  customLoginEnabled: false,
  locale: null,
  logo: null,
  address: null,
  website: null,
  timezone: null,
  currency: 'USD',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: 'HH:mm',
  updatedAt: account.createdAt,
  deletedAt: null,
  ...account,
});

/** The oldest account whose custom login is on at `alias` (lower case), or null. */
export async function accountOfAliasIn(tables: Tables, alias: string): Promise<string | null> {
  const where = { loginAlias: sameText(alias) as never, customLoginEnabled: true };
  return (await tables.of(TENANTS).row(where, [{ by: 'createdAt' }]))?.id ?? null;
}
