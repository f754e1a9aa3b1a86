/**
 * Request schemas of the sign-in methods and the captcha policy (issue 15; core/domain/sign-in-method-handlers.ts),
 * shared by the server and the demo backend (core/contract/requests.ts merges them).
 */
import { MAIN_METHODS } from '../api/signInMethods';
import type { RequestSchema } from './requests';
import * as s from './schemas';

/** The client SDK's SecondaryAuthStrategy (its AuthStrategyEnum is MAIN_METHODS). */
const SECONDARY_AUTH_STRATEGIES = [
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
  'SmsCode',
  'Passkeys',
] as const;

/** IAuthStrategiesConfig, as a save. An empty main list gets its own message (at least one stays on). */
export const strategies: RequestSchema = {
  body: s.strictObject(
    {
      mainAuthStrategies: {
        type: 'array',
        maxItems: MAIN_METHODS.length,
        items: s.strictObject({ strategy: { type: 'string', enum: MAIN_METHODS } }, ['strategy']),
      },
      secondaryAuthStrategies: {
        type: 'array',
        maxItems: SECONDARY_AUTH_STRATEGIES.length,
        items: s.strictObject(
          { strategy: { type: 'string', enum: SECONDARY_AUTH_STRATEGIES }, isActive: { type: 'boolean' } },
          ['strategy', 'isActive'],
        ),
      },
    },
    ['mainAuthStrategies'],
  ),
};

export const key = { type: 'string', maxLength: 200, pattern: '^[^\\u0000]*$' } as const;
