import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../core/api/errors';
import { fieldAppearance } from '../../../core/portal/appearance';
import type { User } from '../../../core/api/types';
import { selectUser, userUpdated } from '../../../core/store/auth/authSlice';
import { enPortal } from '../../i18n/en-portal';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { SaveButton } from '../../ui/InlineStatus';
import { Page, readableWidthStyle } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { formStyle } from '../../ui/styles';
import type { PortalPageProps } from '../shell/PortalShell';
import { LanguageSection } from './LanguageSection';
import { PhoneSection } from './PhoneSection';
import { PictureSection } from './PictureSection';
import { profileFieldsOf, profileUpdateOf, validateProfile, type ProfileFields } from './profileForm';

/** Profile (spec 001 §2): name, phone number, address, job title. The email is shown, not edited. */
/** Field appearance from the admin-box metadata (spec 001 §2): hidden fields are not shown, viewOnly ones are read-only. */
export default function ProfilePage({ metadata }: PortalPageProps) {
  const look = (field: keyof ProfileFields) => fieldAppearance(metadata, 'profile', field);
  const ro = (field: keyof ProfileFields) => (look(field) === 'viewOnly' ? { readOnly: true } : {});
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser) as User;
  const [fields, setFields] = useState<ProfileFields>(() => profileFieldsOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFields, string | null>>>({});
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; saved: boolean }>({
    saving: false,
    error: null,
    saved: false,
  });
  const refs = {
    name: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
    address: useRef<HTMLInputElement>(null),
    jobTitle: useRef<HTMLInputElement>(null),
  };
  const set = (key: keyof ProfileFields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    setStatus((s) => ({ ...s, saved: false }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.saving) return;
    const found = validateProfile(fields);
    setErrors(found);
    const firstInvalid = (Object.keys(refs) as Array<keyof ProfileFields>).find((key) => found[key]);
    if (firstInvalid) return refs[firstInvalid].current?.focus();
    setStatus({ saving: true, error: null, saved: false });
    try {
      const updated = await app.services.api.profile.updateMe(profileUpdateOf(fields, user));
      dispatch(
        userUpdated({ name: updated.name, phoneNumber: updated.phoneNumber, metadata: updated.metadata }),
      );
      setStatus({ saving: false, error: null, saved: true });
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), saved: false });
    }
  }

  return (
    <Page title={enPortal.portal.profileTitle} titleId="ae-portal-profile-title">
      <PictureSection />
      <form noValidate onSubmit={onSubmit} css={[formStyle, readableWidthStyle]} part="form profile">
        {status.error && <Alert>{status.error}</Alert>}
        <TextField
          label={enPortal.portal.email}
          value={user.email}
          readOnly
          name="email"
          autoComplete="email"
          partName="profile-email"
        />
        {look('name') !== 'hidden' && (
          <TextField
            ref={refs.name}
            label={enPortal.portal.name}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            {...ro('name')}
            value={fields.name}
            error={errors.name}
            partName="profile-name"
            onChange={set('name')}
          />
        )}
        {look('phoneNumber') !== 'hidden' && (
          <TextField
            ref={refs.phoneNumber}
            label={enPortal.portal.phoneNumber}
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            maxLength={32}
            {...ro('phoneNumber')}
            value={fields.phoneNumber}
            error={errors.phoneNumber}
            partName="profile-phone"
            onChange={set('phoneNumber')}
          />
        )}
        {look('address') !== 'hidden' && (
          <TextField
            ref={refs.address}
            label={enPortal.portal.address}
            name="address"
            autoComplete="street-address"
            maxLength={200}
            {...ro('address')}
            value={fields.address}
            error={errors.address}
            partName="profile-address"
            onChange={set('address')}
          />
        )}
        {look('jobTitle') !== 'hidden' && (
          <TextField
            ref={refs.jobTitle}
            label={enPortal.portal.jobTitle}
            name="jobTitle"
            autoComplete="organization-title"
            maxLength={100}
            {...ro('jobTitle')}
            value={fields.jobTitle}
            error={errors.jobTitle}
            partName="profile-job-title"
            onChange={set('jobTitle')}
          />
        )}
        <SaveButton
          partName="submit-button"
          saving={status.saving}
          saved={status.saved && enPortal.portal.saved}
        >
          {enPortal.portal.save}
        </SaveButton>
      </form>
      <div css={readableWidthStyle}>
        <LanguageSection />
      </div>
      {look('phoneNumber') !== 'hidden' && (
        <div css={readableWidthStyle}>
          <PhoneSection />
        </div>
      )}
    </Page>
  );
}
