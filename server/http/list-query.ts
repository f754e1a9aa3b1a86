/** Schemas shared by the id routes (directory, profile pictures, hierarchy): the contract's. */
export { idParams, uuid } from '../../core/contract/schemas';
