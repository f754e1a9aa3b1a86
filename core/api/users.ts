import type { HttpClient } from './http';
import type {
  ActivateAccountRequest,
  ActivationStrategy,
  AuthResponse,
  EmailLinkParams,
  PasswordConfig,
  ResetPasswordRequest,
  SignUpRequest,
  SignUpResponse,
  Tenant,
  User,
} from './types';

export const USERS_V1 = '/identity/resources/users/v1';
export const USERS_V2 = '/identity/resources/users/v2';
export const USERS_V3 = '/identity/resources/users/v3';

/** User and tenant calls (spec 000 §7, "Users"). */
export function createUsersApi(http: HttpClient) {
  return {
    signUp: (body: SignUpRequest) =>
      http.post<SignUpResponse>(`${USERS_V1}/signUp`, body, { credentials: 'include' }),
    getMe: () => http.get<User>(`${USERS_V2}/me`),
    getMeTenants: () => http.get<{ tenants: Tenant[]; activeTenant?: Tenant }>(`${USERS_V3}/me/tenants`),
    getPasswordConfig: () => http.get<PasswordConfig>(`${USERS_V1}/passwords/config`),
    /** Emails a reset link; answers 200 whether or not the email has an account. */
    requestPasswordReset: (body: { email: string }) =>
      http.post<Record<string, never>>(`${USERS_V1}/passwords/reset`, body),
    /** Sets a new password with the userId and token of the reset link. */
    resetPassword: (body: ResetPasswordRequest) =>
      http.post<Record<string, never>>(`${USERS_V1}/passwords/reset/verify`, body),
    getActivationStrategy: (link: EmailLinkParams) =>
      http.get<ActivationStrategy>(`${USERS_V1}/activate/strategy`, {
        query: { userId: link.userId, token: link.token },
      }),
    /** Activates the account and signs in (sets the refresh cookie). */
    activateAccount: (body: ActivateAccountRequest) =>
      http.post<AuthResponse>(`${USERS_V1}/activate`, body, { credentials: 'include' }),
    /** Sends a new activation link; answers 200 whether or not the email has an account. */
    resendActivationEmail: (body: { email: string }) =>
      http.post<Record<string, never>>(`${USERS_V1}/activate/reset`, body),
    /** Opens a session as another member (spec 000 §7 "Impersonation"); moves the refresh cookie to it. */
    impersonate: (body: { userId: string; tenantId?: string }) =>
      http.post<AuthResponse>('/identity/resources/impersonation/v1', body, { credentials: 'include' }),
    /** Tenant switch (PUT v1 /tenant); the session is reloaded after it. */
    switchTenant: (tenantId: string) => http.put<{ tenantId: string }>(`${USERS_V1}/tenant`, { tenantId }),
  };
}
