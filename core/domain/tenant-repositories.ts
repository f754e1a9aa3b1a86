/**
 * What reads and writes the accounts' own columns (core/domain/tenant-tables.ts), written once over
 * `Tables` for both backends: an account's settings (core/domain/account-settings.ts), its custom
 * login (custom-login.ts), and the sub-accounts' renames, deletes and creation (sub-accounts.ts,
 * sub-account-create.ts). The memberships of the sub-accounts are core/domain/sub-account-store.ts.
 */
import type { AccountSettings } from '../api/accountSettings';
import type { AccountSettingsRepository } from './account-settings';
import type { CustomLogin, CustomLoginRepository } from './custom-login';
import type { SubAccountsRepository, TenantType } from './sub-accounts';
import type { SubAccountCreationRepository } from './sub-account-create';
import { subAccountItem, type SubAccountListsRepository } from './sub-account-lists';
import { oneOf, type RowClock, sameText, stamp, type Tables, type Where } from './tables';
import { newTenantRow, TENANTS, type TenantRow } from './tenant-tables';

const settingsOf = (row: TenantRow): AccountSettings => ({
  tenantId: row.id,
  name: row.name,
  address: row.address,
  website: row.website,
  timezone: row.timezone,
  currency: row.currency,
  dateFormat: row.dateFormat,
  timeFormat: row.timeFormat,
  logo: row.logo,
  metadata: JSON.stringify(row.metadata ?? {}),
  locale: row.locale ?? null,
  hasCustomLogin: row.customLoginEnabled && row.loginAlias !== null,
});

/** An account's settings on its row (a deleted account has none). */
export function accountSettingsOver(tables: Tables, clock: Pick<RowClock, 'now'>): AccountSettingsRepository {
  const live = (tenantId: string) => ({ id: tenantId, deletedAt: null });
  return {
    get: async (tenantId) => {
      const row = await tables.of(TENANTS).row(live(tenantId));
      return row && settingsOf(row);
    },
    async update(tenantId, { name, address, website, timezone, currency, dateFormat, timeFormat, ...rest }) {
      // Sent fields only: null clears an optional one; the currency and formats are never null.
      const changes: Partial<TenantRow> = {
        ...given({ name, address, website, timezone, logo: rest.logo, locale: rest.locale }),
        ...(currency !== undefined ? { currency: currency ?? 'USD' } : {}),
        ...(dateFormat ? { dateFormat } : {}),
        ...(timeFormat ? { timeFormat } : {}),
        ...(rest.metadata ? { metadata: JSON.parse(rest.metadata) as Record<string, unknown> } : {}),
        updatedAt: stamp(clock.now()),
      };
      const [row] = await tables.of(TENANTS).update(live(tenantId), changes);
      return row ? settingsOf(row) : null;
    },
  };
}

/** The fields of `values` that are not undefined. */
const given = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

const customLoginOf = (row: TenantRow): CustomLogin => ({
  enabled: row.customLoginEnabled,
  loginAlias: row.loginAlias,
});

/** Whether an account of `vendorId` other than `tenantId` has `alias` (any case). */
const aliasOfAnother = async (tables: Tables, vendorId: string, tenantId: string, alias: string) =>
  (
    await tables.of(TENANTS).rows({ where: { vendorId, loginAlias: sameText(alias) as never }, limit: 2 })
  ).some((r) => r.id !== tenantId);

/**
 * An account's custom login on its row. An alias is one account's per vendor, in any case (the
 * schema's unique index): a save checks it again under a lock held by every alias writer.
 */
export function customLoginsOver(tables: Tables, clock: Pick<RowClock, 'now'>): CustomLoginRepository {
  return {
    read: async (tenantId) => {
      const row = await tables.of(TENANTS).row({ id: tenantId });
      return row && customLoginOf(row);
    },
    async aliasTaken(tenantId, alias) {
      const row = await tables.of(TENANTS).row({ id: tenantId });
      return !!row && aliasOfAnother(tables, row.vendorId, tenantId, alias);
    },
    save: (tenantId, { enabled, loginAlias }) =>
      tables.transaction(async (tx) => {
        const row = await tx.of(TENANTS).row({ id: tenantId });
        if (!row) return null;
        await tx.lock(`tenants.login_alias:${row.vendorId}`);
        if (loginAlias && (await aliasOfAnother(tx, row.vendorId, tenantId, loginAlias))) return 'taken';
        const changes = { loginAlias, customLoginEnabled: enabled, updatedAt: stamp(clock.now()) };
        const [saved] = await tx.of(TENANTS).update({ id: tenantId }, changes);
        return saved ? customLoginOf(saved) : null;
      }),
  };
}

/**
 * The sub-accounts' own rows: a rename (the type kept unless given), a delete (the accounts below
 * and the rows of the account go with it: the schema's cascades) and a new account below a parent,
 * with the id given (taken: null) or a new one.
 */
export function subAccountRowsOver(tables: Tables, clock: RowClock) {
  return {
    async rename(tenantId: string, name: string, tenantType: TenantType | undefined) {
      const changes = { name, ...(tenantType ? { tenantType } : {}), updatedAt: stamp(clock.now()) };
      const [row] = await tables.of(TENANTS).update({ id: tenantId }, changes);
      return row?.tenantType ?? null;
    },
    async remove(tenantId: string) {
      await tables.of(TENANTS).remove({ id: tenantId });
    },
    insert: (({ parentId, name, tenantId, tenantType }) =>
      tables.transaction(async (tx) => {
        const id = tenantId ?? clock.newId();
        await tx.lock(`tenants:${id}`);
        const parent = await tx.of(TENANTS).row({ id: parentId });
        if (!parent || (await tx.of(TENANTS).row({ id }))) return null;
        const row = await tx.of(TENANTS).insert(
          newTenantRow({
            id,
            vendorId: parent.vendorId,
            name,
            parentTenantId: parentId,
            tenantType,
            createdAt: stamp(clock.now()),
          }),
        );
        return subAccountItem(row, 0, 0);
      })) satisfies SubAccountCreationRepository['insert'],
  };
}

const SORT_FIELDS = { name: 'name', createdAt: 'createdAt', tenantId: 'id' } as const;

/**
 * A page of the sub-accounts search (core/domain/sub-account-lists.ts): the children of the parent,
 * or with a filter every account below the root whose name contains it; sorted as asked, then by
 * id; each with its members (`memberCounts`) and its live sub-accounts counted.
 */
export function subAccountSearchOver(
  tables: Tables,
  repo: Pick<SubAccountsRepository, 'treeOf' | 'memberCounts'>,
): SubAccountListsRepository['search'] {
  return async ({ rootId, parentId, filter, offset, limit, sortBy, order }) => {
    const below = filter ? (await repo.treeOf(rootId)).filter((r) => r.level > 0).map((r) => r.tenantId) : [];
    const where: Where<TenantRow> = filter
      ? { id: oneOf(below) }
      : { parentTenantId: parentId ?? rootId, deletedAt: null };
    const search = { text: filter, fields: ['name' as const] };
    const sort = { by: SORT_FIELDS[sortBy], desc: order === 'DESC', caseless: sortBy === 'name' };
    const accounts = tables.of(TENANTS);
    const rows = await accounts.rows({ where, search, orderBy: [sort, { by: 'id' }], offset, limit });
    const ids = rows.map((r) => r.id);
    const [totalItems, members, children] = await Promise.all([
      accounts.count({ where, search }),
      ids.length ? repo.memberCounts(ids) : [],
      accounts.rows({ where: { parentTenantId: oneOf(ids), deletedAt: null } }),
    ]);
    const items = rows.map((row) =>
      subAccountItem(
        row,
        members.find((m) => m.tenantId === row.id)?.total ?? 0,
        children.filter((c) => c.parentTenantId === row.id).length,
      ),
    );
    return { items, totalItems };
  };
}
