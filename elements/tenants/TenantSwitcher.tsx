import { useState } from 'react';
import { selectAuth } from '../../core/store/auth/authSlice';
import { en } from '../i18n/en';
import { useAppDispatch, useAppSelector } from '../shared/AppContext';
import { Alert } from '../ui/Alert';
import { SelectField } from '../ui/SelectField';

/**
 * The tenant switcher of the login box and the portal (spec 000 §4 "Switching tenant: set loading,
 * call switch, reload the session"). Shown only to a user of several accounts; its own chunk, and
 * the switch thunk is fetched on first use.
 */
export default function TenantSwitcher() {
  const dispatch = useAppDispatch();
  const { tenants, activeTenant, tenantSwitch } = useAppSelector(selectAuth);
  const [chosen, setChosen] = useState<string | null>(null);
  const value = tenantSwitch.loading && chosen ? chosen : (activeTenant?.tenantId ?? '');
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
