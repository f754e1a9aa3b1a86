import type { HttpClient } from './http';

/** A login session (spec 000 §3: id, userAgent, createdAt, ipAddress, current). */
interface LoginSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt?: string;
  current: boolean;
}

const SESSIONS_V1_ME = '/identity/resources/users/sessions/v1/me';

/** The signed-in user's own sessions (spec 000 §7 "Sessions"). */
export function createSessionsApi(http: HttpClient) {
  return {
    list: () => http.get<LoginSession[]>(SESSIONS_V1_ME),
    current: () => http.get<LoginSession>(`${SESSIONS_V1_ME}/current`),
    revoke: (id: string) => http.delete<Record<string, never>>(`${SESSIONS_V1_ME}/${encodeURIComponent(id)}`),
    revokeAllOthers: () => http.delete<{ revoked: number }>(`${SESSIONS_V1_ME}/all`),
  };
}
