/**
 * The permission catalogue and its categories: spec 001 §6's permission strings with their write
 * and delete companions. One list for the reference server's migration 8 and the demo backend.
 * Migration 8 builds its rows from this list: never edit or remove an entry (that would change a
 * shipped migration); new permissions go in with a new migration.
 */
export const PERMISSION_CATEGORIES: ReadonlyArray<readonly [key: string, name: string, description: string]> =
  [
    ['account', 'Account', 'Account details and settings'],
    ['team', 'Users and roles', 'Users, roles and groups of the account'],
    ['security', 'Security', 'Security policies, single sign-on and provisioning'],
    ['apiTokens', 'API tokens', 'Personal and account API tokens'],
    ['auditsAndConnectivity', 'Audits and connectivity', 'Audit logs, webhooks and usage'],
    ['billing', 'Subscriptions', 'Plans, invoices and payment methods'],
    ['hierarchy', 'Sub-accounts', 'Accounts under this one'],
    ['all', 'All permissions', 'Wildcards'],
  ];

const RESOURCES: ReadonlyArray<readonly [resource: string, label: string, category: string]> = [
  ['users', 'users', 'team'],
  ['roles', 'roles', 'team'],
  ['groups', 'groups', 'team'],
  ['userApiTokens', 'personal API tokens', 'apiTokens'],
  ['tenantApiTokens', 'account API tokens', 'apiTokens'],
  ['securityPolicy', 'security policies', 'security'],
  ['accountSettings', 'account settings', 'account'],
  ['samlConfiguration', 'single sign-on', 'security'],
  ['provisioningConfiguration', 'provisioning', 'security'],
];

const VERBS = [
  ['read', 'Read'],
  ['write', 'Change'],
  ['delete', 'Delete'],
] as const;

/** [key, name, category key] of every permission, in catalogue order. */
export const PERMISSION_CATALOGUE: ReadonlyArray<readonly [key: string, name: string, category: string]> = [
  ...RESOURCES.flatMap(([resource, label, category]) =>
    VERBS.map(
      ([verb, verbLabel]) => [`fe.secure.${verb}.${resource}`, `${verbLabel} ${label}`, category] as const,
    ),
  ),
  ['fe.secure.read.audits', 'Read audit logs', 'auditsAndConnectivity'],
  ['fe.connectivity.read.webhooks', 'Read webhooks', 'auditsAndConnectivity'],
  ['fe.connectivity.write.webhooks', 'Change webhooks', 'auditsAndConnectivity'],
  ['fe.usage.read', 'Read usage', 'auditsAndConnectivity'],
  ['fe.subscriptions.read', 'Read subscriptions', 'billing'],
  ['fe.subscriptions.write', 'Change subscriptions', 'billing'],
  ['fe.account-hierarchy.read.subAccount', 'Read sub-accounts', 'hierarchy'],
  ['fe.account-hierarchy.write.subAccount', 'Change sub-accounts', 'hierarchy'],
  ['fe.*', 'All permissions', 'all'],
];
