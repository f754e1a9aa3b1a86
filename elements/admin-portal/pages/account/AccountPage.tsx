import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AccountSettings } from '../../../../core/api/accountSettings';
import { errorMessage } from '../../../../core/api/errors';
import { MESSAGES } from '../../../../core/api/messages';
import { canReadPage } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { changesOf, fieldsOf, validateAccount, type AccountFields } from './accountForm';

const t = en.portal.accountSettings;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'ILS', 'INR', 'CNY', 'SGD', 'HKD', 'BRL', 'MXN', 'ZAR'];

/** Account (spec 001 §2 "Account details tabs: settings, customLogin"): the settings tab. */
export default function AccountPage(_props: PortalPageProps) {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const allowed = canReadPage('account', me?.permissions.map((p) => p.key) ?? []);
  const [saved, setSaved] = useState<AccountSettings | null>(null);
  const [fields, setFields] = useState<AccountFields | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof AccountFields, string>>>({});
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; note: string | null }>({ saving: false, error: null, note: null });
  const refs = { name: useRef<HTMLInputElement>(null), address: useRef<HTMLInputElement>(null), website: useRef<HTMLInputElement>(null) };
  const timezones = useMemo(() => [{ value: '', label: t.timezoneUnset }, ...Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))], []);

  useEffect(() => {
    if (!allowed) return;
    app.services.api.accountSettings.get()
      .then((settings) => { setSaved(settings); setFields(fieldsOf(settings)); })
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, [app, allowed]);

  if (!allowed) {
    return <Card title={en.portal.pageTitles.account} titleId="ae-portal-account-title"><p css={mutedStyle} role="status">{en.portal.noPermission}</p></Card>;
  }
  if (loadError) return <Card title={en.portal.pageTitles.account} titleId="ae-portal-account-title"><Alert>{`${t.loadFailed} ${loadError}`}</Alert></Card>;
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
    if (Object.keys(update).length === 0) return setStatus({ saving: false, error: null, note: MESSAGES.noChangesToUpdate });
    setStatus({ saving: true, error: null, note: null });
    try {
      const next = await app.services.api.accountSettings.update(update);
      setSaved(next);
      setFields(fieldsOf(next));
      setStatus({ saving: false, error: null, note: t.saved });
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), note: null });
    }
  }

  return (
    <Card title={en.portal.pageTitles.account} titleId="ae-portal-account-title">
      <h3 style={{ margin: 0, fontSize: '1.1em' }}>{t.settingsTab}</h3>
      <form noValidate onSubmit={onSubmit} css={formStyle} part="form account-settings">
        {status.error && <Alert>{status.error}</Alert>}
        <TextField ref={refs.name} label={t.companyName} name="companyName" autoComplete="organization" required maxLength={100}
          value={fields.name} error={errors.name} partName="account-name" onChange={set('name')} />
        <TextField ref={refs.address} label={t.address} name="address" autoComplete="street-address" maxLength={200}
          value={fields.address} error={errors.address} partName="account-address" onChange={set('address')} />
        <TextField ref={refs.website} label={t.website} name="website" type="url" autoComplete="url" maxLength={200} hint={t.websiteHint}
          value={fields.website} error={errors.website} partName="account-website" onChange={set('website')} />
        <SelectField label={t.timezone} name="timezone" value={fields.timezone} options={timezones} partName="account-timezone" onChange={set('timezone')} />
        <SelectField label={t.currency} name="currency" value={fields.currency} options={currencies.map((code) => ({ value: code, label: code }))}
          partName="account-currency" onChange={set('currency')} />
        <Button type="submit" partName="submit-button" loading={status.saving} loadingLabel={en.portal.saving}>{t.save}</Button>
        {status.note && <p role="status" part="saved">{status.note}</p>}
      </form>
    </Card>
  );
}
