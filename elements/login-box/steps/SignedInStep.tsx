import { useState } from 'react';
import { selectActiveTenant, selectUser } from '../../../core/store/auth/authSlice';
import { logout } from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { mutedStyle } from '../../ui/styles';

export function SignedInStep() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const tenant = useAppSelector(selectActiveTenant);
  const [signingOut, setSigningOut] = useState(false);
  const who = user?.name ? `${user.name} (${user.email})` : user?.email ?? '';
  return (
    <Card title={en.signedIn.title} titleId="ae-signed-in-title">
      <p part="signed-in-user">{en.signedIn.as(who)}</p>
      {tenant && <p css={mutedStyle}>{en.signedIn.tenant(tenant.name)}</p>}
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
