/**
 * The security centre's calls (spec 001 §7 "Security centre: GET recommendations; GET insights;
 * users V3 with presets; ... bulk breached-password reset emails"), on the client SDK's paths
 * (`@frontegg/rest-api` 3.1.18 `securityCenter`, `users.sendResetBreachedPasswordEmails`). Built on
 * the portal's client by the lazily loaded page only (kept out of the shared chunk by
 * rollup.config.mjs), so no other screen carries it.
 */
import type { HttpClient } from './http';
import type { Page, TeamUser } from './team';
import { usersQueryParams } from './team';
import { USERS_V1, USERS_V3 } from './users';
import {
  INACTIVE_THRESHOLD_SECONDS,
  SECURITY_CENTER_PAGE_SIZE,
  type InsightsAnswer,
  type RecommendationsAnswer,
} from '../contract/securityCenter';

const CENTRE = '/security-center/resources';

/**
 * The tables of the page and the users v3 preset behind each (spec 001 §3 "query form"; the
 * never-signed-in table is ours: those members are not inactive, core/contract/securityCenter.ts).
 */
export const SECURITY_CENTER_TABLES = {
  breached: 'BREACHED_PASSWORDS',
  mfa: 'MFA_UNENROLLED',
  inactive: 'INACTIVE',
  never: 'NEVER_SIGNED_IN',
} as const;
export type SecurityCenterTable = keyof typeof SECURITY_CENTER_TABLES;

/** What a campaign did (the reference server's answer; the client SDK reads nothing). */
export interface CampaignResult {
  sent: number;
  skipped: number;
}

export function createSecurityCenterApi(http: HttpClient) {
  return {
    recommendations: () => http.get<RecommendationsAnswer>(`${CENTRE}/recommendations/v1`),
    insights: () => http.get<InsightsAnswer>(`${CENTRE}/insights/v1`),
    /**
     * One table's page (spec 001 §9 "page size 10, offset 0"); the search is sent only when given
     * (§5), the inactive table with the threshold of 7776000 s.
     */
    users: (table: SecurityCenterTable, query: { page: number; pageSize?: number; filter?: string }) =>
      http.get<Page<TeamUser>>(USERS_V3, {
        query: {
          ...usersQueryParams({ ...query, pageSize: query.pageSize ?? SECURITY_CENTER_PAGE_SIZE }),
          _preset: SECURITY_CENTER_TABLES[table],
          _maxInactiveSeconds: table === 'inactive' ? INACTIVE_THRESHOLD_SECONDS : undefined,
        },
      }),
    sendBreachedPasswordResets: () =>
      http.post<Partial<CampaignResult>>(`${USERS_V1}/passwords/breached/reset/bulk`, {}),
  };
}
