/** The account's usage (core/domain/usage.ts; the usage page). Loaded with the page's chunk. */
import type { HttpClient } from '../api/http';
import type { UsageAnswer } from '../domain/usage';

export type AccountUsage = UsageAnswer;

export const createUsageApi = (http: HttpClient) => ({
  read: () => http.get<AccountUsage>('/tenants/resources/usage/v1'),
});
