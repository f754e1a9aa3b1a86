import { useState } from 'react';
import {
  createSsoConfigApi,
  SSO_TYPES,
  type SsoConnection,
  type SsoType,
} from '../../../../core/api/ssoConfig';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Badge } from '../../../ui/Badge';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { ListTable, type Column } from '../../../ui/DataTable';
import { Page } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { mutedStyle } from '../../../ui/styles';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { listData, useListPage } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { ConnectionDetails } from './ConnectionDetails';
import { typeLabel } from './ssoParts';

const TITLE_ID = 'ae-portal-sso-title';
const WRITE = 'fe.secure.write.samlConfiguration';

/**
 * Single sign-on (issue 16; spec 001 §2 "sso", §3 "SSO multi"): the account's connections (SAML
 * and OpenID Connect, several at once, each enabled or not; a new one starts disabled), then one
 * connection's identity provider, domains (validated by a DNS TXT record) and roles.
 */
export default function SsoPage(_props: PortalPageProps) {
  const api = usePageApi(createSsoConfigApi);
  const { can, canRead } = usePermissions();
  const allowed = canRead('sso');
  const canWrite = can(WRITE);
  const list = useListPage({
    fetch: () => api.list().then(listData),
    deps: [api],
    enabled: allowed,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmAction<SsoConnection>({
    run: (c) => api.remove(c.id),
    done: list.reload,
    title: t.deleteTitle,
    titleId: 'ae-delete-sso-title',
    body: (c) => t.deleteBody(typeLabel(c.type)),
    menu: {
      label: portalAdmin.common.delete,
      ariaLabel: (c) => t.deleteOf(typeLabel(c.type)),
      part: 'delete-sso',
    },
  });

  if (!allowed) return <NoPermission title={enPortal.portal.pageTitles.sso} titleId={TITLE_ID} />;
  const connections = list.load.status === 'ready' ? list.load.data.items : [];
  const open = connections.find((c) => c.id === openId);
  if (open)
    return (
      <ConnectionDetails
        api={api}
        connection={open}
        canWrite={canWrite}
        onChanged={list.reload}
        onBack={() => setOpenId(null)}
      />
    );

  const columns: Array<Column<SsoConnection>> = [
    { id: 'type', header: t.columns.type, cell: (c) => typeLabel(c.type) },
    {
      id: 'endpoint',
      header: t.columns.endpoint,
      cell: (c) =>
        c.ssoEndpoint ? (
          <span css={{ whiteSpace: 'nowrap' }}>{c.ssoEndpoint}</span>
        ) : (
          <span css={mutedStyle}>{t.notConfigured}</span>
        ),
    },
    {
      id: 'domains',
      header: t.columns.domains,
      cell: (c) =>
        c.domains.length ? (
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {c.domains.map((d) => (
              <li key={d.id}>
                {/* A domain's hyphens are no place to break it. */}
                <span css={{ whiteSpace: 'nowrap' }}>{d.domain}</span>{' '}
                <Badge tone={d.validated ? 'success' : 'warning'}>
                  {d.validated ? t.validated : t.notValidated}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          t.none
        ),
    },
    {
      id: 'status',
      header: t.columns.status,
      cell: (c) => (
        <Badge tone={c.enabled ? 'success' : 'neutral'} partName="sso-status">
          {c.enabled ? t.enabled : t.disabled}
        </Badge>
      ),
    },
  ];
  const actionsOf = (c: SsoConnection) => [
    {
      label: t.configure,
      ariaLabel: t.configureOf(typeLabel(c.type)),
      part: 'configure-sso',
      onSelect: () => setOpenId(c.id),
    },
    canWrite && remove.rowAction(c),
  ];

  return (
    <Page
      title={enPortal.portal.pageTitles.sso}
      titleId={TITLE_ID}
      description={t.intro}
      add={canWrite && { label: t.add, part: 'add-sso', onClick: () => setAdding(true) }}
    >
      {!canWrite && (
        <p css={mutedStyle} role="note">
          {t.readOnly}
        </p>
      )}
      <ListTable
        list={list}
        texts={{ empty: t.empty, loadFailed: t.loadFailed }}
        caption={t.caption}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => typeLabel(c.type)}
        rowActions={actionsOf}
        tablePart="sso-table"
        rowPart="sso-row"
      />
      {adding && (
        <AddConnectionDialog
          onClose={() => setAdding(false)}
          onCreate={async (type) => {
            const created = await api.create(type);
            setAdding(false);
            list.reload();
            setOpenId(created.id);
          }}
        />
      )}
      {remove.dialog}
    </Page>
  );
}

function AddConnectionDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (type: SsoType) => Promise<void>;
}) {
  const [type, setType] = useState<SsoType>('saml');
  const submit = useSubmit();
  return (
    <FormDialog
      title={t.addTitle}
      titleId="ae-add-sso-title"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      onSubmit={() => void submit.run(() => onCreate(type))}
      submitLabel={t.create}
      busyLabel={t.creating}
    >
      <SelectField
        label={t.type}
        value={type}
        options={SSO_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
        partName="sso-type"
        onChange={(e) => setType(e.target.value as SsoType)}
      />
    </FormDialog>
  );
}
