import { css } from '@emotion/react';
import { type AuditColumnName, type AuditRecord } from '../../../../core/api/audits';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { formatDateTime } from '../../../ui/formatDate';
import { sectionStyle } from '../../../ui/Page';

export const t = enPortal.portal.audits;
export const a = portalAdmin.common;
export type TextFilter = 'email' | 'action' | 'ip';
export type Filters = Partial<Record<TextFilter | 'severity' | 'createdAt', string>>;

export const statsStyle = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '12px',
  margin: 0,
});
export const statStyle = css(sectionStyle, { gap: '4px', padding: '14px 16px' });
export const statValueStyle = css({ fontSize: '1.6em', fontWeight: 650, margin: 0, lineHeight: 1.2 });
export const filtersStyle = css({
  // A row of its own under the search box, however wide the toolbar is.
  '&&': { flex: '1 1 100%', maxWidth: 'none' },
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
  gap: '12px',
  alignItems: 'end',
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  legend: { padding: 0, marginBottom: '8px', fontWeight: 600 },
});
export const detailsListStyle = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, max-content) minmax(0, 1fr)',
  gap: '8px 16px',
  margin: 0,
  dt: { fontWeight: 600 },
  dd: { margin: 0, overflowWrap: 'anywhere' },
});

/** A record's value of a column, as text for the table and the details. */
export function valueOf(record: AuditRecord, name: AuditColumnName): string {
  if (name === 'createdAt') return formatDateTime(record.createdAt, '');
  if (name === 'json') return record.json.map((d) => `${d.key}: ${JSON.stringify(d.value)}`).join('\n');
  return String(record[name] ?? '');
}
