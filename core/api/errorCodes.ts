/**
 * The codes of the HTTP contract's error catalogue (core/contract/errors.ts), for the kit: a type
 * only, so the catalogue costs the kit's bundles nothing. `ApiError.code` and a host's
 * `localizations.serverErrors` key on them.
 */
export type { ErrorCode } from '../contract/errors';
