import { useState } from 'react';
import {
  createDirectoryApi,
  type CreatedScimConfiguration,
  type DirectoryApi,
  type ScimConfiguration,
  type ScimSource,
} from '../../../../core/api/directory';
import { buildUrl } from '../../../../core/api/http';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { Badge } from '../../../ui/Badge';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { SecretDialog } from '../../../ui/CopyField';
import { ListTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { Page } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFormFields } from '../../../ui/useFormFields';
import { listData, useListPage } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { portalProvisioning as t } from '../../../i18n/provisioning.en';

/** A configuration with the number of members it manages (null when the count failed). */
type Row = ScimConfiguration & { users: number | null };

/** Each configuration's user count, asked for all at once; a failed count is shown as unknown. */
async function withCounts(api: DirectoryApi): Promise<Row[]> {
  const configurations = await api.list();
  return Promise.all(
    configurations.map(async (c) => ({
      ...c,
      users: await api.countUsers(c.id).then(
        (r) => r.count,
        () => null,
      ),
    })),
  );
}

/**
 * Provisioning (spec 001 §2 "provisioning connections", §3 "Directory (SCIM) configuration", §7):
 * the account's SCIM connections with their identity provider and user count; add one (the SCIM
 * base URL and the bearer token shown once, with copy buttons); delete after a confirmation.
 */
export default function ProvisioningPage() {
  const api = usePageApi(createDirectoryApi);
  const app = useAuthApp();
  const { can, canRead } = usePermissions();
  const allowed = canRead('provisioning');
  const canWrite = can('fe.secure.write.provisioningConfiguration');
  const canDelete = can('fe.secure.delete.provisioningConfiguration');
  const list = useListPage<Row>({
    fetch: () => withCounts(api).then(listData),
    deps: [api],
    enabled: allowed,
  });
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'created'; configuration: CreatedScimConfiguration } | null
  >(null);
  const remove = useConfirmAction<Row>({
    run: (c) => api.remove(c.id),
    done: list.reload,
    title: t.deleteTitle,
    titleId: 'ae-delete-scim-title',
    body: (c) => t.deleteBody(c.connectionName),
    menu: { label: t.delete, ariaLabel: (c) => t.deleteOf(c.connectionName), part: 'delete-scim-connection' },
  });
  const title = enPortal.portal.pageTitles.provisioning;
  const titleId = 'ae-portal-provisioning-title';
  if (!allowed) return <NoPermission title={title} titleId={titleId} />;

  const columns: Array<Column<Row>> = [
    {
      id: 'name',
      header: t.columns.name,
      cell: (c) => (
        <>
          {c.connectionName}
          {!c.syncToUserManagement && (
            <>
              {' '}
              <Badge tone="warning">{t.paused}</Badge>
            </>
          )}
        </>
      ),
    },
    {
      id: 'source',
      header: t.columns.source,
      part: 'scim-source',
      cell: (c) => t.sources[c.source] ?? c.source,
    },
    { id: 'users', header: t.columns.users, part: 'scim-users', nowrap: true, cell: (c) => c.users ?? '—' },
    { id: 'created', header: t.columns.created, nowrap: true, cell: (c) => formatDate(c.createdAt, t.never) },
    {
      id: 'lastSync',
      header: t.columns.lastSync,
      nowrap: true,
      cell: (c) => formatDate(c.lastSync ?? null, t.never),
    },
  ];

  return (
    <Page
      title={title}
      titleId={titleId}
      description={t.intro}
      add={
        canWrite && { label: t.add, part: 'add-scim-connection', onClick: () => setDialog({ kind: 'add' }) }
      }
    >
      <ListTable
        list={list}
        texts={{ empty: t.empty, loadFailed: t.loadFailed, total: t.total }}
        totalPart="scim-total"
        caption={title}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.connectionName}
        rowActions={canDelete ? (c) => [remove.rowAction(c)] : undefined}
        tablePart="scim-table"
        rowPart="scim-row"
      />
      {dialog?.kind === 'add' && (
        <AddConnectionDialog
          api={api}
          onClose={() => setDialog(null)}
          onCreated={(configuration) => {
            setDialog({ kind: 'created', configuration });
            list.reload();
          }}
        />
      )}
      {dialog?.kind === 'created' && (
        <SecretDialog
          title={t.createdTitle}
          titleId="ae-scim-created-title"
          body={t.createdBody}
          fields={[
            {
              label: t.baseUrl,
              value: buildUrl(app.options, '/scim/v2'),
              copyLabel: t.copyBaseUrl,
              partName: 'scim-base-url',
            },
            {
              label: t.token,
              value: dialog.configuration.token,
              copyLabel: t.copyToken,
              partName: 'scim-token',
            },
          ]}
          doneLabel={t.done}
          onClose={() => setDialog(null)}
        />
      )}
      {remove.dialog}
    </Page>
  );
}

/** The identity provider (spec 001 §3's sources) and an optional name. */
function AddConnectionDialog({
  api,
  onClose,
  onCreated,
}: {
  api: DirectoryApi;
  onClose: () => void;
  onCreated: (configuration: CreatedScimConfiguration) => void;
}) {
  const form = useFormFields({ connectionName: '' });
  const [source, setSource] = useState<ScimSource>('okta');
  const submit = useSubmit();
  function onSubmit() {
    const name = form.values.connectionName.trim();
    if (!form.check({ connectionName: name.length > 100 ? t.nameTooLong : null })) return;
    void submit.run(async () => {
      onCreated(await api.create({ source, ...(name ? { connectionName: name } : {}) }));
    });
  }
  return (
    <FormDialog
      title={t.addTitle}
      titleId="ae-add-scim-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.create}
      busyLabel={t.creating}
    >
      <SelectField
        label={t.source}
        partName="scim-source-select"
        value={source}
        onChange={(event) => setSource(event.target.value as ScimSource)}
        options={(Object.keys(t.sources) as ScimSource[]).map((s) => ({ value: s, label: t.sources[s] }))}
      />
      <TextField
        label={t.connectionName}
        hint={t.connectionNameHint}
        maxLength={200}
        autoComplete="off"
        partName="scim-connection-name"
        {...form.field('connectionName')}
      />
    </FormDialog>
  );
}
