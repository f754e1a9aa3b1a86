// Response schemas (and the bodies of bodiless calls) of sign-in, users, sessions, team, roles,
// permissions, groups and API tokens, by `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, AUTH_RESPONSE, bool, num, obj, str, strOrNull, any } from './common';

export const SIGN_UP = obj(
  { shouldActivate: bool, userId: str, tenantId: str, user: any, authResponse: AUTH_RESPONSE },
  ['shouldActivate'],
);
export const ROLE_LIST = arr(
  obj({ id: str, key: str, name: str, description: strOrNull, isDefault: bool }, ['id', 'key']),
);
/** ITeamUserRole: `description` a string. */
export const TEAM_ROLE_LIST = arr(
  obj({ id: str, key: str, name: str, description: str, isDefault: bool, permissions: arr(str) }, [
    'id',
    'key',
    'description',
  ]),
);
export const LINKS = (field: string) =>
  arr(obj({ vendorId: str, tenantId: str, userId: str, [field]: arr(str) }, ['userId', field]));
export const JWK_SET = obj({ keys: arr(obj({ kty: str, kid: str, alg: str, use: str }, ['kty', 'kid'])) }, [
  'keys',
]);

export function INVITE_LINK() {
  return obj(
    {
      id: str,
      tenantId: str,
      vendorId: str,
      expiresInMinutes: num,
      expiresAt: str,
      expires: str,
      shouldSendEmail: bool,
      expired: bool,
      createdAt: str,
      updatedAt: str,
      token: str,
      link: str,
    },
    ['id'],
  );
}
