/**
 * The sign-in methods' store (core/domain/sign-in-methods.ts), written once over `Tables` for the
 * server and demo mode: an account's own choice is its row of `tenant_sign_in_methods`. The
 * application's methods are the vendor's, which each backend keeps its own way (`VendorMethods`:
 * the server's vendor row and social and SSO connections; demo mode's settings).
 */
import type { SignInMethodStore } from './sign-in-methods';
import { accountChoiceOf, TENANT_SIGN_IN_METHODS } from './sign-in-method-tables';
import { saveRow, stamp, type RowClock, type Tables } from './tables';

/** What a backend keeps of the application's methods. */
export type VendorMethods = Pick<SignInMethodStore, 'vendor' | 'saveVendor' | 'federatedSignInExists'>;

export function signInMethodStore(tables: Tables, clock: RowClock, vendor: VendorMethods): SignInMethodStore {
  const own = tables.of(TENANT_SIGN_IN_METHODS);
  return {
    ...vendor,
    ofAccount: async (tenantId) => accountChoiceOf(await own.row({ tenantId })),
    async saveForAccount(tenantId, { main, passkeys }) {
      const at = stamp(clock.now());
      // One row an account, replaced whole (the SQL's INSERT ... ON CONFLICT (tenant_id)).
      await saveRow(
        tables,
        TENANT_SIGN_IN_METHODS,
        { tenantId },
        { mainStrategies: main, passkeys, updatedAt: at },
        () => ({
          tenantId,
          mainStrategies: main,
          passkeys,
          createdAt: at,
          updatedAt: at,
        }),
      );
    },
    async forgetAccount(tenantId) {
      await own.remove({ tenantId });
    },
  };
}
