/**
 * The security page's email-domain restrictions tab (spec 001 §2 tab domainRestrictions, §3
 * "restrictSignupByEmailDomain"): whether the account restricts who may join by email domain, with
 * an allow or a block list and public email providers refused or not, and the list's domains. The
 * server enforces it at sign-up, invitation and single sign-on
 * (server/domain/email-domain-restrictions.ts). Its own chunk, loaded with the tab.
 */
import { useState, type FormEvent } from 'react';
import {
  createSecurityPoliciesApi,
  looksLikeDomain,
  type EmailDomainConfig,
  type EmailDomainRestriction,
  type IpStrategy,
} from '../../../../core/api/securityPolicies';
import { enPortal } from '../../../i18n/en-portal';
import { Button } from '../../../ui/Button';
import type { Column } from '../../../ui/DataTable';
import { LoadFailed, readableWidthStyle } from '../../../ui/Page';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { formStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { usePageApi } from '../common/adminParts';
import { useLoad } from '../../../ui/useListPage';
import { RestrictionConfig, RestrictionEntries } from './RestrictionEntries';

const t = enPortal.portal.security.domains;

export default function DomainRestrictionsTab({ writable }: { writable: boolean }) {
  const api = usePageApi(createSecurityPoliciesApi);
  const config = useLoad(() => api.domainConfig(), [api]);
  const entries = useLoad(() => api.domains(), [api]);
  const [draft, setDraft] = useState<EmailDomainConfig | null>(null);
  const [domain, setDomain] = useState('');
  const [domainError, setDomainError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const submit = useSubmit();
  // The add form's own call: its refusal belongs to the domain field, not to the settings above.
  const adding = useSubmit();

  if (config.load.status === 'loading') return null;
  if (config.load.status === 'error')
    return <LoadFailed text={`${t.loadFailed} ${config.load.message}`} onRetry={config.reload} />;
  const shown = draft ?? config.load.data;
  const listType: IpStrategy = shown.listType;
  const afterChange = (text: string) => {
    setStatus(text);
    entries.reload();
  };

  async function addDomain(event: FormEvent) {
    event.preventDefault();
    // A new attempt: the last one's "was added" no longer describes what is on screen.
    setStatus(null);
    if (!looksLikeDomain(domain)) {
      setDomainError(t.domainInvalid);
      return;
    }
    await adding.run(async () => {
      const added = await api.addDomain(domain.trim(), listType);
      setDomain('');
      afterChange(t.added(added.domain));
    });
  }

  const columns: Array<Column<EmailDomainRestriction>> = [
    { id: 'domain', header: t.columns.domain, cell: (row) => row.domain },
  ];
  const rows =
    entries.load.status === 'ready'
      ? {
          status: 'ready' as const,
          data: (() => {
            const items = entries.load.data.items.filter((d) => d.type === listType);
            return { items, totalItems: items.length, totalPages: 1 };
          })(),
        }
      : entries.load;

  return (
    <>
      <RestrictionConfig
        texts={{ ...t, listLabel: t.listType, lists: t.listTypes, save: t.saveConfig }}
        part="domains"
        active={shown.active}
        list={listType}
        change={(next) =>
          setDraft({ ...shown, active: next.active ?? shown.active, listType: next.list ?? shown.listType })
        }
        save={() => {
          setStatus(null);
          void submit.run(async () => {
            await api.saveDomainConfig(shown);
            setDraft(null);
            config.reload();
            setStatus(t.configSaved);
          });
        }}
        writable={writable}
        busy={submit.busy}
        error={submit.error}
        status={status}
        onDismissStatus={() => setStatus(null)}
        extra={
          <Switch
            checked={shown.blockPublicDomains}
            disabled={!writable}
            partName="domains-block-public"
            onClick={() => setDraft({ ...shown, blockPublicDomains: !shown.blockPublicDomains })}
          >
            {t.blockPublic}
          </Switch>
        }
      />

      <RestrictionEntries
        texts={{ ...t, title: t.listTitle }}
        caption={t.lists[listType]}
        columns={columns}
        load={rows}
        nameOf={(row) => row.domain}
        part="domain"
        writable={writable}
        onRetry={entries.reload}
        onRemove={async (row) => {
          await api.deleteDomain(row.id);
          afterChange(t.removed(row.domain));
        }}
        addForm={
          <form css={[formStyle, readableWidthStyle]} noValidate onSubmit={(event) => void addDomain(event)}>
            <TextField
              label={t.domain}
              hint={t.domainHint}
              value={domain}
              error={domainError ?? adding.error}
              maxLength={253}
              partName="domain-input"
              onChange={(event) => {
                setDomain(event.target.value);
                setDomainError(null);
                adding.setError(null);
              }}
            />
            <div>
              <Button type="submit" variant="secondary" disabled={adding.busy}>
                {t.add[listType]}
              </Button>
            </div>
          </form>
        }
      />
    </>
  );
}
