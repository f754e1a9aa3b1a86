/** The request schemas' building blocks live in the contract module, shared with the demo backend. */
export * from '../../core/contract/schemas';
