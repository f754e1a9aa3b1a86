/**
 * An account's own sign-in methods, as the SQL schema declares them
 * (server/storage/schema/sign-in-methods.ts): the repository is core/domain/sign-in-method-storage.ts;
 * demo mode's sign-in reads these rows with this module alone, not the repository, in its first chunk.
 */
import type { MainMethod } from '../api/signInMethods';
import { col, table, type RowOf } from './tables';

export const TENANT_SIGN_IN_METHODS = table('tenant_sign_in_methods', {
  tenantId: col.uuid,
  mainStrategies: col.textArray<MainMethod>(),
  passkeys: col.bool,
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
});

/** An account's stored choice as the rules read it (`SignInMethodPorts.ofAccount`). */
export const accountChoiceOf = (row: RowOf<typeof TENANT_SIGN_IN_METHODS> | null | undefined) =>
  row ? { main: row.mainStrategies, passkeys: row.passkeys } : null;
