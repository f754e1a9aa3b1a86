/**
 * The security centre (issue 15; spec 001 §2 "security centre with recommendations, insights, and
 * tables of breached-password users, unenrolled-MFA users and inactive users", §3, §7, §9 "page size
 * 10, offset 0; inactive users threshold 7776000 s"): the score, the recommendations (most severe
 * first), the insights, and three tables of members, 10 a page, each loading and failing on its own
 * (§4 "Security-centre list failure is stored per list"). "Send reset emails" asks first, then says
 * how many were sent, and everything reloads. Shown while the flag `security-center-admin-portal`
 * is on (core/portal/pages.ts).
 */
import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import {
  createSecurityCenterApi,
  type CampaignResult,
  type SecurityCenterTable,
} from '../../../../core/api/securityCenter';
import type { TeamUser } from '../../../../core/api/team';
import { SECURITY_CENTER_PAGE_SIZE, type Insight } from '../../../../core/contract/securityCenter';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { securityCenter as t } from '../../../i18n/securityCenter.en';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ListTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page, Section, sectionStyle, stackListStyle } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { mutedStyle } from '../../../ui/styles';
import { useListPage, useLoad } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';

const TITLE_ID = 'ae-portal-security-center-title';
const SEVERITY_TONES = { SEVERE: 'danger', WARNING: 'warning', INFO: 'neutral' } as const;

const scoreStyle = css(sectionStyle, {
  flexDirection: 'row',
  alignItems: 'baseline',
  gap: '12px',
  flexWrap: 'wrap',
});
const scoreValueStyle = css({ fontSize: '2em', fontWeight: 700, margin: 0, lineHeight: 1.1 });
const listStyle = css(stackListStyle(8), {
  li: { display: 'flex', gap: '8px', alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 },
});

/** The figure behind an insight, when it carries one. */
function insightFigure(insight: Insight): string | null {
  const m = insight.metadata;
  if (!m) return null;
  if (insight.category === 'MFA' && m.totalUsers !== undefined)
    return [
      t.usage(m.mfa?.enrolledUsersCount ?? 0, m.totalUsers),
      t.stale(m.inactivity?.staleUsersCount ?? 0),
      t.neverSignedIn(m.inactivity?.neverSignedInUsersCount ?? 0),
    ]
      .filter(Boolean)
      .join(' ');
  if (m.password?.breachedPasswordUsersCount) return t.breachedCount(m.password.breachedPasswordUsersCount);
  return null;
}

function MembersTable({
  api,
  table,
  reloadKey,
  onTotal,
  action,
}: {
  api: ReturnType<typeof createSecurityCenterApi>;
  table: SecurityCenterTable;
  reloadKey: number;
  onTotal?: (total: number) => void;
  /** The table's bulk action, under it (the breached table's reset emails). */
  action?: ReactNode;
}) {
  const texts = t.tables[table];
  const list = useListPage<TeamUser>({
    fetch: (q) =>
      api.users(table, { page: q.page, pageSize: q.pageSize, filter: q.filter }).then((page) => {
        onTotal?.(page._metadata.totalItems);
        return {
          items: page.items,
          totalItems: page._metadata.totalItems,
          totalPages: page._metadata.totalPages,
        };
      }),
    deps: [api, table, reloadKey],
    pageSize: SECURITY_CENTER_PAGE_SIZE,
  });
  const columns: Array<Column<TeamUser>> = [
    { id: 'name', header: t.columns.name, cell: (u) => u.name, part: 'member-name' },
    { id: 'email', header: t.columns.email, cell: (u) => u.email, nowrap: true, part: 'member-email' },
    {
      id: 'roles',
      header: t.columns.roles,
      cell: (u) => u.roles.map((r) => r.name ?? r.key).join(', ') || t.noRoles,
      part: 'member-roles',
    },
    // Members who never signed in have no last sign-in to show: when they were added instead.
    table === 'never'
      ? { id: 'createdAt', header: t.columns.added, cell: (u) => formatDate(u.createdAt, ''), nowrap: true }
      : {
          id: 'lastLogin',
          header: t.columns.lastLogin,
          cell: (u) => formatDate(u.lastLogin, t.never),
          nowrap: true,
        },
  ];
  const titleId = `ae-security-center-${table}`;
  return (
    <Section titleId={titleId} title={texts.title} partName={`security-center-${table}`}>
      <ListTable
        list={list}
        search={{ label: t.search, part: `security-center-${table}-search`, maxLength: 100 }}
        texts={{
          empty: list.filter ? t.noMatch : texts.empty,
          loadFailed: t.loadFailed,
          total: t.total,
          pagination: t.pagination(texts.title),
        }}
        totalPart={`security-center-${table}-total`}
        caption={texts.title}
        columns={columns}
        rowKey={(u) => u.id}
        rowLabel={(u) => u.email}
        tablePart={`security-center-${table}-table`}
        rowPart="security-center-member"
      />
      {action}
    </Section>
  );
}

export default function SecurityCenterPage(_props: PortalPageProps) {
  const { canRead, can } = usePermissions();
  const allowed = canRead('securityCenter');
  const api = usePageApi(createSecurityCenterApi);
  const [reloadKey, setReloadKey] = useState(0);
  const recommendations = useLoad(() => api.recommendations(), [api, reloadKey], allowed);
  const insights = useLoad(() => api.insights(), [api, reloadKey], allowed);
  const [breachedTotal, setBreachedTotal] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CampaignResult | null>(null);

  if (!allowed) return <NoPermission title={enPortal.portal.pageTitles.securityCenter} titleId={TITLE_ID} />;

  const mayReset = can('fe.secure.write.users');
  async function sendResets() {
    const answer = await api.sendBreachedPasswordResets();
    setConfirming(false);
    setResult({ sent: answer.sent ?? breachedTotal, skipped: answer.skipped ?? 0 });
    setReloadKey((k) => k + 1);
  }

  return (
    <Page title={enPortal.portal.pageTitles.securityCenter} titleId={TITLE_ID} description={t.description}>
      <section aria-label={t.score} css={scoreStyle} part="security-center-score">
        {recommendations.load.status === 'loading' && <Skeleton label={en.common.loading} lines={1} />}
        {recommendations.load.status === 'error' && <Alert>{t.scoreFailed}</Alert>}
        {recommendations.load.status === 'ready' && (
          <>
            <span css={mutedStyle}>{t.score}</span>
            <span css={scoreValueStyle} part="security-center-score-value">
              {recommendations.load.data.scoring.score}
            </span>
            <span css={mutedStyle}>{t.outOf}</span>
          </>
        )}
      </section>

      {result && (
        <InlineStatus
          partName="security-center-resets-sent"
          onDismiss={() => setResult(null)}
          timeoutMs={15000}
        >
          {t.sent(result.sent, result.skipped)}
        </InlineStatus>
      )}

      <Section
        titleId="ae-security-center-recommendations"
        title={t.recommendations}
        partName="security-center-recommendations"
      >
        {recommendations.load.status === 'loading' && <Skeleton label={en.common.loading} lines={3} />}
        {recommendations.load.status === 'ready' &&
          (recommendations.load.data.recommendations.items.length === 0 ? (
            <p css={mutedStyle}>{t.noRecommendations}</p>
          ) : (
            <ul css={listStyle}>
              {recommendations.load.data.recommendations.items.map((r) => (
                <li key={r.code} part="security-center-recommendation" data-code={r.code}>
                  <Badge tone={SEVERITY_TONES[r.severity]} partName={`severity-${r.severity.toLowerCase()}`}>
                    {t.severities[r.severity] ?? r.severity}
                  </Badge>
                  <Badge>{t.categories[r.category] ?? r.category}</Badge>
                  <span>{t.recommendationTexts[r.code] ?? r.code}</span>
                  {r.actions?.some((x) => x.key === 'SEND_RESET_BREACHED_PASSWORD_EMAIL') && mayReset && (
                    <Button
                      variant="secondary"
                      partName="security-center-send-resets"
                      onClick={() => setConfirming(true)}
                    >
                      {t.sendResets}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </Section>

      <Section titleId="ae-security-center-insights" title={t.insights} partName="security-center-insights">
        {insights.load.status === 'loading' && <Skeleton label={en.common.loading} lines={3} />}
        {insights.load.status === 'error' && <Alert>{t.insightsFailed}</Alert>}
        {insights.load.status === 'ready' && (
          <ul css={listStyle}>
            {insights.load.data.insights.items.map((i) => (
              <li key={i.code} part="security-center-insight" data-code={i.code}>
                <Badge>{t.categories[i.category] ?? i.category}</Badge>
                <span>
                  {t.insightTexts[i.code] ?? i.code}
                  {insightFigure(i) && <span css={mutedStyle}> {insightFigure(i)}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <MembersTable
        api={api}
        table="breached"
        reloadKey={reloadKey}
        onTotal={setBreachedTotal}
        action={
          mayReset &&
          breachedTotal > 0 && (
            <div>
              <Button partName="security-center-send-resets-bulk" onClick={() => setConfirming(true)}>
                {t.sendResets}
              </Button>
            </div>
          )
        }
      />
      <MembersTable api={api} table="mfa" reloadKey={reloadKey} />
      <MembersTable api={api} table="inactive" reloadKey={reloadKey} />
      <MembersTable api={api} table="never" reloadKey={reloadKey} />

      {confirming && (
        <ConfirmDialog
          title={t.confirmTitle}
          titleId="ae-security-center-confirm-title"
          body={t.confirmBody(breachedTotal)}
          confirmLabel={t.sendResets}
          busyLabel={t.sending}
          onClose={() => setConfirming(false)}
          onConfirm={sendResets}
        />
      )}
    </Page>
  );
}
