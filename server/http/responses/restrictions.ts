/** Success answers of the restrictions routes (core/contract/routes/restrictions.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/restrictions';
import {
  DOMAIN,
  DOMAIN_CONFIG,
  INSIGHT,
  IP_CONFIG,
  IP_RESTRICTION,
  RECOMMENDATION,
  VALID,
} from '../route-schemas/security';
import { EMPTY, NO_BODY, arr, int, obj, page } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const RESTRICTIONS_RESPONSES: ResponseTable = [
  [routes.getConfigurationsRestrictionsIp, { 200: page(IP_RESTRICTION) }],
  [routes.getConfigurationsRestrictionsIpConfig, { 200: IP_CONFIG }],
  [routes.postConfigurationsRestrictionsIpConfig, { 200: IP_CONFIG }],
  [routes.postConfigurationsRestrictionsIp, { 201: EMPTY }],
  [routes.postConfigurationsRestrictionsIpBulk, { 201: EMPTY }],
  [routes.deleteConfigurationsRestrictionsIpById, { 200: EMPTY }],
  [routes.postConfigurationsRestrictionsIpVerify, { 200: VALID }],
  [routes.postConfigurationsRestrictionsIpVerifyAllow, { 200: VALID }],
  [routes.getConfigurationsRestrictionsEmailDomain, { 200: obj({ items: arr(DOMAIN) }, ['items']) }],
  [routes.getConfigurationsRestrictionsEmailDomainConfig, { 200: DOMAIN_CONFIG }],
  [routes.postConfigurationsRestrictionsEmailDomainConfig, { 200: DOMAIN_CONFIG }],
  [routes.postConfigurationsRestrictionsEmailDomain, { 201: DOMAIN }],
  [routes.deleteConfigurationsRestrictionsEmailDomainById, { 200: EMPTY }],
  [
    routes.getSecurityCenterRecommendations,
    {
      200: obj(
        {
          scoring: obj({ score: int }, ['score']),
          recommendations: obj({ items: arr(RECOMMENDATION) }, ['items']),
        },
        ['scoring', 'recommendations'],
      ),
    },
  ],
  [
    routes.getSecurityCenterInsights,
    { 200: obj({ insights: obj({ items: arr(INSIGHT) }, ['items']) }, ['insights']) },
  ],
];

/** Bodies of calls that read none, documented. */
export const RESTRICTIONS_BODIES: ResponseTable = [
  [routes.postConfigurationsRestrictionsIpVerify, NO_BODY],
  [routes.postConfigurationsRestrictionsIpVerifyAllow, NO_BODY],
];
