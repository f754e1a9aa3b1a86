/**
 * The React entry (`auth-elements/react`): the provider, the elements as React components, the
 * hooks and the authorized-content guard. Renders with the host's React (a peer dependency);
 * nothing here touches `window` at import time or on the server.
 */
import './jsx';
import { useAuthElementsApp as useApp, type AuthElementsAppHandle } from './hooks';

export { AuthElementsProvider } from './AuthElementsProvider';
export { LoginBox, AdminPortal, CheckoutDialog } from './components';
export { AuthorizedContent } from './AuthorizedContent';
export {
  useAuth,
  useAuthUser,
  useIsAuthenticated,
  useLoginWithRedirect,
  useLogout,
  useAuthActions,
  useEntitlements,
  useFeatureEntitlements,
  usePermissionEntitlements,
  useFeatureFlag,
} from './hooks';
export type { AuthElementsAppHandle } from './hooks';

/** The provider's app; null on the server and outside a provider. */
export const useAuthElementsApp: () => AuthElementsAppHandle | null = useApp;
export { isAuthorized } from '../../core/authorization/authorizedContent';
export { isWrappedContentHidden } from './hostRoutes';

export type { AuthElementsProviderProps } from './AuthElementsProvider';
export type { LoginBoxProps, AdminPortalProps, CheckoutDialogProps } from './components';
export type { AuthorizedContentProps } from './AuthorizedContent';
export type { AuthElementsIntrinsicElements, AuthElementEventProps } from './jsx';
export type {
  AuthElement,
  AuthElementEventMap,
  AuthLoginBoxElement,
  AuthAdminPortalElement,
  AuthCheckoutDialogElement,
} from '../shared/elementTypes';
export type { ContextOptions } from '../../core/config/options';
export type { ThemeOptions } from '../../core/theme/themeOptions';
export type { Localizations } from '../i18n/localize';
export type {
  Entitlement,
  EntitlementJustification,
  EntitlementQuery,
} from '../../core/entitlements/entitlements';
export type { FeatureFlagContext } from '../../core/featureFlags/featureFlags';
export type { User, Tenant } from '../../core/api/types';
export type { BusEvents } from '../../core/bus';
// Named by the public signatures above: exported so a host's own declarations can name them too.
export type { AuthState } from '../../core/store/auth/authSlice';
export type { RootState } from '../../core/store/store';
export type { AuthRoutes } from '../../core/config/routes';
export type { HostSettings } from '../../core/config/hostSettings';
export type { ResolvedOptions } from '../../core/config/options';
export type { BusEventName } from '../../core/bus';
export type { UserEntitlements } from '../../core/entitlements/entitlements';
