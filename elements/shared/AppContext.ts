import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthApp } from '../../core/app';
import type { AppDispatch, RootState } from '../../core/store/store';

export const AppContext = createContext<AuthApp | null>(null);

export function useAuthApp(): AuthApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('useAuthApp must be used inside an Auth Elements root');
  return app;
}

/** Reads the app's store and re-renders when the selected value changes (no react-redux needed). */
export function useAppSelector<T>(selector: (state: RootState) => T): T {
  const { store } = useAuthApp();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

export function useAppDispatch(): AppDispatch {
  return useAuthApp().store.dispatch;
}
