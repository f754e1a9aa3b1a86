/** The role dialog's rules, the same as the reference server's schema (server/routes/roles.ts). */
export interface RoleForm {
  name: string;
  key: string;
  description: string;
}
export type RoleFormErrors = Partial<
  Record<keyof RoleForm, 'nameRequired' | 'keyRequired' | 'keyInvalid' | 'tooLong'>
>;

const ROLE_KEY_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A key suggested from the name while the user has not typed one: lower case, dashes. */
export function roleKeyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

export function validateRoleForm(form: RoleForm): RoleFormErrors {
  const errors: RoleFormErrors = {};
  if (!form.name.trim()) errors.name = 'nameRequired';
  else if (form.name.trim().length > 100) errors.name = 'tooLong';
  if (!form.key) errors.key = 'keyRequired';
  else if (form.key.length > 100) errors.key = 'tooLong';
  else if (!ROLE_KEY_PATTERN.test(form.key)) errors.key = 'keyInvalid';
  if (form.description.trim().length > 500) errors.description = 'tooLong';
  return errors;
}
