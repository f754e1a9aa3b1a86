import { useEffect, useRef } from 'react';
import { logoutAndLeave } from '../../../core/store/auth/sessionThunks';
import { en } from '../../i18n/en';
import { useAppDispatch } from '../../shared/AppContext';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/** The logoutUrl route: signs out, then goes to the login URL (or an allowed redirectUrl). */
export function LogoutStep() {
  const dispatch = useAppDispatch();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(logoutAndLeave(globalThis.location?.href ?? ''));
  }, [dispatch]);
  return (
    <Card title={en.signedIn.signOut} titleId="ae-logout-title">
      <Spinner label={en.signedIn.signingOut} />
    </Card>
  );
}
