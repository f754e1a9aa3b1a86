/**
 * Directory provisioning (SCIM) configurations: the client SDK's `directory` calls
 * (`@frontegg/rest-api` 3.1.18; spec 001 §3 and §7). The provisioning page uses them; the SCIM
 * protocol itself (what an identity provider calls with the token) is the server's, docs/scim.md.
 * Kept out of the shared chunk (rollup.config.mjs): only the provisioning page loads it.
 */
import type { HttpClient } from './http';

const DIRECTORY_CONFIGURATIONS = '/directory/resources/v1/configurations/scim2';
const DIRECTORY_TEMP = '/directory/resources/scim/temp';

/** The client SDK's ScimConnectionSource (spec 001 §3). */
export const SCIM_SOURCES = ['frontegg', 'okta', 'azure-ad', 'other'] as const;
export type ScimSource = (typeof SCIM_SOURCES)[number];

/** Scim2ConnectionConfigResponse. */
export interface ScimConfiguration {
  id: string;
  connectionName: string;
  source: ScimSource;
  syncToUserManagement: boolean;
  createdAt: string;
  lastSync?: string | null;
}

/** The creation's answer: the configuration and its bearer token, shown this once. */
export interface CreatedScimConfiguration extends ScimConfiguration {
  token: string;
}

export function createDirectoryApi(http: HttpClient) {
  return {
    list: () => http.get<ScimConfiguration[]>(DIRECTORY_CONFIGURATIONS),
    create: (body: { source: ScimSource; connectionName?: string; syncToUserManagement?: boolean }) =>
      http.post<CreatedScimConfiguration>(DIRECTORY_CONFIGURATIONS, body),
    update: (id: string, body: { syncToUserManagement?: boolean }) =>
      http.patch<void>(`${DIRECTORY_CONFIGURATIONS}/${encodeURIComponent(id)}`, body),
    remove: (id: string) => http.delete<void>(`${DIRECTORY_CONFIGURATIONS}/${encodeURIComponent(id)}`),
    countUsers: (id: string) =>
      http.get<{ count: number }>(`${DIRECTORY_TEMP}/${encodeURIComponent(id)}/Users/count`),
  };
}
export type DirectoryApi = ReturnType<typeof createDirectoryApi>;
