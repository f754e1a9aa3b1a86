/** Schemas and paging shared by the list and id routes (roles, groups, tokens, users). */

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const uuid = { type: 'string', pattern: UUID } as const;
export const uuidList = { type: 'array', maxItems: 200, uniqueItems: true, items: uuid } as const;
export const idParams = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: uuid } }) as const;
export const listQuerySchema = (sortFields: readonly string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      _filter: { type: 'string', maxLength: 100 },
      _sortBy: { type: 'string', enum: sortFields },
      _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
    },
  }) as const;
export interface ListQuery<S extends string> {
  _filter?: string;
  _sortBy?: S;
  _order?: string;
  _offset?: string;
  _limit?: string;
}
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 200;

export function pageOf<S extends string>(q: ListQuery<S>, defaultSort: S) {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q._limit ?? DEFAULT_PAGE_SIZE)));
  return {
    filter: q._filter ?? '',
    sortBy: q._sortBy ?? defaultSort,
    order: (q._order ?? 'ASC').toUpperCase() as 'ASC' | 'DESC',
    page: Number(q._offset ?? 0),
    limit,
  };
}
