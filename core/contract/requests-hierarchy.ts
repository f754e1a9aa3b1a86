/**
 * Sub-accounts' request schemas (server/routes/hierarchy.ts, hierarchy-v1.ts,
 * sub-tenant-users-v1.ts; the demo: core/demo/subAccounts.ts), by `METHOD path` as in
 * core/contract/requests.ts: the hierarchy search and metadata, sub-accounts, their members (per
 * account and the client SDK's calls across accounts), member counts and the tenant switch.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

const HIERARCHY = '/tenants/resources/hierarchy/v2';
const SUB_TENANTS = '/tenants/resources/sub-tenants/v1';
const SUB_TENANT_USERS = '/identity/resources/sub-tenants/v1/:tenantId/users';
const USERS_V1 = '/identity/resources/sub-tenants/users/v1';

/** Query values arrive as strings: digits only. */
const digits = (max: number) => ({ type: 'string', pattern: `^[0-9]{1,${max}}$` }) as const;
const accountName = { ...s.personName, maxLength: 100 } as const;
/** Role ids; the client may send an empty string for "no role". */
const roleIds = {
  type: 'array',
  maxItems: 50,
  items: { anyOf: [s.uuid, { type: 'string', maxLength: 0 }] },
} as const;
const accounts = (item: object) => ({ type: 'array', minItems: 1, maxItems: 50, items: item }) as const;
const newMember = s.strictObject({ email: s.email, name: { type: 'string', maxLength: 200 } }, ['email']);
const allowAccess = { body: s.strictObject({ allowAccess: { type: 'boolean' } }, ['allowAccess']) };
const subTenantsRoles = {
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

export const HIERARCHY_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`GET ${HIERARCHY}`]: {
    querystring: s.strictObject({
      _offset: digits(6),
      _limit: digits(3),
      _subTenantId: s.uuid,
      _filter: { type: 'string', maxLength: 100 },
    }),
  },
  // The client SDK's getHierarchyMetadata: account ids separated by commas.
  [`GET ${HIERARCHY}/metadata`]: {
    querystring: s.strictObject({
      _tenantIds: { type: 'string', maxLength: 7400, pattern: s.UUID_LIST_PATTERN },
    }),
  },
  // `tenantId`: the id the client chose, a UUID or up to 64 letters, digits, '-' and '_' (empty: none).
  [`POST ${SUB_TENANTS}`]: {
    body: s.strictObject(
      {
        name: accountName,
        parentTenantId: s.uuid,
        tenantId: { type: 'string', maxLength: 64, pattern: '^([A-Za-z0-9][A-Za-z0-9_-]*)?$' },
      },
      ['name'],
    ),
  },
  [`PATCH ${SUB_TENANTS}/:tenantId`]: { body: s.strictObject({ name: accountName }, ['name']) },
  [`GET ${SUB_TENANT_USERS}`]: { querystring: s.strictObject({ _offset: digits(6), _limit: digits(3) }) },
  [`POST ${SUB_TENANT_USERS}`]: {
    body: s.strictObject({ email: s.email, roleIds, allowSubAccountAccess: { type: 'boolean' } }, ['email']),
  },
  [`PUT ${SUB_TENANT_USERS}/:userId/roles`]: { body: s.strictObject({ roleIds }, ['roleIds']) },
  [`PUT ${SUB_TENANT_USERS}/:userId/access`]: allowAccess,
  // Tenant switch: the session acts in `tenantId` from now on.
  'PUT /identity/resources/users/v1/tenant': { body: s.strictObject({ tenantId: s.uuid }, ['tenantId']) },
  // Members per account (hierarchy v1 of the client SDK). The All accounts page asks for the
  // accounts it shows: none when there are none; an id asked twice is counted once.
  'POST /identity/resources/tenants/users/v1/count': {
    body: s.strictObject({ tenantIds: { type: 'array', maxItems: 200, items: s.uuid } }, ['tenantIds']),
  },

  // The client SDK's member calls across the tree's accounts.
  [`PATCH ${USERS_V1}/:userId/roles`]: subTenantsRoles,
  [`POST ${USERS_V1}/:userId/roles`]: subTenantsRoles,
  [`DELETE ${USERS_V1}/:userId/roles`]: subTenantsRoles,
  [`PUT ${USERS_V1}/:userId/access`]: allowAccess,
  [`GET ${USERS_V1}`]: {
    querystring: s.strictObject({
      _offset: digits(6),
      _limit: digits(3),
      _filter: { type: 'string', maxLength: 100 },
      _sortBy: { type: 'string', enum: ['name', 'email', 'createdAt'] },
      _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
    }),
  },
  [`POST ${USERS_V1}`]: {
    body: s.strictObject(
      { user: newMember, subTenants: accounts(s.strictObject({ tenantId: s.uuid, roleIds }, ['tenantId'])) },
      ['user', 'subTenants'],
    ),
  },
  // Each person may carry roles of their own (`users[].roleIds`, as the client's store sends them)
  // besides those for everyone (`roleIds`).
  'POST /identity/resources/sub-tenants/users/v2/': {
    body: s.strictObject(
      {
        users: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: s.strictObject({ email: s.email, name: { type: 'string', maxLength: 200 }, roleIds }, [
            'email',
          ]),
        },
        tenantId: s.uuid,
        roleIds,
        allowSubAccountAccess: { type: 'boolean' },
      },
      ['users', 'tenantId'],
    ),
  },
  [`DELETE ${USERS_V1}`]: {
    body: s.strictObject(
      { userId: s.uuid, subTenants: accounts(s.strictObject({ tenantId: s.uuid }, ['tenantId'])) },
      ['userId', 'subTenants'],
    ),
  },
};
