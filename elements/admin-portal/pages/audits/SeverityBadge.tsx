import { type AuditRecord } from '../../../../core/api/audits';
import { Badge } from '../../../ui/Badge';
import { t } from './auditsParts';

const SEVERITY_TONES = { Info: 'neutral', Medium: 'warning', High: 'danger', Critical: 'danger' } as const;

export function SeverityBadge({ severity }: { severity: AuditRecord['severity'] }) {
  return (
    <Badge tone={SEVERITY_TONES[severity] ?? 'neutral'} partName={`severity-${severity.toLowerCase()}`}>
      {t.severities[severity] ?? severity}
    </Badge>
  );
}
