/**
 * The security page's sign-in methods tab (issue 15): the client SDK's reads of the
 * authentication strategies (`getVendorPublicAuthStrategiesConfig`,
 * `getPublicAuthStrategiesConfigForAuthenticatedUser`) and our save beside them (PUT on the
 * signed-in read's path; DELETE goes back to the application's methods). Built on the portal's
 * client by the lazily loaded tab only.
 */
import type { HttpClient } from './http';

const STRATEGIES = '/identity/resources/configurations/v1/auth/strategies';

/** The client SDK's AuthStrategyEnum, in the order the tab lists them. */
export const MAIN_METHODS = [
  'EmailAndPassword',
  'MagicLink',
  'Code',
  'SmsCode',
  'NoLocalAuthentication',
] as const;
export type MainMethod = (typeof MAIN_METHODS)[number];

/** The client SDK's IAuthStrategiesConfig. */
export interface StrategiesConfig {
  mainAuthStrategies: Array<{ strategy: MainMethod }>;
  secondaryAuthStrategies: Array<{ strategy: string; isActive: boolean }>;
}

export const passkeysOn = (config: StrategiesConfig) =>
  config.secondaryAuthStrategies.some((s) => s.strategy === 'Passkeys' && s.isActive);

/** A save's body: the methods on, `first` first (the login box's first choice). */
export function strategiesBody(
  on: readonly MainMethod[],
  first: MainMethod,
  passkeys: boolean,
): StrategiesConfig {
  const ordered = on.includes(first) ? [first, ...on.filter((m) => m !== first)] : [...on];
  return {
    mainAuthStrategies: ordered.map((strategy) => ({ strategy })),
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: passkeys }],
  };
}

export function createSignInMethodsApi(http: HttpClient) {
  return {
    /** What the application allows (the vendor's methods). */
    application: () => http.get<StrategiesConfig>(`${STRATEGIES}/public`),
    /** What applies to the caller's account. */
    account: () => http.get<StrategiesConfig>(STRATEGIES),
    save: (config: StrategiesConfig) => http.put<StrategiesConfig>(STRATEGIES, config),
    /** The application's methods (a vendor administrator). */
    saveApplication: (config: StrategiesConfig) => http.put<StrategiesConfig>(`${STRATEGIES}/vendor`, config),
    /** Back to the application's methods. */
    reset: () => http.delete<StrategiesConfig>(STRATEGIES),
  };
}
