import { lazy, Suspense, useState } from 'react';
import { selectAuth } from '../../../core/store/auth/authSlice';
import { logout } from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { mutedStyle } from '../../ui/styles';

/** Users of several accounts switch between them here (its own chunk, spec 000 §4 "tenant switch"). */
const TenantSwitcher = lazy(() => import('../../tenants/TenantSwitcher'));

export function SignedInStep() {
  const dispatch = useAppDispatch();
  const { user, activeTenant: tenant, tenants } = useAppSelector(selectAuth);
  const [signingOut, setSigningOut] = useState(false);
  const who = user?.name ? `${user.name} (${user.email})` : (user?.email ?? '');
  return (
    <Card title={en.signedIn.title} titleId="ae-signed-in-title">
      <p part="signed-in-user">{en.signedIn.as(who)}</p>
      {tenant && (
        <p css={mutedStyle} part="active-tenant">
          {en.signedIn.tenant(tenant.name)}
        </p>
      )}
      {tenants.length > 1 && (
        <Suspense fallback={null}>
          <TenantSwitcher />
        </Suspense>
      )}
      <Button
        partName="sign-out-button"
        loading={signingOut}
        loadingLabel={en.signedIn.signingOut}
        onClick={async () => {
          setSigningOut(true);
          await dispatch(logout());
        }}
      >
        {en.signedIn.signOut}
      </Button>
    </Card>
  );
}
