import type { AuthApp } from '../app';
import {
  entitlementFor,
  EntitlementsDisabledError,
  type Entitlement,
  type EntitlementQuery,
} from './entitlements';

/**
 * The signed-in user's entitlement for a feature key, a permission key, or both, from the app's
 * store. Throws "You must first enable entitlements via Auth Elements options to use this function"
 * unless the host enabled entitlements (spec 000 §5, §8).
 */
export function getAppEntitlement(
  app: Pick<AuthApp, 'settings' | 'store'>,
  query: EntitlementQuery,
  now: number = Date.now(),
): Entitlement {
  if (!app.settings.entitlementsOptions?.enabled) throw new EntitlementsDisabledError();
  return entitlementFor(app.store.getState().entitlements.data, query, now);
}
