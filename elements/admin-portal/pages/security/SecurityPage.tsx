/**
 * Security (spec 001 §2 "Security page tabs: sessionManagement, generalSettings, ipRestrictions,
 * domainRestrictions"; "Session tab fields: idleSessionTimeout, forceReLogin,
 * maximumConcurrentSessions"; "General settings tab fields: mfa, userLockout, passwordHistory").
 * Each policy is saved as the client SDK saves it (PATCH with an id, else POST) and enforced by the
 * server (server/domain/security-policies.ts); IP restrictions in their own tab (IpRestrictionsTab.tsx).
 * Email-domain restrictions in theirs (DomainRestrictionsTab.tsx), sign-in methods in theirs
 * (SignInMethodsTab.tsx; a tab of ours, not in spec 001 §2).
 */
import { css } from '@emotion/react';
import { lazy, Suspense, useState } from 'react';
import { createSecurityPoliciesApi } from '../../../../core/api/securityPolicies';
import { PREVIEW_DEFAULT_FLAGS } from '../../../../core/featureFlags/previewFlags';
import { fieldAppearance, tabAppearance, type FieldAppearance } from '../../../../core/portal/appearance';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { LoadFailed, Page } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import { mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { useLoad } from '../../../ui/useListPage';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { usePreviewFlags } from '../common/usePreviewFlags';
import { MfaSettings, ToggledPolicy } from './GeneralSettings';
import { SessionSettings } from './SessionSettings';

const t = enPortal.portal.security;
const TITLE_ID = 'ae-portal-security-title';
const TABS = [
  'sessionManagement',
  'generalSettings',
  'ipRestrictions',
  'domainRestrictions',
  'signInMethods',
] as const;
/** The IP restrictions tab: its own chunk, loaded when opened. */
const IpRestrictionsTab = lazy(() => import('./IpRestrictionsTab'));
const DomainRestrictionsTab = lazy(() => import('./DomainRestrictionsTab'));
const SignInMethodsTab = lazy(() => import('./SignInMethodsTab'));
/** The tabs that load their own data. */
const OWN_DATA: readonly Tab[] = ['ipRestrictions', 'domainRestrictions', 'signInMethods'];
type Tab = (typeof TABS)[number];
/** The tabs of a preview-default flag: shown until the vendor turns it off (core/featureFlags/previewFlags.ts). */
const TAB_PREVIEW_FLAGS: Partial<Record<Tab, string>> = {
  ipRestrictions: PREVIEW_DEFAULT_FLAGS.ipRestrictions,
  domainRestrictions: PREVIEW_DEFAULT_FLAGS.domainRestrictions,
};
const PREVIEW_KEYS = Object.values(TAB_PREVIEW_FLAGS);

/** A tab's sections, one under the other with room between them. */
const panelStyle = css({ display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 });

export default function SecurityPage({ metadata }: PortalPageProps) {
  const { canRead, can } = usePermissions();
  const api = usePageApi(createSecurityPoliciesApi);
  const allowed = canRead('security');
  const writable = can('fe.secure.write.securityPolicy');
  const [tab, setTab] = useState<Tab>('sessionManagement');
  const preview = usePreviewFlags(PREVIEW_KEYS);
  const tabs = TABS.filter((name) => {
    const flag = TAB_PREVIEW_FLAGS[name];
    return tabAppearance(metadata, 'security', name) !== 'hidden' && (!flag || preview[flag]);
  });
  const shown = tabs.includes(tab) ? tab : tabs[0];
  const look = (field: string): FieldAppearance =>
    writable ? fieldAppearance(metadata, 'security', field) : 'viewOnly';
  const { load, reload } = useLoad(
    () => Promise.all([api.sessions(), api.mfa(), api.lockout(), api.passwordHistory()]),
    [api],
    allowed,
  );

  if (!allowed) return <NoPermission title={enPortal.portal.pageTitles.security} titleId={TITLE_ID} />;
  return (
    <Page title={enPortal.portal.pageTitles.security} titleId={TITLE_ID} description={t.description}>
      {!writable && (
        <p css={mutedStyle} role="note">
          {t.readOnly}
        </p>
      )}
      {tabs.length > 1 && shown && (
        <Tabs
          label={t.tabsLabel}
          idPrefix="ae-security-tab"
          tabs={tabs.map((value) => ({ value, label: t.tabs[value] }))}
          selected={shown}
          onSelect={setTab}
        />
      )}
      <div
        css={panelStyle}
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={shown ? `ae-security-tab-${shown}-panel` : undefined}
        aria-labelledby={tabs.length > 1 && shown ? `ae-security-tab-${shown}` : undefined}
      >
        {load.status === 'error' && <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />}
        {shown && OWN_DATA.includes(shown) && (
          <Suspense fallback={<Skeleton label={en.common.loading} lines={6} />}>
            {shown === 'ipRestrictions' ? (
              <IpRestrictionsTab writable={writable} />
            ) : shown === 'signInMethods' ? (
              <SignInMethodsTab writable={writable} />
            ) : (
              <DomainRestrictionsTab writable={writable} />
            )}
          </Suspense>
        )}
        {shown && !OWN_DATA.includes(shown) && load.status === 'loading' && (
          <Skeleton label={en.common.loading} lines={6} />
        )}
        {load.status === 'ready' && shown === 'sessionManagement' && (
          <SessionSettings saved={load.data[0]} look={look} save={api.saveSessions} />
        )}
        {load.status === 'ready' && shown === 'generalSettings' && (
          <>
            {look('mfa') !== 'hidden' && <MfaSettings saved={load.data[1]} look={look('mfa')} api={api} />}
            {look('userLockout') !== 'hidden' && (
              <ToggledPolicy
                saved={load.data[2]}
                number={load.data[2].maxAttempts}
                limit="maxAttempts"
                texts={t.lockout}
                look={look('userLockout')}
                save={(policy) => api.saveLockout(policy)}
                partName="lockout"
              />
            )}
            {look('passwordHistory') !== 'hidden' && (
              <ToggledPolicy
                saved={load.data[3]}
                number={load.data[3].historySize}
                limit="historySize"
                texts={t.history}
                look={look('passwordHistory')}
                save={(policy) => api.savePasswordHistory(policy)}
                partName="password-history"
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
