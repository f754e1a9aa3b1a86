import { normalizeEntitlements, type UserEntitlements } from '../entitlements/entitlements';
import type { HttpClient } from './http';

/** **(choice of path)**: spec 000 §7 lists "entitlements" without a path. */
const ENTITLEMENTS_PATH = '/entitlements/api/v2/user-entitlements';

export function createEntitlementsApi(http: HttpClient) {
  return {
    /** The signed-in user's entitlements in the active tenant (needs the bearer token). */
    getUserEntitlements: async (): Promise<UserEntitlements> =>
      normalizeEntitlements(await http.get<unknown>(ENTITLEMENTS_PATH)),
  };
}
