import { type FormEvent } from 'react';
import { DATE_FORMATS, TIME_FORMATS } from '../../../../core/domain/account-settings';
import { LOCALE_NAMES } from '../../../../core/domain/locale-names';
import { LOCALES } from '../../../../core/domain/locales';
import { type FieldAppearance } from '../../../../core/portal/appearance';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { SaveButton } from '../../../ui/InlineStatus';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { formStyle } from '../../../ui/styles';
import { type AccountFields } from './accountForm';
import type { Ref } from 'react';

const t = enPortal.portal.accountSettings;

/** Field props for an appearance (spec 001 §2): viewOnly is read-only (a select is disabled), hidden is not rendered. */
const viewOnly = (appearance: FieldAppearance) =>
  appearance === 'viewOnly' ? { readOnly: true, 'aria-readonly': true } : {};

/** The settings tab's form: each field shown, read-only or hidden as its appearance says. */
export function AccountSettingsForm({
  fields,
  errors,
  status,
  look,
  refs,
  set,
  timezones,
  currencies,
  onSubmit,
}: {
  fields: AccountFields;
  errors: Partial<Record<keyof AccountFields, string>>;
  status: { saving: boolean; error: string | null; note: string | null };
  look: (field: string) => FieldAppearance;
  refs: Record<'name' | 'address' | 'website', Ref<HTMLInputElement>>;
  set: (key: keyof AccountFields) => (event: { target: { value: string } }) => void;
  timezones: Array<{ value: string; label: string }>;
  currencies: string[];
  onSubmit: (event: FormEvent) => void;
}) {
  return (
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
      <SelectField
        label={portalAdmin.account.dateFormat}
        name="dateFormat"
        value={fields.dateFormat}
        options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
        partName="account-date-format"
        onChange={set('dateFormat')}
      />
      <SelectField
        label={portalAdmin.account.timeFormat}
        name="timeFormat"
        value={fields.timeFormat}
        options={TIME_FORMATS.map((format) => ({ value: format, label: format }))}
        partName="account-time-format"
        onChange={set('timeFormat')}
      />
      <SelectField
        label={portalAdmin.account.language}
        hint={portalAdmin.account.languageHint}
        name="locale"
        value={fields.locale}
        options={[
          { value: '', label: portalAdmin.account.languageNone },
          ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
        ]}
        partName="account-locale"
        onChange={set('locale')}
      />
      <SaveButton partName="submit-button" saving={status.saving} saved={status.note}>
        {t.save}
      </SaveButton>
    </form>
  );
}
