import { css } from '@emotion/react';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { isApiError } from '../../../core/api/errors';
import { MESSAGES } from '../../../core/api/messages';
import { selectAuth } from '../../../core/store/auth/authSlice';
import { loadFeatureFlags } from '../../../core/featureFlags/thunks';
import {
  PAGE_FLAGS,
  visiblePages,
  type AdminBoxMetadata,
  type PortalPageId,
} from '../../../core/portal/pages';
import { en } from '../../i18n/en';
import { enPortal } from '../../i18n/en-portal';
import { useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { OverlayContext } from '../../ui/overlay';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { focusRing, mutedStyle, titleStyle } from '../../ui/styles';
import { hashOf, pageFromHash } from './route';
import { useUniqueId } from '../../ui/useUniqueId';

export interface PortalPageProps {
  metadata: AdminBoxMetadata;
  /** The vendor changed page visibility or flags: the shell loads both again (the navigation follows). */
  onConfigurationChange?: () => void;
  /** The pages this build has screens for. */
  available?: readonly PortalPageId[];
}

/** Pages this build has, each its own chunk, downloaded on first visit. */
const PORTAL_PAGE_COMPONENTS: Partial<
  Record<PortalPageId, LazyExoticComponent<ComponentType<PortalPageProps>>>
> = {
  profile: lazy(() => import('../pages/ProfilePage')),
  privacy: lazy(() => import('../pages/privacy/PrivacyPage')),
  account: lazy(() => import('../pages/account/AccountPage')),
  users: lazy(() => import('../pages/users/UsersPage')),
  roles: lazy(() => import('../pages/roles/RolesPage')),
  groups: lazy(() => import('../pages/groups/GroupsPage')),
  personalApiTokens: lazy(() => import('../pages/api-tokens/PersonalApiTokensPage')),
  apiTokens: lazy(() => import('../pages/api-tokens/TenantApiTokensPage')),
  allAccounts: lazy(() => import('../pages/allAccounts/AllAccountsPage')),
  security: lazy(() => import('../pages/security/SecurityPage')),
  sso: lazy(() => import('../pages/sso/SsoPage')),
  audits: lazy(() => import('../pages/audits/AuditsPage')),
  securityCenter: lazy(() => import('../pages/security-center/SecurityCenterPage')),
  provisioning: lazy(() => import('../pages/provisioning/ProvisioningPage')),
  webhooks: lazy(() => import('../pages/connectivity/ConnectivityPage')),
  usage: lazy(() => import('../pages/usage/UsagePage')),
  subscriptions: lazy(() => import('../pages/subscriptions/SubscriptionsPage')),
  portalConfiguration: lazy(() => import('../pages/portal-configuration/PortalConfigurationPage')),
};

const AVAILABLE_PAGES = Object.keys(PORTAL_PAGE_COMPONENTS) as PortalPageId[];

/** The tenant switcher, for users of several accounts only (its own chunk). */
const TenantSwitcher = lazy(() => import('../../tenants/TenantSwitcher'));

/**
 * The portal lays itself out from the width its host gives it (a CSS container on its root), never
 * from the viewport: two columns (navigation, page) from 760 px; below that, a bar with a menu button
 * that opens the navigation over the page. Overlays render beside the container (ui/overlay.ts).
 */
const NARROW = '@container ae-portal (max-width: 759px)';
const portalStyle = css({
  containerType: 'inline-size',
  containerName: 'ae-portal',
  background: 'var(--ae-color-surface)',
  color: 'var(--ae-color-text)',
  minWidth: 0,
});
const layoutStyle = css({
  display: 'grid',
  gridTemplateColumns: '220px minmax(0, 1fr)',
  alignItems: 'start',
  minHeight: '100%',
  [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
});
const barStyle = css({
  display: 'none',
  alignItems: 'center',
  gap: '12px',
  padding: '8px 16px',
  borderBottom: '1px solid var(--ae-color-divider)',
  background: 'var(--ae-color-surface)',
  [NARROW]: { display: 'flex' },
});
const menuButtonStyle = css({
  font: 'inherit',
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '8px',
  padding: '6px 10px',
  border: '1px solid var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface)',
  color: 'var(--ae-color-text)',
  cursor: 'pointer',
  ...focusRing(1),
});
const navStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
  padding: '20px 12px',
  borderInlineEnd: '1px solid var(--ae-color-divider)',
  background: 'var(--ae-color-canvas)',
  alignSelf: 'stretch',
  minWidth: 0,
  [NARROW]: {
    display: 'none',
    borderInlineEnd: 'none',
    borderBottom: '1px solid var(--ae-color-divider)',
    padding: '12px 16px',
    '&[data-open]': { display: 'flex' },
  },
});
const navListStyle = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
const navLinkStyle = css({
  display: 'block',
  padding: '8px 12px',
  borderRadius: 'var(--ae-radius)',
  color: 'var(--ae-color-text)',
  textDecoration: 'none',
  '&[aria-current="page"]': {
    background: 'var(--ae-color-primary)',
    color: 'var(--ae-color-on-primary)',
    fontWeight: 600,
  },
  '&:hover:not([aria-current="page"])': { background: 'var(--ae-color-surface-muted)' },
  ...focusRing(1),
});
const mainStyle = css({
  minWidth: 0,
  padding: '24px 32px 32px',
  [NARROW]: { padding: '16px' },
});
// Signed out, the portal is one short message in its own frame, not a card inside the host's frame.
const signedOutStyle = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '12px',
  padding: '32px 24px',
  maxWidth: '480px',
  margin: '0 auto',
});

/** The answers that mean "no admin-box metadata saved yet". */
function isNothingSaved(error: unknown): boolean {
  return (
    (isApiError(error) && error.status === 404) || (error as Error)?.message === MESSAGES.metadataNotFound
  );
}

/** Loads the vendor's admin-box metadata once; a failure is logged and the portal goes on with none. */
function useAdminBoxMetadata(enabled: boolean, version: number): AdminBoxMetadata | null {
  const app = useAuthApp();
  const [metadata, setMetadata] = useState<AdminBoxMetadata | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    app.services.api.metadata
      .getAdminBoxMetadata()
      .catch((error: unknown) => {
        // Nothing saved yet (a server answering 404 or "metadata not found" for it) is no failure.
        if (isNothingSaved(error)) app.services.logger.debug('No admin-box metadata saved yet', error);
        else app.services.logger.error('Could not load the admin-box metadata; going on without it', error);
        return {};
      })
      .then((loaded) => {
        if (live) setMetadata(loaded);
      });
    return () => {
      live = false;
    };
  }, [app, enabled, version]);
  return metadata;
}

/** The flags that gate pages (spec 001 §2), evaluated for the signed-in user; a failure leaves them off. */
const PAGE_FLAG_KEYS = [...new Set(Object.values(PAGE_FLAGS))];
function usePageFlags(
  context: { userId: string; tenantId: string } | null,
  version: number,
): Record<string, boolean> | null {
  const app = useAuthApp();
  const [flags, setFlags] = useState<Record<string, boolean> | null>(null);
  const userId = context?.userId;
  const tenantId = context?.tenantId;
  useEffect(() => {
    if (!userId) return undefined;
    let live = true;
    void app.store.dispatch(loadFeatureFlags(PAGE_FLAG_KEYS, { userId, tenantId })).then((loaded) => {
      if (live) setFlags(loaded);
    });
    return () => {
      live = false;
    };
  }, [app, userId, tenantId, version]);
  return flags;
}

function useHash(): string {
  const [hash, setHash] = useState(() => globalThis.location?.hash ?? '');
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}

/** A page chunk that fails to download shows a message and a retry, not a blank portal. */
class PageErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p>{enPortal.portal.pageLoadFailed}</p>
        <Button
          variant="secondary"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          {enPortal.portal.retry}
        </Button>
      </div>
    );
  }
}

/** The admin portal: navigation over the visible pages, the current page from the URL hash. */
export function PortalShell() {
  const app = useAuthApp();
  const { isLoading, isAuthenticated, user, tenants, activeTenant, tenantSwitch } =
    useAppSelector(selectAuth);
  // Bumped when the vendor changes the portal configuration: metadata and flags load again.
  const [configurationVersion, setConfigurationVersion] = useState(0);
  const metadata = useAdminBoxMetadata(isAuthenticated, configurationVersion);
  const flags = usePageFlags(
    isAuthenticated && user ? { userId: user.id, tenantId: user.tenantId } : null,
    configurationVersion,
  );
  const hash = useHash();
  const [attempt, setAttempt] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [overlayRoot, setOverlayRoot] = useState<HTMLElement | null>(null);
  const navId = useUniqueId();

  const pages = useMemo(
    () =>
      visiblePages({
        metadata: metadata ?? {},
        permissions: user?.permissions.map((p) => p.key) ?? [],
        flags: flags ?? {},
        available: AVAILABLE_PAGES,
        superUser: user?.superUser === true,
      }),
    [metadata, user, flags],
  );

  if (isLoading || (isAuthenticated && (metadata === null || flags === null)))
    return <Spinner label={en.common.loading} />;
  if (!isAuthenticated) {
    return (
      <section css={signedOutStyle} aria-labelledby="ae-portal-title" part="signed-out">
        <h2 id="ae-portal-title" css={titleStyle}>
          {enPortal.portal.title}
        </h2>
        <p css={mutedStyle} role="status">
          {enPortal.portal.signInFirst}
        </p>
        {/* Not a dead end: the login route (or hosted login), coming back here afterwards. */}
        <Button
          partName="portal-sign-in"
          onClick={() =>
            void import('../../../core/session/loginWithRedirect').then((m) => m.loginWithRedirect(app))
          }
        >
          {enPortal.portal.signIn}
        </Button>
      </section>
    );
  }

  const current = pageFromHash(hash, pages) ?? pages[0];
  const Page = current ? PORTAL_PAGE_COMPONENTS[current] : undefined;
  return (
    <>
      <div css={portalStyle} part="portal">
        <div css={barStyle} part="portal-bar">
          <button
            type="button"
            css={menuButtonStyle}
            part="menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            {enPortal.portal.openMenu}
          </button>
          <span css={{ fontWeight: 600 }}>{current ? enPortal.portal.pageTitles[current] : null}</span>
        </div>
        <div css={layoutStyle}>
          <nav
            id={navId}
            css={navStyle}
            aria-label={enPortal.portal.navLabel}
            part="nav"
            data-open={menuOpen || undefined}
          >
            {tenants.length > 1 && (
              <Suspense fallback={null}>
                <TenantSwitcher inPortal />
              </Suspense>
            )}
            <ul css={navListStyle}>
              {pages.map((page) => (
                <li key={page}>
                  <a
                    href={hashOf(page)}
                    css={navLinkStyle}
                    part="nav-link"
                    aria-current={page === current ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    {enPortal.portal.pageTitles[page]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div css={mainStyle} part="page">
            <OverlayContext.Provider value={overlayRoot}>
              {/* After a tenant switch the page starts again in the new tenant. */}
              <PageErrorBoundary
                key={`${current}-${attempt}-${activeTenant?.tenantId}`}
                onRetry={() => setAttempt((n) => n + 1)}
              >
                <Suspense fallback={<Skeleton label={en.common.loading} lines={6} />}>
                  {tenantSwitch.loading ? (
                    <Spinner label={en.tenantSwitcher.switching} />
                  ) : (
                    Page && (
                      <Page
                        metadata={metadata ?? {}}
                        available={AVAILABLE_PAGES}
                        onConfigurationChange={() => setConfigurationVersion((n) => n + 1)}
                      />
                    )
                  )}
                </Suspense>
              </PageErrorBoundary>
            </OverlayContext.Provider>
          </div>
        </div>
      </div>
      <div ref={setOverlayRoot} part="overlays" />
    </>
  );
}
