/**
 * The vendor row: this deployment's public policy and password policy.
 * Read from the database on every use (it is one indexed row), so a change made through any
 * server process applies to all of them at once.
 */
import type { Database } from '../storage/database';
import { vendorRow } from '../storage/vendor';
import type { PublicSettings } from '../../core/domain/sign-in-settings-handlers';

/** The vendor row's settings: the public ones (core/domain/sign-in-settings-handlers.ts) and the rest. */
interface VendorSettings extends PublicSettings {
  id: string;
  signUpRequiresActivation: boolean;
  /** Passkeys offered as a sign-in method (the Passkeys secondary strategy). */
  passkeysEnabled: boolean;
}

/** The deployment's vendor settings (the first vendor row; migration 1 creates it). */
export async function getVendorSettings(db: Database): Promise<VendorSettings> {
  const row = await vendorRow(db);
  if (!row) throw new Error('No vendor row: migrations have not run');
  return {
    id: row.id,
    allowSignups: row.allow_signups,
    allowNotVerifiedUsersLogin: row.allow_not_verified_users_login,
    apiTokensEnabled: row.api_tokens_enabled,
    forcePermissions: row.force_permissions,
    authStrategy: row.auth_strategy,
    machineToMachineAuthStrategy: row.machine_to_machine_auth_strategy,
    signUpRequiresActivation: row.sign_up_requires_activation,
    whiteLabelMode: row.white_label_mode,
    passwordMinLength: row.password_min_length,
    passwordMaxLength: row.password_max_length,
    passkeysEnabled: row.passkeys_enabled === true,
  };
}
