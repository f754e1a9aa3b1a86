/**
 * The security page's IP restrictions tab (spec 001 §2 tab ipRestrictions, §3, §4 "adding the
 * user's own IP creates an allow entry and activates the config. After each change, reload the list
 * and re-check whether the current IP is allowed", §9 page size 4). Turning on a config that would
 * refuse the administrator's own address asks first. Its own chunk, loaded with the tab.
 */
import { useState } from 'react';
import {
  createSecurityPoliciesApi,
  IP_PAGE_SIZE,
  type IpConfig,
  type IpRestriction,
  type IpStrategy,
} from '../../../../core/api/securityPolicies';
import { enPortal } from '../../../i18n/en-portal';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { LoadFailed } from '../../../ui/Page';
import { IpEntryForm, IpListPicker, ipColumns, useIpEntry } from './IpRestrictionParts';
import { RestrictionConfig, RestrictionEntries } from './RestrictionEntries';
import { listData, useListPage } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { useLoad } from '../../../ui/useListPage';
import { usePageApi } from '../common/adminParts';

const t = enPortal.portal.security.ip;

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
  const submit = useSubmit();
  const entry = useIpEntry();

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
        columns={ipColumns()}
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
          <IpListPicker
            shown={shownList}
            onChange={(strategy) => {
              setShownList(strategy);
              list.restart();
            }}
          />
        }
        addForm={
          <IpEntryForm
            state={entry}
            strategy={shownList}
            add={(body) => api.addIp(body)}
            onStart={() => setStatus(null)}
            onAdded={(ip) => afterChange(t.added(ip))}
          />
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
