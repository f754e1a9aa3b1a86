import { useState } from 'react';
import { createConnectivityApi, type EventCategory } from '../../../../core/api/connectivity';
import { enPortal } from '../../../i18n/en-portal';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Page } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import { mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { EmailSmsTab } from './EmailSmsTab';
import { SlackTab } from './SlackTab';
import { WebhooksTab } from './WebhooksTab';

type Tab = 'webhooks' | 'email' | 'sms' | 'slack';
const TABS: Tab[] = ['webhooks', 'email', 'sms', 'slack'];
/**
 * Connectivity (spec 001 §2 "connectivity settings (slack, email, sms, webhook, logs, test, retry)",
 * the webhooks page): webhooks with their events, the secret shown once, logs 10 a page, test and
 * retry; email, SMS and Slack per event. Save rules: core/portal/connectivityRules.ts.
 */
export default function ConnectivityPage(_props: PortalPageProps) {
  const api = usePageApi(createConnectivityApi);
  const { can, canRead } = usePermissions();
  const allowed = canRead('webhooks');
  const canWrite = can('fe.connectivity.write.webhooks');
  const [tab, setTab] = useState<Tab>('webhooks');
  // Spec 001 §8 "Connectivity load failures are swallowed silently": an empty catalogue.
  const catalogue = useLoad(() => api.categories().catch(() => [] as EventCategory[]), [api], allowed);
  const titleId = 'ae-portal-webhooks-title';
  const title = enPortal.portal.pageTitles.webhooks;
  if (!allowed) return <NoPermission title={title} titleId={titleId} />;
  const categories = catalogue.load.status === 'ready' ? catalogue.load.data : null;

  return (
    <Page title={title} titleId={titleId} description={t.intro}>
      {!canWrite && (
        <p css={mutedStyle} role="note">
          {t.readOnly}
        </p>
      )}
      <Tabs
        label={t.tabsLabel}
        idPrefix="ae-connectivity-tab"
        tabs={TABS.map((value) => ({ value, label: t.tabs[value] }))}
        selected={tab}
        onSelect={setTab}
      />
      <div
        role="tabpanel"
        id={`ae-connectivity-tab-${tab}-panel`}
        aria-labelledby={`ae-connectivity-tab-${tab}`}
      >
        {!categories ? (
          <Skeleton label={t.loading} lines={4} />
        ) : tab === 'webhooks' ? (
          <WebhooksTab api={api} categories={categories} canWrite={canWrite} />
        ) : tab === 'slack' ? (
          <SlackTab api={api} categories={categories} canWrite={canWrite} />
        ) : (
          <EmailSmsTab key={tab} api={api} channel={tab} categories={categories} canWrite={canWrite} />
        )}
      </div>
    </Page>
  );
}
