import type { HttpClient } from './http';
import type { PasswordConfig, SignUpRequest, SignUpResponse, Tenant, User } from './types';

export const USERS_V1 = '/identity/resources/users/v1';
export const USERS_V2 = '/identity/resources/users/v2';
export const USERS_V3 = '/identity/resources/users/v3';

/** User and tenant calls (spec 000 §7, "Users"). */
export function createUsersApi(http: HttpClient) {
  return {
    signUp: (body: SignUpRequest) => http.post<SignUpResponse>(`${USERS_V1}/signUp`, body, { credentials: 'include' }),
    getMe: () => http.get<User>(`${USERS_V2}/me`),
    getMeTenants: () => http.get<{ tenants: Tenant[]; activeTenant?: Tenant }>(`${USERS_V3}/me/tenants`),
    getPasswordConfig: () => http.get<PasswordConfig>(`${USERS_V1}/passwords/config`),
  };
}
