/**
 * What the users and groups pages say of a member or group a SCIM connection provisions
 * (`managedBy: 'scim2'`, spec 001 §3): a badge, and why it is changed in the identity provider
 * (the same words as the server's refusals, SCIM_MANAGED_USER / _GROUP of core/contract/errors-integrations.ts,
 * not imported so the pages do not carry the catalogue).
 */
export const MANAGED_BY_SCIM = 'SCIM';
/** The users page's status of a member the identity provider deactivated (`active: false`). */
export const SCIM_DEACTIVATED = 'Deactivated';
export const SCIM_MANAGED_USER =
  'This user is managed by SCIM provisioning: change them in your identity provider';
export const SCIM_MANAGED_GROUP =
  'This group is managed by SCIM provisioning: change it in your identity provider';
