/**
 * The groups' request schemas (server/routes/groups.ts; the demo: core/demo/teamAdmin.ts), by
 * `METHOD path` as in core/contract/requests.ts. The client SDK (`groups`) also sends
 * `_groupsRelations` on the list and on one group, and `metadata` as a JSON string.
 */
import { GROUP_SORT_FIELDS, listQuerySchema } from './listQuery';
import * as s from './schemas';

const groupName = { type: 'string', minLength: 1, maxLength: 100, pattern: s.NOT_BLANK_PATTERN } as const;
const color = { type: ['string', 'null'], pattern: '^(#[0-9A-Fa-f]{6})?$' } as const;
export const fields = {
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
export const RELATIONS = { type: 'string', enum: ['roles', 'users', 'rolesAndUsers'] } as const;
export const relationsOnly = s.strictObject({ _groupsRelations: RELATIONS });
export const listQuery = listQuerySchema(GROUP_SORT_FIELDS);
export const ids = (name: string) => s.strictObject({ [name]: { ...s.uuidList, minItems: 1 } }, [name]);
export const rolesBody = { body: ids('roleIds') };
export const usersBody = { body: ids('userIds') };
