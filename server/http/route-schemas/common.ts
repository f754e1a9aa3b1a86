/**
 * Building blocks of the response schemas (server/http/openapi.ts). Objects are open: the answer is
 * sent whole by JSON.stringify, the schema lists the fields the contract promises (`required`) and
 * their types; the contract suite checks real answers against them.
 */
export const str = { type: 'string' } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const bool = { type: 'boolean' } as const;
/** Any JSON value (a field whose shape the contract leaves to the caller, like metadata). */
export const any = {} as const;

export function obj(properties: Record<string, unknown>, required: string[] = [], description?: string) {
  return { type: 'object', properties, required, ...(description ? { description } : {}) };
}
export const arr = (items: unknown) => ({ type: 'array', items });

/** The answer `{}`. */
export const EMPTY = obj({}, [], 'An empty object');
/** 204 No Content: nothing there, for a caller that sent `Prefer: quiet-absence` (http/quiet-absence.ts). */
export const ABSENT = { description: 'Nothing there (Prefer: quiet-absence)', type: 'null' } as const;

/** A call that reads no body (the client may send none, or `{}`): documented, nothing refused. */
export const NO_BODY = { type: ['object', 'null'], description: 'No fields are read' } as const;

/** An HTML page (the account pages, hosted login's pages). */
export const HTML = { content: { 'text/html': { schema: { type: 'string' } } } } as const;
/** `{ items, _metadata: { totalItems, totalPages } }`, the client SDK's list page. */
export const page = (item: unknown) =>
  obj({ items: arr(item), _metadata: obj({ totalItems: int, totalPages: int }, ['totalItems']) }, [
    'items',
    '_metadata',
  ]);

export const AUTH_RESPONSE = obj(
  {
    accessToken: str,
    expiresIn: num,
    expires: str,
    mfaRequired: bool,
    mfaToken: str,
    mfaEnrolled: bool,
    mfaDevices: any,
    mfaStrategies: any,
    email: str,
    userId: str,
    redirectLocation: str,
  },
  [],
  'The login response: tokens (mfaRequired false), or the second-factor gate (mfaRequired true, mfaToken)',
);

/** The client SDK's access token (IAccessTokensData): its secret is the bearer, shown once. */
/** The fields API tokens and access tokens share (the client's IApiTokensData, IAccessTokensData). */
const TOKEN_FIELDS = {
  id: str,
  description: str,
  type: str,
  tenantId: str,
  createdAt: str,
  createdByUserId: strOrNull,
  expiresInMinutes: numOrNull,
  expires: strOrNull,
  lastUsedAt: strOrNull,
  roleIds: arr(str),
  secret: str,
};
export const ACCESS_TOKEN = obj(TOKEN_FIELDS, ['id', 'createdAt']);
export const ACCESS_TOKENS = obj({ accessTokens: arr(ACCESS_TOKEN) }, ['accessTokens']);

export const ROLE_REF = obj({ id: str, key: str, name: str }, ['id', 'key']);
export const PERMISSION_REF = obj({ id: str, key: str }, ['id', 'key']);

export const ME = obj(
  {
    id: str,
    email: str,
    name: strOrNull,
    phoneNumber: strOrNull,
    profilePictureUrl: strOrNull,
    tenantId: str,
    tenantIds: arr(str),
    roles: arr(ROLE_REF),
    permissions: arr(PERMISSION_REF),
    verified: bool,
    createdAt: str,
    lastLogin: strOrNull,
    metadata: any,
    customData: any,
    mfaEnrolled: bool,
    superUser: bool,
    locale: strOrNull,
    provider: str,
  },
  ['id', 'email', 'tenantId', 'roles', 'permissions'],
);

export const TENANT = obj(
  {
    id: str,
    tenantId: str,
    name: str,
    isReseller: bool,
    metadata: any,
    vendorId: str,
    createdAt: str,
  },
  ['id', 'tenantId', 'name'],
);

export const SESSION = obj(
  { id: str, userAgent: strOrNull, ipAddress: strOrNull, createdAt: str, lastUsedAt: str, current: bool },
  ['id', 'createdAt'],
);

/** A member as the users lists show them. */
export const MEMBER = obj(
  {
    id: str,
    email: str,
    name: strOrNull,
    phoneNumber: strOrNull,
    profilePictureUrl: strOrNull,
    tenantId: str,
    roles: arr(ROLE_REF),
    verified: bool,
    activatedForTenant: bool,
    invitationPending: bool,
    isLocked: bool,
    provider: str,
    mfaEnrolled: bool,
    // The client SDK's names: ITeamUser.mfaEnabled, IGetUsersV2Response.groups (id, roles; ours: name, color).
    mfaEnabled: bool,
    groups: arr(obj({ id: str, name: str, color: strOrNull, roles: arr(ROLE_REF) }, ['id', 'name', 'roles'])),
    createdAt: str,
    lastLogin: strOrNull,
    metadata: any,
    customData: any,
  },
  ['id', 'email'],
);

/**
 * A member as the client SDK's ITeamUser (team/resources/members/v1): the users list's row with
 * `phone`, `profileImageUrl`, `mfaEnabled` and `tenants` the listed account's one ITeamUserTenant.
 */
export const TEAM_MEMBER = obj(
  {
    ...MEMBER.properties,
    phone: str,
    profileImageUrl: str,
    mfaEnabled: bool,
    tenants: obj({ tenantId: str, roles: arr(ROLE_REF) }, ['tenantId', 'roles']),
  },
  ['id', 'email', 'tenants'],
);

export const ROLE = obj(
  {
    id: str,
    roleId: str,
    key: str,
    name: str,
    description: strOrNull,
    isDefault: bool,
    permissions: arr(str),
    tenantId: strOrNull,
    vendorId: str,
    createdAt: str,
    updatedAt: str,
    editable: bool,
    usersCount: int,
  },
  ['id', 'key', 'name'],
);

export const PERMISSION = obj(
  {
    id: str,
    permissionId: str,
    key: str,
    name: str,
    description: strOrNull,
    categoryId: strOrNull,
    fePermission: bool,
    roleIds: arr(str),
  },
  ['id', 'key'],
);

export const GROUP = obj(
  {
    id: str,
    groupId: str,
    name: str,
    color: strOrNull,
    description: strOrNull,
    metadata: any,
    managedBy: str,
    // The client SDK's IRole and IGroupUser.
    roles: arr(
      obj(
        {
          ...ROLE_REF.properties,
          description: strOrNull,
          isDefault: bool,
          permissions: arr(str),
          tenantId: strOrNull,
          vendorId: str,
          createdAt: str,
          updatedAt: str,
        },
        ['id', 'key'],
      ),
    ),
    users: arr(
      obj(
        {
          id: str,
          email: str,
          name: strOrNull,
          profilePictureUrl: strOrNull,
          activatedForTenant: bool,
          createdAt: str,
        },
        ['id'],
      ),
    ),
    createdAt: str,
    updatedAt: str,
  },
  ['id', 'name'],
);

export const API_TOKEN = obj({ ...TOKEN_FIELDS, tokenId: str, clientId: str }, ['id', 'clientId']);
