import type { Dispatch, SetStateAction } from 'react';
import { AUDIT_SEVERITIES } from '../../../../core/api/audits';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { type Filters, type TextFilter, filtersStyle, t } from './auditsParts';

/** The per-column filters: email, action and IP as typed, severity, date; a way to clear them. */
export function AuditFilters({
  draft,
  onChange,
}: {
  draft: Filters;
  onChange: Dispatch<SetStateAction<Filters>>;
}) {
  const setFilter = (name: keyof Filters) => (value: string) => onChange((d) => ({ ...d, [name]: value }));
  const anyFilter = Object.values(draft).some(Boolean);
  const textFilter = (name: TextFilter) => (
    <TextField
      key={name}
      label={t.filters[name]}
      value={draft[name] ?? ''}
      maxLength={200}
      partName={`audits-filter-${name}`}
      onChange={(event) => setFilter(name)(event.target.value)}
    />
  );
  return (
    <fieldset css={filtersStyle}>
      <legend>{t.filtersLabel}</legend>
      {textFilter('email')}
      {textFilter('action')}
      {textFilter('ip')}
      <SelectField
        label={t.filters.severity}
        value={draft.severity ?? ''}
        partName="audits-filter-severity"
        options={[
          { value: '', label: t.anySeverity },
          ...AUDIT_SEVERITIES.map((s) => ({ value: s, label: t.severities[s] ?? s })),
        ]}
        onChange={(event) => setFilter('severity')(event.target.value)}
      />
      <TextField
        label={t.filters.createdAt}
        type="date"
        value={draft.createdAt ?? ''}
        partName="audits-filter-date"
        onChange={(event) => setFilter('createdAt')(event.target.value)}
      />
      {anyFilter && (
        <Button variant="secondary" partName="audits-clear-filters" onClick={() => onChange({})}>
          {t.clearFilters}
        </Button>
      )}
    </fieldset>
  );
}
