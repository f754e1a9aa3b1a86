import { createAuthApi } from './auth';
import { createConfigurationsApi } from './configurations';
import { createEntitlementsApi } from './entitlements';
import { createFeatureFlagsApi } from './featureFlags';
import type { HttpClient } from './http';
import { createMetadataApi } from './metadata';
import { createProfileApi } from './profile';
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
    /** The portal's client, for API modules that portal pages load with their own chunk. */
    portalHttp: portal,
    /** The client itself, for endpoint modules that lazily loaded screens build on it (core/api/invitations.ts). */
    http,
  };
}
export type Api = ReturnType<typeof createApi>;
