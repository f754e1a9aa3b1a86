/**
 * The security page's IP restrictions tab (spec 001 §2 tab ipRestrictions, §3, §4 "adding the
 * user's own IP creates an allow entry and activates the config. After each change, reload the list
 * and re-check whether the current IP is allowed", §9 page size 4). Turning on a config that would
 * refuse the administrator's own address asks first. Its own chunk, loaded with the tab.
 */
import { useState, type FormEvent } from 'react';
import {
  createSecurityPoliciesApi,
  IP_PAGE_SIZE,
  type IpConfig,
  type IpRestriction,
  type IpStrategy,
} from '../../../../core/api/securityPolicies';
import { enPortal } from '../../../i18n/en-portal';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { LoadFailed, readableWidthStyle } from '../../../ui/Page';
import { RestrictionConfig, RestrictionEntries } from './RestrictionEntries';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { listData, useListPage } from '../../../ui/useListPage';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { useLoad } from '../../../ui/useListPage';
import { usePageApi } from '../common/adminParts';

const t = enPortal.portal.security.ip;

/** Whether `ip` looks like an address or a CIDR range (the server parses it for real). */
const looksLikeIp = (value: string) =>
  /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?)$/i.test(value.trim());

export default function IpRestrictionsTab({ writable }: { writable: boolean }) {
  const api = usePageApi(createSecurityPoliciesApi);
  const { load, reload } = useLoad(
    () => Promise.all([api.ipConfig(), api.myIp(), api.verifyIp(), api.verifyIpAllowed()]),
    [api],
  );
  const [shownList, setShownList] = useState<IpStrategy>('ALLOW');
  const list = useListPage<IpRestriction>({
    fetch: (query) =>
      api.ipRestrictions({ page: query.page, pageSize: query.pageSize, strategy: shownList }).then(listData),
    deps: [api, shownList],
    pageSize: IP_PAGE_SIZE,
  });
  const [status, setStatus] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<IpConfig | null>(null);
  const [draft, setDraft] = useState<IpConfig | null>(null);
  const [entry, setEntry] = useState({ ip: '', description: '' });
  const [entryError, setEntryError] = useState<string | null>(null);
  const submit = useSubmit();
  // The add form's own call: its refusal belongs to the address field, not to the settings above.
  const adding = useSubmit();

  /** Spec 001 §4: after each change, reload the list and check the current address again. */
  const afterChange = (text: string) => {
    setStatus(text);
    list.reload();
    reload();
  };

  if (load.status === 'loading') return null;
  if (load.status === 'error')
    return <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />;
  const [saved, me, allowedNow, onAllowList] = load.data;
  const config = draft ?? saved;
  const myIp = me.ip;

  /** Saves the config, asking first when it would refuse the administrator's own address. */
  async function saveConfig(next: IpConfig, confirmed = false) {
    const locksMeOut = next.isActive && (next.strategy === 'ALLOW' ? !onAllowList.valid : false);
    setStatus(null);
    if (locksMeOut && !confirmed) {
      setConfirm(next);
      return;
    }
    await submit.run(async () => {
      await api.saveIpConfig(next);
      setDraft(null);
      afterChange(t.configSaved);
    });
  }
  async function addMyIp() {
    if (!myIp) return;
    setStatus(null);
    await submit.run(async () => {
      await api.addIp({ ip: myIp, strategy: 'ALLOW', description: t.myIpDescription });
      await api.saveIpConfig({ isActive: true, strategy: 'ALLOW' });
      setDraft(null);
      setShownList('ALLOW');
      afterChange(t.myIpAdded(myIp));
    });
  }
  async function addEntry(event: FormEvent) {
    event.preventDefault();
    // A new attempt: the last one's "was added" no longer describes what is on screen.
    setStatus(null);
    if (!looksLikeIp(entry.ip)) {
      setEntryError(t.ipInvalid);
      return;
    }
    await adding.run(async () => {
      await api.addIp({
        ip: entry.ip.trim(),
        strategy: shownList,
        ...(entry.description.trim() ? { description: entry.description.trim() } : {}),
      });
      setEntry({ ip: '', description: '' });
      afterChange(t.added(entry.ip.trim()));
    });
  }

  const columns: Array<Column<IpRestriction>> = [
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

  return (
    <>
      <RestrictionConfig
        texts={{ ...t, listLabel: t.strategy, lists: t.strategies, save: t.saveConfig }}
        part="ip"
        active={config.isActive}
        list={config.strategy}
        change={(next) =>
          setDraft({ isActive: next.active ?? config.isActive, strategy: next.list ?? config.strategy })
        }
        save={() => void saveConfig(config)}
        writable={writable}
        busy={submit.busy}
        error={submit.error}
        status={status}
        onDismissStatus={() => setStatus(null)}
        before={
          <p css={mutedStyle} role="status" part="current-ip">
            {myIp ? (allowedNow.valid ? t.youAreAllowed(myIp) : t.youAreRefused(myIp)) : t.noIp}
          </p>
        }
        more={
          myIp &&
          !onAllowList.valid && (
            <Button
              variant="secondary"
              partName="add-my-ip"
              disabled={submit.busy}
              onClick={() => void addMyIp()}
            >
              {t.addMyIp}
            </Button>
          )
        }
      />

      <RestrictionEntries
        texts={{ ...t, title: t.listTitle }}
        caption={t.lists[shownList]}
        columns={columns}
        load={list.load}
        nameOf={(row) => row.ip}
        part="ip"
        writable={writable}
        onRetry={list.reload}
        onRemove={async (row) => {
          await api.deleteIp(row.id);
          afterChange(t.removed(row.ip));
        }}
        pagination={{ label: t.pages, page: list.page, pageSize: list.pageSize, onPage: list.setPage }}
        picker={
          <div css={readableWidthStyle}>
            <SelectField
              label={t.show}
              value={shownList}
              partName="ip-list"
              options={[
                { value: 'ALLOW', label: t.lists.ALLOW },
                { value: 'BLOCK', label: t.lists.BLOCK },
              ]}
              onChange={(event) => {
                setShownList(event.target.value as IpStrategy);
                list.restart();
              }}
            />
          </div>
        }
        addForm={
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
                {t.add[shownList]}
              </Button>
            </div>
          </form>
        }
      />

      {confirm && (
        <ConfirmDialog
          title={t.lockoutTitle}
          titleId="ae-ip-lockout-title"
          body={t.lockoutBody(myIp ?? '')}
          confirmLabel={t.saveAnyway}
          busyLabel={t.saving}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await api.saveIpConfig(confirm);
            setConfirm(null);
            setDraft(null);
            afterChange(t.configSaved);
          }}
        />
      )}
    </>
  );
}
