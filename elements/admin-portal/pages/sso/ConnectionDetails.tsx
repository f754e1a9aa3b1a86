import { useState } from 'react';
import { isSaml } from '../../../../core/api/ssoConfig';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Page } from '../../../ui/Page';
import { Switch } from '../../../ui/Switch';
import { Tabs } from '../../../ui/Tabs';
import { useSubmit } from '../../../ui/useSubmit';
import { OidcProvider } from './OidcProvider';
import { SamlProvider } from './SamlProvider';
import { SsoDomains } from './SsoDomains';
import { SsoRoles } from './SsoRoles';
import { type Props, TABS, type Tab, panelStyle, rowStyle, typeLabel } from './ssoParts';

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
            <SsoDomains api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
          )}
          {value === 'roles' && (
            <SsoRoles api={api} connection={connection} canWrite={canWrite} onChanged={onChanged} />
          )}
        </div>
      ))}
    </Page>
  );
}
