/**
 * Sub-accounts' request schemas (the handlers: core/domain/sub-account-handlers.ts, an area of
 * both backends: core/domain/back-office-areas.ts), by `METHOD path` as in
 * core/contract/requests.ts: the hierarchy search and metadata, sub-accounts, their members (per
 * account and the client SDK's calls across accounts), member counts and the tenant switch.
 */
import * as s from './schemas';

/** Query values arrive as strings: digits only. */
export const digits = (max: number) => ({ type: 'string', pattern: `^[0-9]{1,${max}}$` }) as const;
export const accountName = { ...s.personName, maxLength: 100 } as const;
/** Role ids; the client may send an empty string for "no role". */
export const roleIds = {
  type: 'array',
  maxItems: 50,
  items: { anyOf: [s.uuid, { type: 'string', maxLength: 0 }] },
} as const;
export const accounts = (item: object) =>
  ({ type: 'array', minItems: 1, maxItems: 50, items: item }) as const;
export const newMember = s.strictObject({ email: s.email, name: { type: 'string', maxLength: 200 } }, [
  'email',
]);
export const allowAccess = { body: s.strictObject({ allowAccess: { type: 'boolean' } }, ['allowAccess']) };
export const subTenantsRoles = {
  body: s.strictObject(
    {
      subTenantsRoles: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: s.strictObject({ tenantId: s.uuid, roleIds }, ['tenantId', 'roleIds']),
      },
      // Sent by the client for auditing; the server logs neither.
      ipAddress: { type: 'string', maxLength: 100 },
      userAgent: { type: 'string', maxLength: 1000 },
    },
    ['subTenantsRoles'],
  ),
};
