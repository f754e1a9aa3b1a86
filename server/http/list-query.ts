/** Schemas shared by the id routes (profile pictures): the contract's. */
export { idParams } from '../../core/contract/schemas';
