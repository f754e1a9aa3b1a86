import { useEffect, useState } from 'react';
import { KNOWN_FEATURE_FLAGS } from '../../../../core/featureFlags/featureFlags';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';

/**
 * Custom login per tenant is gated by its flag (spec 001 §6), evaluated for this user and account;
 * false until the flag is known, and when it cannot be loaded (logged).
 */
export function useCustomLoginFlag(allowed: boolean) {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const [customLoginFlag, setCustomLoginFlag] = useState(false);
  useEffect(() => {
    if (!allowed || !me) return;
    const flag = KNOWN_FEATURE_FLAGS.adminPortalLoginPerTenant;
    app.services.api.featureFlags
      .evaluate([flag], { userId: me.id, tenantId: me.tenantId })
      .then((flags) => setCustomLoginFlag(flags[flag] === true))
      .catch((error: unknown) => app.services.logger.error('Could not load feature flags', error));
  }, [app, allowed, me]);
  return customLoginFlag;
}
