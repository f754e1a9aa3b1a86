/**
 * The vanilla entry, CDN path cdn/6.138.0/vanilla/index.js: `window.AuthElements.initialize()`.
 * Also an ES module with the same exports. The global is the only side effect.
 */
import { getAppByName, initialize } from './initialize';

export { initialize, getAppByName as getApp };
export type { AuthElementsApp, InitializeOptions } from './initialize';
export type {
  AuthElement,
  AuthElementEventMap,
  AuthLoginBoxElement,
  AuthAdminPortalElement,
  AuthCheckoutDialogElement,
} from '../shared/elementTypes';
// Named by AuthElementsApp and InitializeOptions: exported so a host's own declarations can name them.
export type { ContextOptions } from '../../core/config/options';
export type { HostSettings } from '../../core/config/hostSettings';
export type { RootState } from '../../core/store/store';
export type { BusEvents, BusEventName } from '../../core/bus';
export type { ThemeOptions } from '../../core/theme/themeOptions';
export type { Entitlement, EntitlementQuery } from '../../core/entitlements/entitlements';

declare global {
  interface Window {
    AuthElements?: { initialize: typeof initialize; getApp: typeof getAppByName };
  }
}

if (typeof window !== 'undefined') {
  window.AuthElements ??= { initialize, getApp: getAppByName };
  // Scripts that ran before this module can wait for it.
  window.dispatchEvent(new CustomEvent('auth-elements:loaded'));
}
