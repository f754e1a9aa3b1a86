import { configureStore, type EnhancedStore, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { entitlementsReducer, type EntitlementsState } from '../entitlements/entitlementsSlice';
import { featureFlagsReducer, type FeatureFlagsState } from '../featureFlags/featureFlagsSlice';
import { themeReducer, type ThemeState } from '../theme/themeSlice';
import { vendorReducer, type VendorState } from '../vendor/vendorSlice';
import { authReducer, type AuthState } from './auth/authSlice';
import type { AuthServices } from './services';

export interface RootState {
  auth: AuthState;
  entitlements: EntitlementsState;
  featureFlags: FeatureFlagsState;
  theme: ThemeState;
  vendor: VendorState;
}
export type AppDispatch = ThunkDispatch<RootState, AuthServices, UnknownAction>;
/** One store per app name; `storeName` lets an external store be checked against the app name. */
export type AppStore = Omit<EnhancedStore<RootState>, 'dispatch'> & {
  dispatch: AppDispatch;
  storeName: string;
};

export function makeStore(storeName: string, services: AuthServices): AppStore {
  const store = configureStore({
    reducer: {
      auth: authReducer,
      entitlements: entitlementsReducer,
      featureFlags: featureFlagsReducer,
      theme: themeReducer,
      vendor: vendorReducer,
    },
    // The thunk's extra argument is this app's services; RTK's inference loses it here, hence the
    // explicit AppDispatch type above.
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services }, serializableCheck: false }),
  });
  return Object.assign(store, { storeName }) as unknown as AppStore;
}
