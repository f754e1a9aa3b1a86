import { createAuthApi } from './auth';
import { createConfigurationsApi } from './configurations';
import { createEntitlementsApi } from './entitlements';
import { createFeatureFlagsApi } from './featureFlags';
import type { HttpClient } from './http';
import { createMetadataApi } from './metadata';
import { createProfileApi } from './profile';
import { createSessionsApi } from './sessions';
import { createTeamApi } from './team';
import { createAccountSettingsApi } from './accountSettings';
import { createUsersApi } from './users';

/** Every endpoint module over one HTTP client. */
export function createApi(http: HttpClient) {
  const portal = http.withRequestSource('admin-portal');
  return {
    auth: createAuthApi(http),
    users: createUsersApi(http),
    configurations: createConfigurationsApi(http),
    entitlements: createEntitlementsApi(http),
    featureFlags: createFeatureFlagsApi(http),
    metadata: createMetadataApi(portal),
    profile: createProfileApi(portal),
    sessions: createSessionsApi(portal),
    team: createTeamApi(portal),
    accountSettings: createAccountSettingsApi(portal),
  };
}
export type Api = ReturnType<typeof createApi>;
