/** Success answers of the usage route (core/contract/routes/usage.ts), for OpenAPI. */
import * as usage from '../../../core/contract/routes/usage';
import { arr, int, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

const USAGE = obj(
  {
    windowDays: int,
    members: int,
    activeMembers: int,
    apiTokens: obj({ account: int, personal: int }, ['account', 'personal']),
    subAccounts: int,
    signInsPerDay: arr(obj({ date: str, count: int }, ['date', 'count'])),
  },
  ['windowDays', 'members', 'activeMembers', 'apiTokens', 'subAccounts', 'signInsPerDay'],
);

export const USAGE_RESPONSES: ResponseTable = [[usage.getTenantUsage, { 200: USAGE }]];
