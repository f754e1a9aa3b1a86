/** Schemas and paging shared by the list and id routes (roles, groups, tokens, users): the contract's. */
export { idParams } from '../../core/contract/schemas';
export { pageOf, type ListQuery } from '../../core/contract/listQuery';
