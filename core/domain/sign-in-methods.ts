/**
 * Sign-in methods (issue 15): which authentication strategies the application and each account
 * allow, written once over storage ports: an account's choice is a row of `tenant_sign_in_methods`
 * (core/domain/sign-in-method-storage.ts, the server's and demo mode's), the application's the
 * vendor's own (server/storage/sign-in-methods.ts; demo mode's settings, core/demo/signInMethods.ts).
 * Both backends enforce them at every sign-in: the vendor's switch where a sign-in starts (the same
 * for everyone, it tells nothing about an email), an account's after the first factor is proven,
 * like the lockout, so a refusal never tells a stranger which account an email belongs to (with
 * the MFA gate, core/domain/mfa-assembly.ts `mfaGateOn`).
 * test/contract/sign-in-settings.contract.test.ts drives both through HTTP;
 * server/storage/sign-in-methods.test.ts drives both stores directly.
 *
 * - The vendor's methods are the application's: the public read and the login box follow them.
 *   Before the list existed every local method answered, the primary (`authStrategy`) first.
 * - An account's own methods narrow the vendor's for its members: a method the vendor has off is
 *   never on for an account (NoLocalAuthentication, SSO only, is always a narrowing). A method the
 *   vendor turns off later is off for every account at once (the intersection is taken when read);
 *   an account whose whole choice the vendor turned off gets the vendor's.
 * - The first primary method is the one the login box starts with (`authStrategy`).
 * - NoLocalAuthentication stands alone (no password, code, link or SMS code, and no passkeys) and
 *   only where SSO or a social login exists, or nobody could sign in.
 * - Only a vendor administrator saves the application's methods.
 */
import type { MainMethod } from '../api/signInMethods';
import { contractError } from '../contract/errors';

const NO_LOCAL = 'NoLocalAuthentication';
const LOCAL_METHODS = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'] as const;
const MAIN_METHODS: readonly MainMethod[] = [...LOCAL_METHODS, NO_LOCAL];

/** A sign-in the server can refuse by method. */
export type SignInMethod = (typeof LOCAL_METHODS)[number] | 'Passkeys';

export interface SignInMethods {
  /** The primary methods on, the login box's first choice first. */
  main: MainMethod[];
  /** The Passkeys secondary strategy. */
  passkeys: boolean;
}

/** The vendor's stored choice: its primary method, its list (null before the list existed), passkeys. */
export interface StoredVendorMethods {
  authStrategy: string | null;
  main: readonly string[] | null;
  passkeys: boolean;
}

/** What a sign-in reads: the application's methods and an account's own choice. */
export interface SignInMethodPorts {
  /** The application's stored methods, or null when nothing is stored. */
  vendor(): Promise<StoredVendorMethods | null>;
  /** An account's own stored choice, or null when it follows the application's. */
  ofAccount(tenantId: string): Promise<{ main: readonly string[]; passkeys: boolean } | null>;
}

/** What an administrator's save also needs (core/domain/sign-in-method-storage.ts). */
export interface SignInMethodStore extends SignInMethodPorts {
  saveVendor(methods: SignInMethods): Promise<void>;
  saveForAccount(tenantId: string, methods: SignInMethods): Promise<void>;
  forgetAccount(tenantId: string): Promise<void>;
  /** Whether anyone could sign in without a local method: SSO (of `tenantId`, or any) or social login. */
  federatedSignInExists(tenantId: string | null): Promise<boolean>;
}

/** The body of a save: the client SDK's IAuthStrategiesConfig shape (checked by its schema first). */
export interface StrategiesBody {
  mainAuthStrategies: Array<{ strategy: string }>;
  secondaryAuthStrategies?: Array<{ strategy: string; isActive: boolean }> | undefined;
}

const METHOD_NAMES: Record<SignInMethod, string> = {
  EmailAndPassword: 'a password',
  MagicLink: 'a magic link',
  Code: 'an emailed code',
  SmsCode: 'an SMS code',
  Passkeys: 'a passkey',
};

const isMain = (value: string): value is MainMethod => (MAIN_METHODS as readonly string[]).includes(value);

/** The application's methods, from what the vendor stored. */
export async function vendorSignInMethods(ports: SignInMethodPorts): Promise<SignInMethods> {
  const stored = await ports.vendor();
  const primary = stored?.authStrategy ?? 'EmailAndPassword';
  let main: MainMethod[];
  if (stored?.main?.length) main = stored.main.filter(isMain);
  else if (primary === NO_LOCAL) main = [NO_LOCAL];
  else main = [...LOCAL_METHODS].sort((a, b) => Number(b === primary) - Number(a === primary));
  return { main, passkeys: stored?.passkeys === true && !main.includes(NO_LOCAL) };
}

/** An account's methods: its own choice within the vendor's, else the vendor's. */
export async function accountSignInMethods(
  ports: SignInMethodPorts,
  tenantId: string | null,
): Promise<SignInMethods> {
  const vendor = await vendorSignInMethods(ports);
  const own = tenantId ? await ports.ofAccount(tenantId) : null;
  if (!own) return vendor;
  const main = own.main.filter(
    (s): s is MainMethod => isMain(s) && (s === NO_LOCAL || vendor.main.includes(s)),
  );
  if (main.length === 0) return vendor;
  return { main, passkeys: own.passkeys && vendor.passkeys && !main.includes(NO_LOCAL) };
}

export function allows(methods: SignInMethods, method: SignInMethod): boolean {
  if (method === 'Passkeys') return methods.passkeys && !methods.main.includes(NO_LOCAL);
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
export async function assertVendorAllows(ports: SignInMethodPorts, method: SignInMethod): Promise<void> {
  if (!allows(await vendorSignInMethods(ports), method))
    throw contractError('SIGN_IN_METHOD_OFF', { method: METHOD_NAMES[method] });
}

/** After the first factor: refused when the account the sign-in opens has the method off. */
export async function assertAccountAllows(
  ports: SignInMethodPorts,
  tenantId: string | null,
  method: SignInMethod,
): Promise<void> {
  if (!allows(await accountSignInMethods(ports, tenantId), method))
    throw contractError('SIGN_IN_METHOD_OFF_FOR_ACCOUNT', { method: METHOD_NAMES[method] });
}

/** Checks a save; `vendor` when saving an account's (it must stay within the vendor's). */
async function checkedMethods(
  ports: SignInMethodStore,
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
  if (main.includes(NO_LOCAL)) {
    if (main.length > 1) throw contractError('SIGN_IN_NO_LOCAL_ALONE');
    if (passkeys) throw contractError('SIGN_IN_NO_LOCAL_PASSKEYS');
  }
  const beyondVendor = (s: MainMethod) => s !== NO_LOCAL && !vendor?.main.includes(s);
  if (vendor && (main.some(beyondVendor) || (passkeys && !vendor.passkeys)))
    throw contractError('SIGN_IN_METHOD_VENDOR_OFF');
  if (main.includes(NO_LOCAL) && !(await ports.federatedSignInExists(tenantId)))
    throw contractError('SIGN_IN_NO_LOCAL_NEEDS_SSO');
  return { main, passkeys };
}

/** Saves an account's own methods (within the vendor's); answers what now applies to it. */
export async function saveAccountSignInMethods(
  ports: SignInMethodStore,
  tenantId: string,
  body: StrategiesBody,
): Promise<SignInMethods> {
  const methods = await checkedMethods(ports, body, tenantId, await vendorSignInMethods(ports));
  await ports.saveForAccount(tenantId, methods);
  return accountSignInMethods(ports, tenantId);
}

/** The account follows the application's methods again; answers what now applies to it. */
export async function resetAccountSignInMethods(
  ports: SignInMethodStore,
  tenantId: string,
): Promise<SignInMethods> {
  await ports.forgetAccount(tenantId);
  return accountSignInMethods(ports, tenantId);
}

/**
 * Saves the application's methods, for a vendor administrator only (SIGN_IN_METHODS_VENDOR_ONLY
 * otherwise, before the body is read); the first primary becomes `authStrategy`.
 */
export async function saveVendorSignInMethods(
  ports: SignInMethodStore,
  vendorAdministrator: boolean,
  body: StrategiesBody,
): Promise<SignInMethods> {
  if (!vendorAdministrator) throw contractError('SIGN_IN_METHODS_VENDOR_ONLY');
  await ports.saveVendor(await checkedMethods(ports, body, null, null));
  return vendorSignInMethods(ports);
}
