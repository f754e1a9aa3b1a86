import { useEffect, useState, useSyncExternalStore } from 'react';
import { selectAuth } from '../../core/store/auth/authSlice';
import { en } from '../i18n/en';
import { useAppDispatch, useAppSelector, useAuthApp } from '../shared/AppContext';
import { Alert } from '../ui/Alert';
import { SelectField } from '../ui/SelectField';

// The portals of each app that show a switcher: while one does, the login box of the same app shows
// none, so a page with both has one "Active account" control, the portal's (issue 14).
const portals = new Map<object, number>();
const listeners = new Set<() => void>();
function countPortal(app: object, delta: number) {
  portals.set(app, (portals.get(app) ?? 0) + delta);
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The tenant switcher of the login box and the portal (spec 000 §4 "Switching tenant: set loading,
 * call switch, reload the session"). Shown only to a user of several accounts; its own chunk, and
 * the switch thunk is fetched on first use.
 */
export default function TenantSwitcher({ inPortal = false }: { inPortal?: boolean }) {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const portalShown = useSyncExternalStore(subscribe, () => (portals.get(app) ?? 0) > 0);
  useEffect(() => {
    if (!inPortal) return undefined;
    countPortal(app, 1);
    return () => countPortal(app, -1);
  }, [app, inPortal]);
  const { tenants, activeTenant, tenantSwitch } = useAppSelector(selectAuth);
  const [chosen, setChosen] = useState<string | null>(null);
  const value = tenantSwitch.loading && chosen ? chosen : (activeTenant?.tenantId ?? '');
  if (!inPortal && portalShown) return null;
  return (
    <div part="tenant-switcher">
      <SelectField
        label={en.tenantSwitcher.label}
        partName="tenant-select"
        value={value}
        disabled={tenantSwitch.loading}
        aria-busy={tenantSwitch.loading || undefined}
        options={tenants.map((t) => ({ value: t.tenantId, label: t.name }))}
        onChange={async (event) => {
          const tenantId = event.target.value;
          setChosen(tenantId);
          const { switchTenant } = await import('../../core/tenants/switchTenant');
          await dispatch(switchTenant(tenantId));
        }}
      />
      {tenantSwitch.loading && (
        <p role="status" part="tenant-switching">
          {en.tenantSwitcher.switching}
        </p>
      )}
      {tenantSwitch.error && <Alert>{tenantSwitch.error}</Alert>}
    </div>
  );
}
