import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AccountSettings } from '../../../../core/api/accountSettings';
import { errorMessage } from '../../../../core/api/errors';
import { MESSAGES } from '../../../../core/api/messages';
import { fieldAppearance, tabAppearance } from '../../../../core/portal/appearance';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { LoadFailed, Page, readableWidthStyle, sectionTitleStyle } from '../../../ui/Page';
import { Tabs } from '../../../ui/Tabs';
import { Spinner } from '../../../ui/Spinner';
import { mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { changesOf, fieldsOf, validateAccount, type AccountFields } from './accountForm';
import { portalApis } from '../common/adminParts';
import { AccountSettingsForm } from './AccountSettingsForm';
import { AccountBrandingSection } from './AccountBrandingSection';
import { useCustomLoginFlag } from './useCustomLoginFlag';

const t = enPortal.portal.accountSettings;
/** The custom-login tab's own chunk (spec 001 §2 "Account details tabs: settings, customLogin"). */
const CustomLoginTab = lazy(() => import('./CustomLoginTab'));
type Tab = 'settings' | 'customLogin';

const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'ILS',
  'INR',
  'CNY',
  'SGD',
  'HKD',
  'BRL',
  'MXN',
  'ZAR',
];

/** The time zone choices (the runtime's IANA list), computed once. */
let zones: Array<{ value: string; label: string }> | undefined;
const timezoneOptions = () =>
  (zones ??= [
    { value: '', label: t.timezoneUnset },
    ...Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
  ]);

/** Account (spec 001 §2 "Account details tabs: settings, customLogin"): the settings tab. */
export default function AccountPage({ metadata }: PortalPageProps) {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const held = me?.permissions.map((p) => p.key) ?? [];
  const allowed = canReadPage('account', held);
  const writable = hasPermission(held, 'fe.secure.write.accountSettings');
  const customLoginFlag = useCustomLoginFlag(allowed);
  const [tab, setTab] = useState<Tab>('settings');
  const tabs = (['settings', 'customLogin'] as const).filter(
    (name) =>
      tabAppearance(metadata, 'account', name) !== 'hidden' && (name !== 'customLogin' || customLoginFlag),
  );
  const shown: Tab | undefined = tabs.includes(tab) ? tab : tabs[0];
  const look = (field: string) => fieldAppearance(metadata, 'account', field);
  const [saved, setSaved] = useState<AccountSettings | null>(null);
  const [fields, setFields] = useState<AccountFields | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<keyof AccountFields, string>>>({});
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; note: string | null }>({
    saving: false,
    error: null,
    note: null,
  });
  const refs = {
    name: useRef<HTMLInputElement>(null),
    address: useRef<HTMLInputElement>(null),
    website: useRef<HTMLInputElement>(null),
  };
  const timezones = timezoneOptions();

  useEffect(() => {
    if (!allowed) return;
    portalApis(app)
      .accountSettings.get()
      .then((settings) => {
        setSaved(settings);
        setFields(fieldsOf(settings));
      })
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, [app, allowed, attempt]);

  if (!allowed) {
    return (
      <Page title={enPortal.portal.pageTitles.account} titleId="ae-portal-account-title">
        <p css={mutedStyle} role="status">
          {enPortal.portal.noPermission}
        </p>
      </Page>
    );
  }
  if (loadError) {
    return (
      <Page title={enPortal.portal.pageTitles.account} titleId="ae-portal-account-title">
        <LoadFailed
          text={`${t.loadFailed} ${loadError}`}
          onRetry={() => {
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </Page>
    );
  }
  if (!saved || !fields) return <Spinner label={en.common.loading} />;

  const set = (key: keyof AccountFields) => (event: { target: { value: string } }) => {
    setFields((f) => (f ? { ...f, [key]: event.target.value } : f));
    setStatus((s) => ({ ...s, note: null }));
  };
  const currencies = CURRENCIES.includes(fields.currency) ? CURRENCIES : [fields.currency, ...CURRENCIES];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.saving || !saved || !fields) return;
    const found = validateAccount(fields);
    setErrors(found);
    const firstInvalid = (Object.keys(refs) as Array<keyof typeof refs>).find((key) => found[key]);
    if (firstInvalid) return refs[firstInvalid].current?.focus();
    const update = changesOf(saved, fields);
    if (Object.keys(update).length === 0)
      return setStatus({ saving: false, error: null, note: MESSAGES.noChangesToUpdate });
    setStatus({ saving: true, error: null, note: null });
    try {
      const next = await portalApis(app).accountSettings.update(update);
      setSaved(next);
      setFields(fieldsOf(next));
      setStatus({ saving: false, error: null, note: t.saved });
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), note: null });
    }
  }

  const tabNames: Record<Tab, string> = {
    settings: t.settingsTab,
    customLogin: enPortal.portal.customLogin.tab,
  };
  return (
    <Page title={enPortal.portal.pageTitles.account} titleId="ae-portal-account-title">
      {tabs.length < 2
        ? shown && <h3 css={sectionTitleStyle}>{tabNames[shown]}</h3>
        : shown && (
            <Tabs
              label={enPortal.portal.tabsLabel}
              idPrefix="ae-account-tab"
              tabs={tabs.map((name) => ({ value: name, label: tabNames[name] }))}
              selected={shown}
              onSelect={setTab}
            />
          )}
      {shown === 'customLogin' && (
        <div
          role="tabpanel"
          id="ae-account-tab-customLogin-panel"
          aria-labelledby="ae-account-tab-customLogin"
          css={readableWidthStyle}
        >
          <Suspense fallback={<Spinner label={en.common.loading} />}>
            <CustomLoginTab />
          </Suspense>
        </div>
      )}
      {shown === 'settings' && (
        <div
          css={readableWidthStyle}
          {...(tabs.length > 1
            ? {
                role: 'tabpanel',
                id: 'ae-account-tab-settings-panel',
                'aria-labelledby': 'ae-account-tab-settings',
              }
            : {})}
        >
          <AccountSettingsForm
            fields={fields}
            errors={errors}
            status={status}
            look={look}
            refs={refs}
            set={set}
            timezones={timezones}
            currencies={currencies}
            onSubmit={onSubmit}
          />
          <AccountBrandingSection
            saved={saved}
            writable={writable}
            save={async (update) => setSaved(await portalApis(app).accountSettings.update(update))}
          />
        </div>
      )}
    </Page>
  );
}
