import { css } from '@emotion/react';
import { selectAuth } from '../../core/store/auth/authSlice';
import { en } from '../i18n/en';
import { useAppSelector } from '../shared/AppContext';
import { ElementRoot } from '../shared/ElementRoot';
import { Card } from '../ui/Card';
import { Spinner } from '../ui/Spinner';
import { mutedStyle } from '../ui/styles';

const detailsStyle = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '8px 16px',
  margin: 0,
  dt: { fontWeight: 600 },
  dd: { margin: 0 },
});

/** The profile page: the signed-in user, read from the store every element shares. */
export function ProfilePage() {
  const { isLoading, isAuthenticated, user, activeTenant } = useAppSelector(selectAuth);
  if (isLoading) return <Spinner label={en.common.loading} />;
  return (
    <Card title={en.portal.profileTitle} titleId="ae-portal-profile-title">
      {!isAuthenticated || !user ? (
        <p css={mutedStyle} role="status">{en.portal.signInFirst}</p>
      ) : (
        <dl css={detailsStyle} part="profile">
          <dt>{en.portal.name}</dt><dd part="profile-name">{user.name || '—'}</dd>
          <dt>{en.portal.email}</dt><dd part="profile-email">{user.email}</dd>
          <dt>{en.portal.account}</dt><dd>{activeTenant?.name ?? '—'}</dd>
          <dt>{en.portal.roles}</dt><dd>{user.roles.map((role) => role.name ?? role.key).join(', ') || '—'}</dd>
        </dl>
      )}
    </Card>
  );
}

export interface AdminPortalProps { container: ShadowRoot }

/** `<auth-admin-portal>`: for now its first page, the profile. */
export function AdminPortal({ container }: AdminPortalProps) {
  return (
    <ElementRoot container={container} requestSource="admin-portal">
      <nav aria-label={en.portal.navLabel} part="nav" style={{ maxWidth: 400, margin: '0 auto 12px' }}>
        <strong>{en.portal.title}</strong>
      </nav>
      {/* No <main> here: the host page owns its landmarks. */}
      <div part="page"><ProfilePage /></div>
    </ElementRoot>
  );
}
