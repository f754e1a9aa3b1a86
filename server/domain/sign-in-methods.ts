/**
 * Sign-in methods (issue 15): which authentication strategies the application and each account
 * allow, and the server's enforcement of them.
 *
 * - The vendor's methods (`vendors.main_auth_strategies`, `auth_strategy`, `passkeys_enabled`) are
 *   the application's: the public read (`/auth/strategies/public`, the public policy's
 *   `authStrategy`) and the login box follow them. Written by a vendor administrator.
 * - An account's own methods (`tenant_sign_in_methods`) narrow the vendor's for its members: an
 *   account administrator may turn a method off for the account, never on when the vendor has it
 *   off (NoLocalAuthentication, SSO only, is always a narrowing and always allowed where SSO exists). A method the vendor turns off later is off for every account at once (the intersection is
 *   taken when read); an account whose whole choice the vendor turned off gets the vendor's.
 * - The first primary method is the one the login box starts with (`authStrategy`).
 * - NoLocalAuthentication stands alone (no password, code, link or SMS code, and no passkeys) and
 *   only where SSO or a social login exists, or nobody could sign in.
 *
 * Enforcement: the vendor's switch is checked where a sign-in starts (it is the same for everyone,
 * so it tells nothing about an email); an account's switch after the first factor is proven (the
 * right password, a valid code or link, a verified passkey), like the lockout, so a refusal never
 * tells a stranger which account an email belongs to.
 */
import { MAIN_METHODS, type MainMethod } from '../../core/api/signInMethods';
import type { Database } from '../storage/database';
import { contractError } from '../../core/contract/errors';

const LOCAL_STRATEGIES = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'] as const;
type LocalStrategy = (typeof LOCAL_STRATEGIES)[number];

/** A sign-in the server can refuse by method. */
export type SignInMethod = LocalStrategy | 'Passkeys';

export interface SignInMethods {
  /** The primary methods on, the login box's first choice first. */
  main: MainMethod[];
  /** The Passkeys secondary strategy. */
  passkeys: boolean;
}

const METHOD_NAMES: Record<SignInMethod, string> = {
  EmailAndPassword: 'a password',
  MagicLink: 'a magic link',
  Code: 'an emailed code',
  SmsCode: 'an SMS code',
  Passkeys: 'a passkey',
};

const isMain = (value: string): value is MainMethod => (MAIN_METHODS as readonly string[]).includes(value);

/** The application's methods (the vendor row). */
export async function vendorSignInMethods(db: Database): Promise<SignInMethods> {
  const { rows } = await db.query<{
    auth_strategy: string;
    main_auth_strategies: string[] | null;
    passkeys_enabled: boolean | null;
  }>(
    'SELECT auth_strategy, main_auth_strategies, passkeys_enabled FROM vendors ORDER BY created_at, id LIMIT 1',
  );
  const row = rows[0];
  const primary = row?.auth_strategy ?? 'EmailAndPassword';
  let main: MainMethod[];
  if (row?.main_auth_strategies?.length) {
    main = row.main_auth_strategies.filter(isMain);
  } else if (primary === 'NoLocalAuthentication') {
    main = ['NoLocalAuthentication'];
  } else {
    // Before the sign-in methods existed every local method answered, the primary shown first.
    main = [...LOCAL_STRATEGIES].sort((a, b) => Number(b === primary) - Number(a === primary));
  }
  return { main, passkeys: row?.passkeys_enabled === true && !main.includes('NoLocalAuthentication') };
}

/** An account's methods: its own choice within the vendor's, else the vendor's. */
export async function tenantSignInMethods(db: Database, tenantId: string | null): Promise<SignInMethods> {
  const vendor = await vendorSignInMethods(db);
  if (!tenantId) return vendor;
  const { rows } = await db.query<{ main_strategies: string[]; passkeys: boolean }>(
    'SELECT main_strategies, passkeys FROM tenant_sign_in_methods WHERE tenant_id = $1',
    [tenantId],
  );
  const own = rows[0];
  if (!own) return vendor;
  // NoLocalAuthentication narrows every vendor choice (SSO only): an account may always pick it.
  const main = own.main_strategies.filter(
    (s): s is MainMethod => isMain(s) && (s === 'NoLocalAuthentication' || vendor.main.includes(s)),
  );
  if (main.length === 0) return vendor;
  return { main, passkeys: own.passkeys && vendor.passkeys && !main.includes('NoLocalAuthentication') };
}

export function allows(methods: SignInMethods, method: SignInMethod): boolean {
  if (method === 'Passkeys') return methods.passkeys && !methods.main.includes('NoLocalAuthentication');
  return methods.main.includes(method);
}

/** The client SDK's IAuthStrategiesConfig. */
export function strategiesAnswer(methods: SignInMethods) {
  return {
    mainAuthStrategies: methods.main.map((strategy) => ({ strategy })),
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: allows(methods, 'Passkeys') }],
  };
}

/** Where a sign-in starts: refused when the application has the method off. */
export async function assertVendorAllows(db: Database, method: SignInMethod): Promise<void> {
  if (!allows(await vendorSignInMethods(db), method))
    throw contractError('SIGN_IN_METHOD_OFF', { method: METHOD_NAMES[method] });
}

/** After the first factor: refused when the account the sign-in opens has the method off. */
export async function assertTenantAllows(
  db: Database,
  tenantId: string | null,
  method: SignInMethod,
): Promise<void> {
  if (!allows(await tenantSignInMethods(db, tenantId), method))
    throw contractError('SIGN_IN_METHOD_OFF_FOR_ACCOUNT', { method: METHOD_NAMES[method] });
}

/** The body of a save: the client SDK's IAuthStrategiesConfig shape. */
export interface StrategiesBody {
  mainAuthStrategies: Array<{ strategy: string }>;
  secondaryAuthStrategies?: Array<{ strategy: string; isActive: boolean }>;
}

/** Whether anyone could still sign in without a local method: SSO (of `tenantId`, or any) or social login. */
async function federatedSignInExists(db: Database, tenantId: string | null): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM social_providers WHERE active)
         OR EXISTS (SELECT 1 FROM sso_configurations WHERE active AND ($1::uuid IS NULL OR tenant_id = $1))
         OR EXISTS (SELECT 1 FROM saml_configurations WHERE active AND ($1::uuid IS NULL OR tenant_id = $1))
       AS found`,
    [tenantId],
  );
  return rows[0]?.found === true;
}

/** Checks a save; `vendor` when saving an account's (it must stay within the vendor's). */
async function checkedMethods(
  db: Database,
  body: StrategiesBody,
  tenantId: string | null,
  vendor: SignInMethods | null,
): Promise<SignInMethods> {
  const main = [...new Set(body.mainAuthStrategies.map((s) => s.strategy))].filter(isMain);
  const secondary = body.secondaryAuthStrategies ?? [];
  if (secondary.some((s) => s.isActive && s.strategy !== 'Passkeys'))
    throw contractError('SIGN_IN_SECONDARY_UNSUPPORTED');
  const passkeys = secondary.some((s) => s.strategy === 'Passkeys' && s.isActive);
  if (main.length === 0) throw contractError('SIGN_IN_METHODS_EMPTY');
  if (main.includes('NoLocalAuthentication')) {
    if (main.length > 1) throw contractError('SIGN_IN_NO_LOCAL_ALONE');
    if (passkeys) throw contractError('SIGN_IN_NO_LOCAL_PASSKEYS');
  }
  const beyondVendor = (s: MainMethod) => s !== 'NoLocalAuthentication' && !vendor?.main.includes(s);
  if (vendor && (main.some(beyondVendor) || (passkeys && !vendor.passkeys)))
    throw contractError('SIGN_IN_METHOD_VENDOR_OFF');
  if (main.includes('NoLocalAuthentication') && !(await federatedSignInExists(db, tenantId)))
    throw contractError('SIGN_IN_NO_LOCAL_NEEDS_SSO');
  return { main, passkeys };
}

/** Saves an account's own methods (within the vendor's); answers what now applies to it. */
export async function saveTenantSignInMethods(
  db: Database,
  tenantId: string,
  body: StrategiesBody,
): Promise<SignInMethods> {
  const methods = await checkedMethods(db, body, tenantId, await vendorSignInMethods(db));
  await db.query(
    `INSERT INTO tenant_sign_in_methods (tenant_id, main_strategies, passkeys) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id) DO UPDATE SET main_strategies = EXCLUDED.main_strategies,
       passkeys = EXCLUDED.passkeys, updated_at = now()`,
    [tenantId, methods.main, methods.passkeys],
  );
  return tenantSignInMethods(db, tenantId);
}

/** Saves the application's methods (the vendor row); the first primary becomes `authStrategy`. */
export async function saveVendorSignInMethods(db: Database, body: StrategiesBody): Promise<SignInMethods> {
  const methods = await checkedMethods(db, body, null, null);
  await db.query(
    `UPDATE vendors SET main_auth_strategies = $1, auth_strategy = $2, passkeys_enabled = $3, updated_at = now()`,
    [methods.main, methods.main[0], methods.passkeys],
  );
  return vendorSignInMethods(db);
}
