/**
 * Usage (spec 001 §2 page "usage", shown with the flag fe-usage-page and the permission
 * fe.usage.read): the account's members, those who signed in over the window, API tokens,
 * sub-accounts, and sign-ins per day (GET /tenants/resources/usage/v1, core/domain/usage.ts).
 */
import { css } from '@emotion/react';
import { createUsageApi, type AccountUsage } from '../../../../core/portal/usageApi';
import { en } from '../../../i18n/en';
import { formatDate, formatNumber } from '../../../i18n/format';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { LoadFailed, Page, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { statStyle, statValueStyle, statsStyle } from '../audits/auditsParts';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';

const t = portalAdmin.usage;
const TITLE_ID = 'ae-portal-usage-title';
const WINDOW_DAYS = 30;

const tableStyle = css({ borderCollapse: 'collapse', width: '100%', maxWidth: '640px' });
const cellStyle = css({ padding: '2px 8px', textAlign: 'start', whiteSpace: 'nowrap', fontWeight: 'normal' });
const barCellStyle = css({ padding: '2px 8px', width: '100%' });
const barStyle = css({
  display: 'inline-block',
  height: '10px',
  minWidth: '2px',
  borderRadius: '2px',
  background: 'var(--ae-color-primary)',
  verticalAlign: 'middle',
});

export default function UsagePage(_props: PortalPageProps) {
  const { canRead } = usePermissions();
  const allowed = canRead('usage');
  const api = usePageApi(createUsageApi);
  const { load, reload } = useLoad(() => api.read(), [api], allowed);
  const title = enPortal.portal.pageTitles.usage;
  if (!allowed) return <NoPermission title={title} titleId={TITLE_ID} />;
  return (
    <Page title={title} titleId={TITLE_ID} description={t.description(WINDOW_DAYS)}>
      {load.status === 'loading' && <Skeleton label={en.common.loading} lines={6} />}
      {load.status === 'error' && <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />}
      {load.status === 'ready' && <UsageFigures usage={load.data} />}
    </Page>
  );
}

function UsageFigures({ usage }: { usage: AccountUsage }) {
  const figures: Array<[string, string, number]> = [
    ['usage-members', t.members, usage.members],
    ['usage-active-members', t.activeMembers(usage.windowDays), usage.activeMembers],
    ['usage-account-tokens', t.accountTokens, usage.apiTokens.account],
    ['usage-personal-tokens', t.personalTokens, usage.apiTokens.personal],
    ['usage-sub-accounts', t.subAccounts, usage.subAccounts],
  ];
  const most = Math.max(1, ...usage.signInsPerDay.map((d) => d.count));
  const total = usage.signInsPerDay.reduce((sum, d) => sum + d.count, 0);
  return (
    <>
      <section aria-label={t.figuresLabel}>
        <dl css={statsStyle}>
          {figures.map(([part, label, value]) => (
            <div key={part} css={statStyle} part={part}>
              <dt css={mutedStyle}>{label}</dt>
              <dd css={statValueStyle}>{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section css={sectionStyle} aria-labelledby="ae-usage-sign-ins-title" part="usage-sign-ins">
        <h3 id="ae-usage-sign-ins-title" css={sectionTitleStyle}>
          {t.signIns}
        </h3>
        <p css={mutedStyle} part="usage-sign-ins-total">
          {t.signInsTotal(total, usage.windowDays)}
        </p>
        <table css={tableStyle}>
          <thead>
            <tr>
              <th css={cellStyle} scope="col">
                {t.date}
              </th>
              <th css={cellStyle} scope="col">
                {t.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...usage.signInsPerDay].reverse().map((day) => (
              <tr key={day.date} part="usage-day">
                {/* Midday UTC: the same calendar day in every time zone. */}
                <th css={cellStyle} scope="row">
                  {formatDate(`${day.date}T12:00:00Z`, day.date)}
                </th>
                <td css={barCellStyle}>
                  <span css={barStyle} style={{ width: `${(day.count / most) * 80}%` }} aria-hidden="true" />{' '}
                  {formatNumber(day.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
