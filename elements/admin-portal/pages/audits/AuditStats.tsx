import { en } from '../../../i18n/en';
import { Skeleton } from '../../../ui/Skeleton';
import { mutedStyle } from '../../../ui/styles';
import type { useLoad } from '../../../ui/useListPage';
import { statStyle, statValueStyle, statsStyle, t } from './auditsParts';
import type { AuditStats as Stats } from '../../../../core/api/audits';

/** The stats above the list: events today, severe events this week. */
export function AuditStats({ stats }: { stats: ReturnType<typeof useLoad<Stats>>['load'] }) {
  return (
    <section aria-label={t.stats}>
      {stats.status === 'loading' && <Skeleton label={en.common.loading} lines={1} />}
      {stats.status === 'error' && <p css={mutedStyle}>{t.statsFailed}</p>}
      {stats.status === 'ready' && (
        <dl css={statsStyle}>
          <div css={statStyle} part="audits-total-today">
            <dt css={mutedStyle}>{t.totalToday}</dt>
            <dd css={statValueStyle}>{stats.data.totalToday}</dd>
          </div>
          <div css={statStyle} part="audits-severe-week">
            <dt css={mutedStyle}>{t.severeThisWeek}</dt>
            <dd css={statValueStyle}>{stats.data.severeThisWeek}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
