import { useEffect, useState } from 'react';
import { isPreviewDefaultFlag, withPreviewDefaults } from '../../../../core/featureFlags/previewFlags';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';

/**
 * A preview-default flag (core/featureFlags/previewFlags.ts) evaluated for this user and account:
 * on until the vendor turns it off, so on while loading and when it cannot be loaded (logged).
 */
export function usePreviewFlag(key: string): boolean {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const [on, setOn] = useState(isPreviewDefaultFlag(key));
  useEffect(() => {
    if (!me) return;
    app.services.api.featureFlags
      .evaluate([key], { userId: me.id, tenantId: me.tenantId })
      .then((flags) => setOn(withPreviewDefaults(flags, [key])[key] === true))
      .catch((error: unknown) => app.services.logger.error('Could not load feature flags', error));
  }, [app, key, me]);
  return on;
}
