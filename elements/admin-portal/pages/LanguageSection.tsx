import { useState, type ChangeEvent } from 'react';
import type { User } from '../../../core/api/types';
import { LOCALE_NAMES } from '../../../core/domain/locale-names';
import { LOCALES } from '../../../core/domain/locales';
import { selectUser, userUpdated } from '../../../core/store/auth/authSlice';
import { portalLanguage as t } from '../../i18n/portalLanguage.en';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { InlineStatus } from '../../ui/InlineStatus';
import { SelectField } from '../../ui/SelectField';
import { formStyle } from '../../ui/styles';
import { useSubmit } from '../../ui/useSubmit';

/**
 * The user's language (docs/i18n.md "Choosing the language"): saved on their profile at once (PUT
 * users/v2/me `locale`); the page follows it unless the host chose a language, and the server writes
 * the user's emails and SMS in it. Each language is named in itself.
 */
export function LanguageSection() {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser) as User;
  const submit = useSubmit();
  const [saved, setSaved] = useState(false);
  const options = [
    { value: '', label: t.automatic },
    ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
  ];

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const locale = event.target.value || null;
    setSaved(false);
    void submit.run(async () => {
      const updated = await app.services.api.profile.updateMe({ locale });
      dispatch(userUpdated({ locale: updated.locale ?? null }));
      setSaved(true);
    });
  }

  return (
    <div css={formStyle} part="profile-language">
      {submit.error && <Alert>{submit.error}</Alert>}
      <SelectField
        label={t.label}
        hint={t.hint}
        name="locale"
        partName="profile-locale"
        options={options}
        value={user.locale ?? ''}
        disabled={submit.busy}
        onChange={onChange}
      />
      {saved && <InlineStatus partName="profile-language-saved">{t.saved}</InlineStatus>}
    </div>
  );
}
