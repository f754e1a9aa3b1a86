import { useEffect, useState } from 'react';
import { withPreviewDefaults } from '../../../../core/featureFlags/previewFlags';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';

/**
 * Preview-default flags (core/featureFlags/previewFlags.ts) evaluated for this user and account, in
 * one call: each on until the vendor turns it off, so on while loading and when they cannot be
 * loaded (logged).
 */
export function usePreviewFlags<K extends string>(keys: readonly K[]): Record<K, boolean> {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const asked = keys.join(' ');
  const [flags, setFlags] = useState<Record<string, boolean>>(() => withPreviewDefaults({}, keys));
  useEffect(() => {
    if (!me) return;
    const wanted = asked.split(' ');
    app.services.api.featureFlags
      .evaluate(wanted, { userId: me.id, tenantId: me.tenantId })
      .then((evaluated) => setFlags(withPreviewDefaults(evaluated, wanted)))
      .catch((error: unknown) => app.services.logger.error('Could not load feature flags', error));
  }, [app, asked, me]);
  return Object.fromEntries(keys.map((key) => [key, flags[key] !== false])) as Record<K, boolean>;
}
