/** Schemas and paging shared by the list and id routes (roles, groups, tokens, users): the contract's. */
export { idParams, uuid, uuidList } from '../../core/contract/schemas';
export { listQuerySchema, pageOf, type ListQuery } from '../../core/contract/listQuery';
