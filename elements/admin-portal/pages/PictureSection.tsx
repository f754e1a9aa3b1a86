import { css } from '@emotion/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_TYPES } from '../../../core/api/profile';
import type { User } from '../../../core/api/types';
import { selectUser, userUpdated } from '../../../core/store/auth/authSlice';
import { enPortal } from '../../i18n/en-portal';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { mutedStyle } from '../../ui/styles';
import { useSubmit } from '../../ui/useSubmit';
import { initialsOf, pictureProblem } from './profileForm';

const t = enPortal.portal.picture;
const SIZE = 72;

const rowStyle = css({ display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' });
const pictureStyle = css({
  width: `${SIZE}px`,
  height: `${SIZE}px`,
  borderRadius: '50%',
  objectFit: 'cover',
  flex: 'none',
  background: 'var(--ae-color-surface-muted)',
});
const initialsStyle = css(pictureStyle, {
  display: 'grid',
  placeItems: 'center',
  fontSize: '1.5em',
  fontWeight: 600,
  color: 'var(--ae-color-text)',
});
const subheadStyle = css({ fontSize: '1.1em', margin: '16px 0 8px' });
const hintStyle = css({ margin: '6px 0 0' });

/**
 * The profile picture: the current one (or the initials), and an upload (PUT
 * /team/resources/profile/me/image/v1). A file the server would refuse is refused here first, with
 * the server's words; the server still checks the bytes themselves.
 */
export function PictureSection() {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser) as User;
  const input = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const [saved, setSaved] = useState(false);

  function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again must fire change again.
    event.target.value = '';
    if (!file || submit.busy) return;
    setSaved(false);
    const problem = pictureProblem(file);
    if (problem) return submit.setError(problem);
    void submit.run(async () => {
      const url = await app.services.api.profile.uploadPicture(file);
      dispatch(userUpdated({ profilePictureUrl: url.trim() }));
      setSaved(true);
    });
  }

  return (
    <section aria-labelledby="ae-picture-title" part="profile-picture">
      <h3 id="ae-picture-title" css={subheadStyle}>
        {t.title}
      </h3>
      {submit.error && <Alert>{submit.error}</Alert>}
      <div css={rowStyle}>
        {user.profilePictureUrl ? (
          <img src={user.profilePictureUrl} alt={t.alt} css={pictureStyle} part="profile-picture-image" />
        ) : (
          <span css={initialsStyle} aria-hidden="true" part="profile-picture-initials">
            {initialsOf(user.name, user.email)}
          </span>
        )}
        <div>
          <Button
            variant="secondary"
            partName="profile-picture-upload"
            loading={submit.busy}
            loadingLabel={t.uploading}
            aria-describedby="ae-picture-hint"
            onClick={() => input.current?.click()}
          >
            {t.change}
          </Button>
          <p id="ae-picture-hint" css={[mutedStyle, hintStyle]}>
            {user.profilePictureUrl ? t.hint : `${t.none} ${t.hint}`}
          </p>
        </div>
      </div>
      {/* Reached through the button above: the native control is neither shown nor in the Tab order. */}
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        hidden
        tabIndex={-1}
        aria-label={t.change}
        part="profile-picture-input"
        onChange={onChosen}
      />
      {saved && (
        <p role="status" part="profile-picture-saved">
          {t.saved}
        </p>
      )}
    </section>
  );
}
