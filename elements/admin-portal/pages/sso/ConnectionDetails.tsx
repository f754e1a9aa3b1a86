import { css } from '@emotion/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  isSaml,
  ssoChanges,
  type SsoConfigApi,
  type SsoConnection,
  type SsoForm,
} from '../../../../core/api/ssoConfig';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { useChoice } from '../../../ui/CheckList';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { CopyField } from '../../../ui/CopyField';
import { FormField } from '../../../ui/FormField';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page, Section, stackListStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { Tabs } from '../../../ui/Tabs';
import { TextField } from '../../../ui/TextField';
import { formStyle, inputStyle, mutedStyle } from '../../../ui/styles';
import { useFormFields } from '../../../ui/useFormFields';
import { useActions, useSubmit } from '../../../ui/useSubmit';
import { RolesChoice, useAssignableRoles } from '../common/adminParts';

type Tab = 'provider' | 'domains' | 'roles';
const TABS: Tab[] = ['provider', 'domains', 'roles'];
const panelStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '20px',
  minWidth: 0,
  '&[hidden]': { display: 'none' },
});
const rowStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });
const itemStyle = css(rowStyle, {
  justifyContent: 'space-between',
  padding: '8px 0',
  borderBottom: '1px solid var(--ae-color-border)',
  overflowWrap: 'anywhere',
});
const textAreaStyle = css(inputStyle, { minHeight: '8em', fontFamily: 'monospace', fontSize: '0.85em' });
const HTTP = /^https?:\/\/\S+$/;

/** A provider type's name (SAML 2.0, Okta (SAML)...). */
export const typeLabel = (type: string) => t.types[type] ?? type;

interface Props {
  api: SsoConfigApi;
  connection: SsoConnection;
  canWrite: boolean;
  onChanged: () => void;
  onBack: () => void;
}

/** One connection: enabled or not, its identity provider, its domains, its roles (three tabs). */
export function ConnectionDetails({ api, connection, canWrite, onChanged, onBack }: Props) {
  const [tab, setTab] = useState<Tab>('provider');
  const toggle = useSubmit();
  const name = typeLabel(connection.type);
  return (
    <Page
      title={t.detailTitle(name)}
      titleId="ae-portal-sso-title"
      description={t.intro}
      actions={
        <Button variant="secondary" partName="sso-back" onClick={onBack}>
          {t.back}
        </Button>
      }
    >
      {toggle.error && <Alert>{toggle.error}</Alert>}
      <div css={rowStyle}>
        <Switch
          checked={connection.enabled}
          partName="sso-enabled"
          stateText={connection.enabled ? t.enabled : t.disabled}
          aria-label={t.enabledOf(name)}
          disabled={!canWrite || toggle.busy}
          onClick={() =>
            void toggle.run(async () => {
              await api.update(connection.id, { enabled: !connection.enabled });
              onChanged();
            })
          }
        >
          {t.enabledSwitch}
        </Switch>
      </div>
      <Tabs
        label={t.tabsLabel}
        idPrefix="ae-sso-tab"
        tabs={TABS.map((value) => ({ value, label: t.tabs[value] }))}
        selected={tab}
        onSelect={setTab}
      />
      {/* Every panel stays mounted (hidden when not selected): what is typed survives a tab change. */}
      {TABS.map((value) => (
        <div
          key={value}
          css={panelStyle}
          role="tabpanel"
          id={`ae-sso-tab-${value}-panel`}
          aria-labelledby={`ae-sso-tab-${value}`}
          hidden={tab !== value}
        >
          {value === 'provider' &&
            (isSaml(connection.type) ? (
              <SamlProvider api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
            ) : (
              <OidcProvider api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
            ))}
          {value === 'domains' && (
            <Domains api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
          )}
          {value === 'roles' && (
            <Roles api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
          )}
        </div>
      ))}
    </Page>
  );
}

type PartProps = Omit<Props, 'onBack'>;

const formOf = (c: SsoConnection): SsoForm => ({
  ssoEndpoint: c.ssoEndpoint,
  publicCertificate: c.publicCertificate,
  signRequest: c.signRequest,
  idpEntityId: c.idpEntityId,
  oidcClientId: c.oidcClientId,
  oidcSecret: '',
});

/**
 * The identity-provider form's save: what changed is saved at once, domain or not (`ssoChanges`);
 * without a validated domain the status says the connection routes no sign-in yet.
 */
function useProviderForm({ api, connection, canWrite, onChanged }: PartProps) {
  const [form, setForm] = useState<SsoForm>(() => formOf(connection));
  const [status, setStatus] = useState<string | null>(null);
  const [endpointError, setEndpointError] = useState<string | null>(null);
  const submit = useSubmit();
  const save = () => {
    setStatus(null);
    const endpoint = form.ssoEndpoint.trim();
    const problem = !endpoint ? t.endpointRequired : HTTP.test(endpoint) ? null : t.endpointInvalid;
    setEndpointError(problem);
    if (problem) return;
    void submit.run(async () => {
      await api.update(connection.id, ssoChanges(connection, form));
      setForm((f) => ({ ...f, oidcSecret: '' }));
      setStatus(connection.domains.some((d) => d.validated) ? t.saved : t.savedNotRouting);
      onChanged();
    });
  };
  const set = <K extends keyof SsoForm>(key: K, value: SsoForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  /** A text field's value, change and read-only state, spread on its TextField. */
  const text = (key: 'ssoEndpoint' | 'idpEntityId' | 'oidcClientId' | 'oidcSecret') => ({
    value: form[key],
    disabled: !canWrite,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  return { form, set, text, save, submit, status, setStatus, endpointError };
}

function SaveRow({
  busy,
  status,
  onDismiss,
}: {
  busy: boolean;
  status: string | null;
  onDismiss: () => void;
}) {
  return (
    <div css={rowStyle}>
      <Button type="submit" loading={busy} loadingLabel={t.saving} partName="sso-save">
        {t.save}
      </Button>
      {status && (
        <InlineStatus partName="sso-saved" onDismiss={onDismiss}>
          {status}
        </InlineStatus>
      )}
    </div>
  );
}

function SamlProvider(props: PartProps) {
  const { api, connection, canWrite, onChanged } = props;
  const provider = useProviderForm(props);
  const { form, set } = provider;
  const [way, setWay] = useState<'file' | 'url' | 'manual'>(connection.metadataUrl ? 'url' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState(connection.metadataUrl);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reading = useSubmit();
  const read = (event: FormEvent) => {
    event.preventDefault();
    provider.setStatus(null);
    if (way === 'file' && !file) return setFieldError(t.fileRequired);
    if (way === 'url' && !HTTP.test(url.trim())) return setFieldError(t.endpointInvalid);
    setFieldError(null);
    void reading.run(async () => {
      // The metadata file is read and sent as `metadata` (spec 001 §5).
      if (way === 'file') await api.fromMetadata(connection.id, await file!.text());
      else await api.fromMetadataUrl(connection.id, url.trim());
      provider.setStatus(t.saved);
      onChanged();
    });
  };
  return (
    <>
      <Section titleId="ae-sso-ours" title={t.ours} partName="sso-ours">
        <CopyField label={t.acsUrl} value={connection.acsUrl} partName="sso-acs-url" />
        <CopyField label={t.spEntityId} value={connection.spEntityId} partName="sso-sp-entity-id" />
      </Section>
      <Section titleId="ae-sso-how" title={t.how} partName="sso-how">
        <SelectField
          label={t.how}
          value={way}
          options={(['file', 'url', 'manual'] as const).map((value) => ({ value, label: t.ways[value] }))}
          partName="sso-way"
          disabled={!canWrite}
          onChange={(e) => setWay(e.target.value as typeof way)}
        />
        {way !== 'manual' ? (
          <form css={formStyle} noValidate onSubmit={read} part="sso-metadata-form">
            {reading.error && <Alert>{reading.error}</Alert>}
            {way === 'file' ? (
              <FormField label={t.metadataFile} error={fieldError}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="file"
                    accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                    part="input sso-metadata-file"
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    disabled={!canWrite}
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                )}
              </FormField>
            ) : (
              <TextField
                label={t.metadataUrl}
                hint={t.metadataUrlHint}
                type="url"
                value={url}
                error={fieldError}
                partName="sso-metadata-url"
                disabled={!canWrite}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
            {canWrite && (
              <div css={rowStyle}>
                <Button
                  type="submit"
                  loading={reading.busy}
                  loadingLabel={t.loading}
                  partName="sso-read-metadata"
                >
                  {t.load}
                </Button>
                {provider.status && (
                  <InlineStatus partName="sso-saved" onDismiss={() => provider.setStatus(null)}>
                    {provider.status}
                  </InlineStatus>
                )}
              </div>
            )}
          </form>
        ) : (
          <ProviderForm provider={provider} part="sso-manual-form" canWrite={canWrite}>
            <TextField
              label={t.entityId}
              optional
              partName="sso-idp-entity-id"
              {...provider.text('idpEntityId')}
            />
            <TextField
              label={t.ssoUrl}
              type="url"
              error={provider.endpointError}
              partName="sso-endpoint"
              {...provider.text('ssoEndpoint')}
            />
            <FormField label={t.certificate}>
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  css={textAreaStyle}
                  part="input sso-certificate"
                  aria-describedby={describedBy}
                  value={form.publicCertificate}
                  spellCheck={false}
                  disabled={!canWrite}
                  onChange={(e) => set('publicCertificate', e.target.value)}
                />
              )}
            </FormField>
            <div>
              <Switch
                checked={form.signRequest}
                partName="sso-sign-request"
                disabled={!canWrite}
                onClick={() => set('signRequest', !form.signRequest)}
              >
                {t.signRequest}
              </Switch>
            </div>
          </ProviderForm>
        )}
        {way !== 'manual' && connection.ssoEndpoint && (
          <p css={mutedStyle}>{`${t.ssoUrl}: ${connection.ssoEndpoint}`}</p>
        )}
      </Section>
    </>
  );
}

function OidcProvider(props: PartProps) {
  const { connection, canWrite } = props;
  const provider = useProviderForm(props);
  return (
    <>
      <Section titleId="ae-sso-ours" title={t.ours} partName="sso-ours">
        <CopyField label={t.redirectUri} value={connection.acsUrl} partName="sso-redirect-uri" />
      </Section>
      <ProviderForm provider={provider} part="sso-oidc-form" canWrite={canWrite}>
        <TextField
          label={t.issuer}
          hint={t.issuerHint}
          type="url"
          error={provider.endpointError}
          partName="sso-issuer"
          {...provider.text('ssoEndpoint')}
        />
        <TextField
          label={t.clientId}
          autoComplete="off"
          partName="sso-client-id"
          {...provider.text('oidcClientId')}
        />
        <TextField
          label={t.clientSecret}
          type="password"
          autoComplete="new-password"
          hint={connection.hasOidcSecret ? t.secretStored : undefined}
          optional={connection.hasOidcSecret}
          partName="sso-client-secret"
          {...provider.text('oidcSecret')}
        />
      </ProviderForm>
    </>
  );
}

/** A provider's settings form: its fields, the save's error above them, Save and its status under them. */
function ProviderForm({
  provider,
  part,
  canWrite,
  children,
}: {
  provider: ReturnType<typeof useProviderForm>;
  part: string;
  canWrite: boolean;
  children: ReactNode;
}) {
  return (
    <form
      css={formStyle}
      noValidate
      part={part}
      onSubmit={(e) => {
        e.preventDefault();
        provider.save();
      }}
    >
      {provider.submit.error && <Alert>{provider.submit.error}</Alert>}
      {children}
      {canWrite && (
        <SaveRow
          busy={provider.submit.busy}
          status={provider.status}
          onDismiss={() => provider.setStatus(null)}
        />
      )}
    </form>
  );
}

/**
 * The connection's domains or its IdP groups: the last action's error, then a line each (what it is,
 * then its buttons when the user may change it), or the empty text.
 */
function EntryList<T extends { id: string }>({
  items,
  error,
  empty,
  label,
  part,
  entry,
  actions,
}: {
  items: T[];
  error: string | null;
  empty: string;
  label: string;
  part: string;
  entry: (item: T) => ReactNode;
  actions: ((item: T) => ReactNode) | false;
}) {
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {items.length === 0 ? (
        <p css={mutedStyle}>{empty}</p>
      ) : (
        <ul css={stackListStyle(0)} aria-label={label} part={`${part}-list`}>
          {items.map((item) => (
            <li key={item.id} css={itemStyle} part={part}>
              <span>{entry(item)}</span>
              {actions && actions(item)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Domains({ api, connection, canWrite, onChanged }: PartProps) {
  const form = useFormFields({ domain: '' });
  const { busy, error, run } = useActions();
  const act = (key: string, action: () => Promise<unknown>) =>
    run(key, async () => {
      await action();
      onChanged();
    });
  return (
    <Section titleId="ae-sso-domains" title={t.tabs.domains} intro={t.domainsIntro} partName="sso-domains">
      <CopyField label={t.txtRecord} value={connection.generatedVerification} partName="sso-txt-record" />
      <EntryList
        items={connection.domains}
        error={error}
        empty={t.noDomains}
        label={t.domainsCaption}
        part="sso-domain"
        entry={(d) => (
          <>
            {d.domain}{' '}
            <Badge tone={d.validated ? 'success' : 'warning'} partName="sso-domain-status">
              {d.validated ? t.validated : t.notValidated}
            </Badge>
          </>
        )}
        actions={
          canWrite &&
          ((d) => (
            <span css={rowStyle}>
              {!d.validated && (
                <Button
                  variant="secondary"
                  partName="sso-validate-domain"
                  aria-label={t.validateOf(d.domain)}
                  loading={busy === `v${d.id}`}
                  loadingLabel={t.validating}
                  disabled={busy !== null}
                  onClick={() => void act(`v${d.id}`, () => api.validateDomain(connection.id, d.id))}
                >
                  {t.validate}
                </Button>
              )}
              <Button
                variant="link"
                partName="sso-remove-domain"
                aria-label={t.removeDomainOf(d.domain)}
                disabled={busy !== null}
                onClick={() => void act(`r${d.id}`, () => api.removeDomain(connection.id, d.id))}
              >
                {t.remove}
              </Button>
            </span>
          ))
        }
      />
      {canWrite && (
        <form
          css={css(rowStyle, { alignItems: 'flex-end' })}
          noValidate
          part="sso-add-domain-form"
          onSubmit={(e) => {
            e.preventDefault();
            const value = form.values.domain.trim();
            if (!form.check({ domain: value ? null : t.domainRequired })) return;
            void act('add', async () => {
              await api.addDomain(connection.id, value);
              form.reset();
            });
          }}
        >
          <div css={{ flex: '1 1 220px', minWidth: 0 }}>
            <TextField
              label={t.domainLabel}
              autoComplete="off"
              partName="sso-domain-input"
              {...form.field('domain')}
            />
          </div>
          <Button type="submit" loading={busy === 'add'} loadingLabel={t.adding} partName="sso-add-domain">
            {t.addDomain}
          </Button>
        </form>
      )}
    </Section>
  );
}

function Roles({ api, connection, canWrite, onChanged }: PartProps) {
  const { roles, error } = useAssignableRoles();
  const choice = useChoice(connection.roleIds);
  const submit = useSubmit();
  const [saved, setSaved] = useState(false);
  const [adding, setAdding] = useState(false);
  const groupActions = useActions();
  const names = (ids: string[]) =>
    ids.map((id) => roles?.find((r) => r.id === id)?.name ?? id).join(', ') || t.none;
  return (
    <>
      <Section
        titleId="ae-sso-default-roles"
        title={t.defaultRoles}
        intro={t.defaultRolesIntro}
        partName="sso-default-roles"
      >
        {(submit.error ?? error) && <Alert>{submit.error ?? error}</Alert>}
        <RolesChoice
          roles={roles}
          choice={choice}
          disabled={!canWrite || submit.busy}
          legend={t.defaultRoles}
        />
        {canWrite && (
          <div css={rowStyle}>
            <Button
              loading={submit.busy}
              loadingLabel={t.saving}
              partName="sso-save-roles"
              disabled={roles === null}
              onClick={() =>
                void submit.run(async () => {
                  await api.setDefaultRoles(connection.id, [...choice.chosen]);
                  setSaved(true);
                  onChanged();
                })
              }
            >
              {t.saveRoles}
            </Button>
            {saved && (
              <InlineStatus partName="sso-saved" onDismiss={() => setSaved(false)}>
                {t.saved}
              </InlineStatus>
            )}
          </div>
        )}
      </Section>
      <Section titleId="ae-sso-groups" title={t.groups} intro={t.groupsIntro} partName="sso-groups">
        <EntryList
          items={connection.groups}
          error={groupActions.error}
          empty={t.noGroups}
          label={t.groupsCaption}
          part="sso-group"
          entry={(g) => (
            <>
              <strong>{g.group}</strong>
              {` — ${names(g.roleIds)}`}
            </>
          )}
          actions={
            canWrite &&
            ((g) => (
              <Button
                variant="link"
                partName="sso-remove-group"
                aria-label={t.removeGroupOf(g.group)}
                onClick={() =>
                  void groupActions.run(g.id, async () => {
                    await api.removeGroup(connection.id, g.id);
                    onChanged();
                  })
                }
              >
                {t.remove}
              </Button>
            ))
          }
        />
        {canWrite && (
          <div>
            <Button variant="secondary" partName="sso-add-group" onClick={() => setAdding(true)}>
              {t.addGroup}
            </Button>
          </div>
        )}
      </Section>
      {adding && (
        <AddGroupDialog
          roles={roles}
          onClose={() => setAdding(false)}
          onAdd={async (group, roleIds) => {
            await api.addGroup(connection.id, group, roleIds);
            setAdding(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function AddGroupDialog({
  roles,
  onClose,
  onAdd,
}: {
  roles: ReturnType<typeof useAssignableRoles>['roles'];
  onClose: () => void;
  onAdd: (group: string, roleIds: string[]) => Promise<void>;
}) {
  const form = useFormFields({ group: '' });
  const group = form.values.group.trim();
  const choice = useChoice([]);
  const submit = useSubmit();
  return (
    <FormDialog
      title={t.addGroupTitle}
      titleId="ae-sso-add-group-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={() => {
        if (!form.check({ group: group ? null : t.groupRequired })) return;
        void submit.run(() => onAdd(group, [...choice.chosen]));
      }}
      submitLabel={t.addGroup}
      busyLabel={t.adding}
    >
      <TextField label={t.groupName} autoComplete="off" partName="sso-group-name" {...form.field('group')} />
      <RolesChoice roles={roles} choice={choice} disabled={submit.busy} legend={t.groupRoles} />
    </FormDialog>
  );
}
