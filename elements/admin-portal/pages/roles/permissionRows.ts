/**
 * The permission catalogue of the roles page as rows: by category, each permission with the roles
 * that hold it. Pure, so it is unit-tested without React (permissionRows.test.ts).
 */
import type { Permission, PermissionCategory, Role } from '../../../../core/portal/rolesApi';
import { grantsPermission, holdsPermission } from '../../../../core/contract/permissions';
import { portalAdmin } from '../../../i18n/portalAdmin.en';

const t = portalAdmin.roles;

export interface Catalogue {
  permissions: Permission[];
  categories: PermissionCategory[];
}

/** Permissions grouped by category (in the categories' order), uncategorised ones last. */
export function groupByCategory(
  catalogue: Catalogue,
): Array<{ id: string; name: string; permissions: Permission[] }> {
  const byId = new Map(catalogue.permissions.map((p) => [p.id, p]));
  const placed = new Set<string>();
  const groups = catalogue.categories
    .map((c) => {
      const permissions = c.permissionIds.map((id) => byId.get(id)).filter((p): p is Permission => !!p);
      permissions.forEach((p) => placed.add(p.id));
      return { id: c.id, name: c.name, permissions };
    })
    .filter((g) => g.permissions.length > 0);
  const rest = catalogue.permissions.filter((p) => !placed.has(p.id));
  return rest.length ? [...groups, { id: 'other', name: t.uncategorised, permissions: rest }] : groups;
}

export interface CatalogueRow extends Permission {
  category: string;
  /** The roles that hold it: directly, or through a wildcard such as `fe.*`. */
  holders: Array<{ role: Role; through: string | null }>;
}

/**
 * Which roles hold each permission, by key: a role holds `fe.secure.read.users` when it has that
 * permission or a wildcard covering it (the Admin role's `fe.*` holds every permission).
 */
export function catalogueRows(catalogue: Catalogue & { roles: Role[] }): CatalogueRow[] {
  const keyOf = new Map(catalogue.permissions.map((p) => [p.id, p.key]));
  const heldKeys = catalogue.roles.map((role) => ({
    role,
    keys: role.permissions.map((id) => keyOf.get(id) ?? id),
  }));
  return groupByCategory(catalogue).flatMap((group) =>
    group.permissions.map((permission) => ({
      ...permission,
      category: group.name,
      holders: heldKeys
        .filter(({ keys }) => holdsPermission(keys, permission.key))
        .map(({ role, keys }) => ({
          role,
          through: keys.includes(permission.key)
            ? null
            : (keys.find((k) => grantsPermission(k, permission.key)) ?? null),
        })),
    })),
  );
}
