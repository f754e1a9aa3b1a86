/** Success answers of the security routes (core/contract/routes/security.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/security';
import { CAPTCHA_POLICY, CAPTCHA_PUBLIC, OBJECT, STRATEGIES, STRATEGY } from '../route-schemas/platform';
import { EMPTY, NO_BODY, arr, bool, int, obj, str } from '../route-schemas/common';
import { HISTORY_POLICY, LOCKOUT_POLICY, MFA_POLICY, SESSION_POLICY } from '../route-schemas/security';
import type { ResponseTable } from './index';

export const SECURITY_RESPONSES: ResponseTable = [
  [
    routes.getConfigurationsPublic,
    {
      200: obj(
        {
          allowSignups: bool,
          allowNotVerifiedUsersLogin: bool,
          apiTokensEnabled: bool,
          forcePermissions: bool,
          authStrategy: str,
          machineToMachineAuthStrategy: str,
          secondaryStrategies: arr(STRATEGY),
        },
        ['allowSignups', 'authStrategy'],
      ),
    },
  ],
  [
    routes.getConfigurationsAuthStrategiesPublic,
    {
      200: obj(
        {
          mainAuthStrategies: arr(obj({ strategy: str }, ['strategy'])),
          secondaryAuthStrategies: arr(STRATEGY),
        },
        ['mainAuthStrategies'],
      ),
    },
  ],
  [routes.getConfigurationsAuthStrategies, { 200: STRATEGIES }],
  [
    routes.getConfigurationsPassword,
    {
      200: obj(
        {
          allowPassphrases: bool,
          minLength: int,
          maxLength: int,
          minPhraseLength: int,
          minOptionalTestsToPass: int,
        },
        ['minLength', 'maxLength'],
      ),
    },
  ],
  [routes.getConfigurationsCaptchaPolicyPublic, { 200: CAPTCHA_PUBLIC }],
  [routes.getConfigurationsMfaStrategies, { 200: obj({ strategies: arr(STRATEGY) }, ['strategies']) }],
  [routes.getConfigurationsMfaPolicyAllowRememberDevice, { 200: OBJECT }],
  [
    routes.getConfigurations,
    {
      200: obj(
        {
          id: str,
          enforceMFAType: str,
          createdAt: str,
          updatedAt: str,
          allowOverrideEnforcePasswordHistory: bool,
          allowOverridePasswordComplexity: bool,
          allowOverridePasswordExpiration: bool,
          allowSignups: bool,
          apiTokensEnabled: bool,
          cookieSameSite: str,
          defaultRefreshTokenExpiration: int,
          defaultTokenExpiration: int,
          publicKey: str,
        },
        ['id', 'allowSignups', 'apiTokensEnabled'],
      ),
    },
  ],
  [routes.getConfigurationsMfaPolicy, { 200: MFA_POLICY }],
  [routes.getConfigurationsMfaPolicyVendor, { 200: MFA_POLICY }],
  [routes.postConfigurationsMfaPolicy, { 200: MFA_POLICY }],
  [routes.patchConfigurationsMfaPolicy, { 200: MFA_POLICY }],
  [routes.getConfigurationsLockoutPolicy, { 200: LOCKOUT_POLICY }],
  [routes.getConfigurationsLockoutPolicyVendor, { 200: LOCKOUT_POLICY }],
  [routes.putConfigurationsAuthStrategies, { 200: STRATEGIES }],
  [routes.deleteConfigurationsAuthStrategies, { 200: STRATEGIES }],
  [routes.putConfigurationsAuthStrategiesVendor, { 200: STRATEGIES }],
  [routes.getConfigurationsCaptchaPolicy, { 200: CAPTCHA_POLICY }],
  [routes.putConfigurationsCaptchaPolicy, { 200: CAPTCHA_POLICY }],
  [routes.postConfigurationsLockoutPolicy, { 200: LOCKOUT_POLICY }],
  [routes.patchConfigurationsLockoutPolicy, { 200: LOCKOUT_POLICY }],
  [routes.getConfigurationsPasswordHistoryPolicy, { 200: HISTORY_POLICY }],
  [routes.getConfigurationsPasswordHistoryPolicyVendor, { 200: HISTORY_POLICY }],
  [routes.postConfigurationsPasswordHistoryPolicy, { 200: HISTORY_POLICY }],
  [routes.patchConfigurationsPasswordHistoryPolicy, { 200: HISTORY_POLICY }],
  [routes.getConfigurationsSessions, { 200: SESSION_POLICY }],
  [routes.postConfigurationsSessions, { 201: EMPTY }],
];

/** Bodies of calls that read none, documented. */
export const SECURITY_BODIES: ResponseTable = [[routes.deleteConfigurationsAuthStrategies, NO_BODY]];
