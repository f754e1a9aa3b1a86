/**
 * Migration 25: the built-in roles told apart (core/portal/builtInRoles.ts). Migration 2 described
 * Read only and Viewer alike and left Editor without a permission. A description is replaced only
 * while it is still migration 2's (a vendor's own wording stays); Editor gains its permissions.
 */
import { BUILT_IN_ROLES } from '../../../core/portal/builtInRoles';

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Migration 2's descriptions, by key. */
const FIRST_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ReadOnly: 'Can read, cannot change',
  Editor: 'Can edit content',
  Viewer: 'Can view content',
};

export const BUILT_IN_ROLE_STATEMENTS: string[] = [
  ...BUILT_IN_ROLES.filter((role) => FIRST_DESCRIPTIONS[role.key]).map(
    (role) =>
      `UPDATE roles SET description = ${sqlText(role.description)}, updated_at = now()
        WHERE key = ${sqlText(role.key)} AND tenant_id IS NULL AND description = ${sqlText(FIRST_DESCRIPTIONS[role.key]!)}`,
  ),
  `INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r, permissions p
    WHERE r.key = 'Editor' AND r.tenant_id IS NULL
      AND p.key IN (${BUILT_IN_ROLES.find((r) => r.key === 'Editor')!
        .permissions.map(sqlText)
        .join(', ')})
    ON CONFLICT DO NOTHING`,
];
