/**
 * The groups' request schemas (server/routes/groups.ts; the demo: core/demo/teamAdmin.ts), by
 * `METHOD path` as in core/contract/requests.ts. The client SDK (`groups`) also sends
 * `_groupsRelations` on the list and on one group, and `metadata` as a JSON string.
 */
import { GROUP_SORT_FIELDS, listQuerySchema } from './listQuery';
import type { RequestSchema } from './requests';
import * as s from './schemas';

const GROUPS = '/identity/resources/groups/v1';
const groupName = { type: 'string', minLength: 1, maxLength: 100, pattern: s.NOT_BLANK_PATTERN } as const;
const color = { type: ['string', 'null'], pattern: '^(#[0-9A-Fa-f]{6})?$' } as const;
const fields = {
  name: groupName,
  color,
  description: s.optionalText(500),
  metadata: {
    anyOf: [
      { type: 'object', maxProperties: 50 },
      { type: 'string', maxLength: 10_000 },
    ],
  },
};
const RELATIONS = { type: 'string', enum: ['roles', 'users', 'rolesAndUsers'] } as const;
const relationsOnly = s.strictObject({ _groupsRelations: RELATIONS });
const listQuery = listQuerySchema(GROUP_SORT_FIELDS);
const ids = (name: string) => s.strictObject({ [name]: { ...s.uuidList, minItems: 1 } }, [name]);
const rolesBody = { body: ids('roleIds') };
const usersBody = { body: ids('userIds') };

export const GROUP_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`GET ${GROUPS}`]: {
    querystring: { ...listQuery, properties: { ...listQuery.properties, _groupsRelations: RELATIONS } },
  },
  [`POST ${GROUPS}`]: { body: s.strictObject(fields, ['name']) },
  [`POST ${GROUPS}/bulkGet`]: { querystring: relationsOnly, body: ids('groupsIds') },
  // The client's group configuration reads nothing; listed so that it is not taken for `GET ${GROUPS}/:id`.
  [`GET ${GROUPS}/config`]: {},
  // IUpdateGroupConfig: either or both.
  [`POST ${GROUPS}/config`]: {
    body: s.strictObject({ enabled: { type: 'boolean' }, rolesEnabled: { type: 'boolean' } }),
  },
  [`GET ${GROUPS}/:id`]: { querystring: relationsOnly },
  [`PATCH ${GROUPS}/:id`]: { body: { ...s.strictObject(fields), minProperties: 1 } },
  [`POST ${GROUPS}/:id/roles`]: rolesBody,
  [`DELETE ${GROUPS}/:id/roles`]: rolesBody,
  [`POST ${GROUPS}/:id/users`]: usersBody,
  [`DELETE ${GROUPS}/:id/users`]: usersBody,
};
