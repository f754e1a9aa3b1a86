import { createAuthApi } from './auth';
import { createConfigurationsApi } from './configurations';
import type { HttpClient } from './http';
import { createUsersApi } from './users';

/** Every endpoint module over one HTTP client. */
export function createApi(http: HttpClient) {
  return {
    auth: createAuthApi(http),
    users: createUsersApi(http),
    configurations: createConfigurationsApi(http),
  };
}
export type Api = ReturnType<typeof createApi>;
