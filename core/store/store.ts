import { configureStore } from '@reduxjs/toolkit';
import { authReducer, type AuthState } from './auth/authSlice';
import type { AuthServices } from './services';

/** One store per app name; `storeName` lets an external store be checked against the app name. */
export function makeStore(storeName: string, services: AuthServices, preloadedState?: { auth?: AuthState }) {
  const store = configureStore({
    reducer: { auth: authReducer },
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services }, serializableCheck: false }),
  });
  return Object.assign(store, { storeName });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
