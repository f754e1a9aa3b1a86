import { errorMessage } from '../api/errors';
import { tenantSwitchChanged } from '../store/auth/authSlice';
import { refreshSession, type AuthThunk } from '../store/auth/thunks';

/**
 * Tenant switching (spec 000 §4 and spec 001 §4: "set loading, call switch, reload the session").
 * The server moves the session to `tenantId`; the session reload (a refresh) brings the access
 * token, user, roles and tenants of the new tenant into the shared store, so every element on the
 * page follows. A refused switch keeps the session as it was and stores the message.
 * Reached through a dynamic import: the sign-in page does not download it.
 */
export function switchTenant(tenantId: string): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    if (getState().auth.activeTenant?.tenantId === tenantId) return true;
    dispatch(tenantSwitchChanged({ loading: true, error: null }));
    try {
      await services.api.users.switchTenant(tenantId);
    } catch (error) {
      dispatch(tenantSwitchChanged({ loading: false, error: errorMessage(error) }));
      return false;
    }
    const reloaded = await dispatch(refreshSession());
    dispatch(tenantSwitchChanged({ loading: false, error: null }));
    return reloaded;
  };
}
