/**
 * Parts of the IP restrictions tab (./IpRestrictionsTab.tsx): the list's columns, the picker of the
 * list shown, and the form that adds an address to it (its state kept by the tab).
 */
import { useState, type FormEvent } from 'react';
import type { IpRestriction, IpStrategy } from '../../../../core/api/securityPolicies';
import { enPortal } from '../../../i18n/en-portal';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import type { Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { readableWidthStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { formStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';

const t = enPortal.portal.security.ip;

/** Whether `ip` looks like an address or a CIDR range (the server parses it for real). */
const looksLikeIp = (value: string) =>
  /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?)$/i.test(value.trim());

/** The list's columns, in the page's language at the time of rendering. */
export const ipColumns = (): Array<Column<IpRestriction>> => [
  { id: 'ip', header: t.columns.ip, cell: (row) => row.ip, nowrap: true },
  { id: 'description', header: t.columns.description, cell: (row) => row.description ?? '' },
  {
    id: 'status',
    header: t.columns.status,
    cell: (row) => (
      <Badge tone={row.isActive ? 'success' : 'neutral'}>{row.isActive ? t.active : t.inactive}</Badge>
    ),
  },
  { id: 'createdAt', header: t.columns.added, nowrap: true, cell: (row) => formatDate(row.createdAt, '') },
];

export function IpListPicker({
  shown,
  onChange,
}: {
  shown: IpStrategy;
  onChange: (list: IpStrategy) => void;
}) {
  return (
    <div css={readableWidthStyle}>
      <SelectField
        label={t.show}
        value={shown}
        partName="ip-list"
        options={[
          { value: 'ALLOW', label: t.lists.ALLOW },
          { value: 'BLOCK', label: t.lists.BLOCK },
        ]}
        onChange={(event) => onChange(event.target.value as IpStrategy)}
      />
    </div>
  );
}

/** The add form's state, kept by the tab so that what is typed survives the tab's reloads. */
export function useIpEntry() {
  const [entry, setEntry] = useState({ ip: '', description: '' });
  const [entryError, setEntryError] = useState<string | null>(null);
  // The add form's own call: its refusal belongs to the address field, not to the settings above.
  const adding = useSubmit();
  return { entry, setEntry, entryError, setEntryError, adding };
}

/** Adds an address or a range to the list shown. */
export function IpEntryForm({
  state,
  strategy,
  add,
  onStart,
  onAdded,
}: {
  state: ReturnType<typeof useIpEntry>;
  strategy: IpStrategy;
  add: (entry: { ip: string; strategy: IpStrategy; description?: string }) => Promise<unknown>;
  /** A new attempt: the last one's "was added" no longer describes what is on screen. */
  onStart: () => void;
  onAdded: (ip: string) => void;
}) {
  const { entry, setEntry, entryError, setEntryError, adding } = state;
  async function addEntry(event: FormEvent) {
    event.preventDefault();
    onStart();
    if (!looksLikeIp(entry.ip)) {
      setEntryError(t.ipInvalid);
      return;
    }
    await adding.run(async () => {
      await add({
        ip: entry.ip.trim(),
        strategy,
        ...(entry.description.trim() ? { description: entry.description.trim() } : {}),
      });
      setEntry({ ip: '', description: '' });
      onAdded(entry.ip.trim());
    });
  }
  return (
    <form css={[formStyle, readableWidthStyle]} noValidate onSubmit={(event) => void addEntry(event)}>
      <TextField
        label={t.ip}
        hint={t.ipHint}
        value={entry.ip}
        error={entryError ?? adding.error}
        partName="ip-input"
        onChange={(event) => {
          setEntry((e) => ({ ...e, ip: event.target.value }));
          setEntryError(null);
          adding.setError(null);
        }}
      />
      <TextField
        label={t.descriptionLabel}
        optional
        value={entry.description}
        maxLength={200}
        onChange={(event) => setEntry((e) => ({ ...e, description: event.target.value }))}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={adding.busy}>
          {t.add[strategy]}
        </Button>
      </div>
    </form>
  );
}
