import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AuthServices } from '../store/services';
import type { RootState } from '../store/store';
import type { UserEntitlements } from './entitlements';
import { entitlementsFailed, entitlementsLoaded, entitlementsRequested } from './entitlementsSlice';

type Thunk<R> = ThunkAction<Promise<R>, RootState, AuthServices, UnknownAction>;

/**
 * Loads the signed-in user's entitlements (after sign-in, a restored session, or on request).
 * Signed out there is nothing to load. A failure is logged; the previous answer stays.
 */
export function loadEntitlements(): Thunk<UserEntitlements | null> {
  return async (dispatch, getState, services) => {
    if (!getState().auth.isAuthenticated) return null;
    dispatch(entitlementsRequested());
    try {
      const data = await services.api.entitlements.getUserEntitlements();
      // The user may have signed out while the call was in flight.
      if (!getState().auth.isAuthenticated) return null;
      dispatch(entitlementsLoaded(data));
      return data;
    } catch (error) {
      services.logger.error('Could not load entitlements', error);
      dispatch(entitlementsFailed());
      return null;
    }
  };
}
