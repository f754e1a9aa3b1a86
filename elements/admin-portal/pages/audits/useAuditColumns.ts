import { useMemo } from 'react';
import { AUDIT_COLUMNS, type AuditColumn, type AuditsApi } from '../../../../core/api/audits';
import { useLoad } from '../../../ui/useListPage';

/** The columns the vendor's audits metadata names, or ours when it names none. */
export function useColumns(api: AuditsApi, enabled: boolean) {
  const metadata = useLoad(() => api.metadata(), [api], enabled);
  return useMemo<readonly AuditColumn[]>(() => {
    const listed = metadata.load.status === 'ready' ? metadata.load.data.rows[0]?.properties : undefined;
    const known = listed?.filter((p) => AUDIT_COLUMNS.some((c) => c.name === p.name));
    return known?.length ? known : AUDIT_COLUMNS;
  }, [metadata.load]);
}
