import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AccountSettings } from '../../../../core/api/accountSettings';
import { errorMessage } from '../../../../core/api/errors';
import { MESSAGES } from '../../../../core/api/messages';
import { fieldAppearance, tabAppearance, type FieldAppearance } from '../../../../core/portal/appearance';
import { canReadPage } from '../../../../core/portal/pages';
import { KNOWN_FEATURE_FLAGS } from '../../../../core/featureFlags/featureFlags';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { SaveButton } from '../../../ui/InlineStatus';
import { LoadFailed, Page, readableWidthStyle, sectionTitleStyle } from '../../../ui/Page';
import { Tabs } from '../../../ui/Tabs';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { changesOf, fieldsOf, validateAccount, type AccountFields } from './accountForm';
import { portalApis } from '../common/adminParts';

const t = enPortal.portal.accountSettings;
/** The custom-login tab's own chunk (spec 001 §2 "Account details tabs: settings, customLogin"). */
const CustomLoginTab = lazy(() => import('./CustomLoginTab'));
type Tab = 'settings' | 'customLogin';

/** Field props for an appearance (spec 001 §2): viewOnly is read-only (a select is disabled), hidden is not rendered. */
const viewOnly = (appearance: FieldAppearance) =>
  appearance === 'viewOnly' ? { readOnly: true, 'aria-readonly': true } : {};
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

/** Account (spec 001 §2 "Account details tabs: settings, customLogin"): the settings tab. */
export default function AccountPage({ metadata }: PortalPageProps) {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const allowed = canReadPage('account', me?.permissions.map((p) => p.key) ?? []);
  // Custom login per tenant is gated by its flag (spec 001 §6), evaluated for this user and account.
  const [customLoginFlag, setCustomLoginFlag] = useState(false);
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
  const timezones = useMemo(
    () => [
      { value: '', label: t.timezoneUnset },
      ...Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    ],
    [],
  );

  useEffect(() => {
    if (!allowed || !me) return;
    const flag = KNOWN_FEATURE_FLAGS.adminPortalLoginPerTenant;
    app.services.api.featureFlags
      .evaluate([flag], { userId: me.id, tenantId: me.tenantId })
      .then((flags) => setCustomLoginFlag(flags[flag] === true))
      .catch((error: unknown) => app.services.logger.error('Could not load feature flags', error));
  }, [app, allowed, me]);

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
          <form noValidate onSubmit={onSubmit} css={formStyle} part="form account-settings">
            {status.error && <Alert>{status.error}</Alert>}
            {look('companyName') !== 'hidden' && (
              <TextField
                ref={refs.name}
                label={t.companyName}
                name="companyName"
                autoComplete="organization"
                required
                maxLength={100}
                {...viewOnly(look('companyName'))}
                value={fields.name}
                error={errors.name}
                partName="account-name"
                onChange={set('name')}
              />
            )}
            {look('address') !== 'hidden' && (
              <TextField
                ref={refs.address}
                label={t.address}
                name="address"
                autoComplete="street-address"
                maxLength={200}
                {...viewOnly(look('address'))}
                value={fields.address}
                error={errors.address}
                partName="account-address"
                onChange={set('address')}
              />
            )}
            {look('website') !== 'hidden' && (
              <TextField
                ref={refs.website}
                label={t.website}
                name="website"
                type="url"
                autoComplete="url"
                maxLength={200}
                hint={t.websiteHint}
                {...viewOnly(look('website'))}
                value={fields.website}
                error={errors.website}
                partName="account-website"
                onChange={set('website')}
              />
            )}
            {look('timezone') !== 'hidden' && (
              <SelectField
                label={t.timezone}
                name="timezone"
                value={fields.timezone}
                options={timezones}
                partName="account-timezone"
                disabled={look('timezone') === 'viewOnly'}
                onChange={set('timezone')}
              />
            )}
            {look('currency') !== 'hidden' && (
              <SelectField
                label={t.currency}
                name="currency"
                value={fields.currency}
                options={currencies.map((code) => ({ value: code, label: code }))}
                partName="account-currency"
                disabled={look('currency') === 'viewOnly'}
                onChange={set('currency')}
              />
            )}
            <SaveButton partName="submit-button" saving={status.saving} saved={status.note}>
              {t.save}
            </SaveButton>
          </form>
        </div>
      )}
    </Page>
  );
}
