/**
 * Personal and tenant API tokens (spec 001 §7 "Access tokens and API tokens for users and tenants:
 * GET, POST (description, expiresInMinutes, roleIds), DELETE"). Loaded with the tokens page's chunk.
 */
import type { HttpClient } from '../api/http';
import { MAX_TOKEN_EXPIRY_DAYS } from '../contract/requests-tokens';

export { MAX_TOKEN_EXPIRY_DAYS };

export type ApiTokenKind = 'personal' | 'tenant';
const API_TOKEN_PATHS: Record<ApiTokenKind, string> = {
  personal: '/identity/resources/users/api-tokens/v1',
  tenant: '/identity/resources/tenants/api-tokens/v1',
};

export interface ApiToken {
  id: string;
  /** Legacy client-credentials tokens have a client id; the success dialog shows it with the secret. */
  clientId?: string;
  description: string;
  createdAt: string;
  expiresInMinutes: number | null;
  expires?: string | null;
  lastUsedAt?: string | null;
  roleIds?: string[];
}
export interface CreatedApiToken extends ApiToken {
  secret: string;
}

/** Spec 001 §5, §9: expiry is entered in days and sent in minutes, days × 1440. */
const MINUTES_PER_DAY = 1440;

type ExpiryParse =
  { ok: true; expiresInMinutes: number | null } | { ok: false; error: 'notWholeDays' | 'tooLong' };

/**
 * The days typed in the form -> `expiresInMinutes`. Empty means never (null); otherwise a whole
 * number of days from 1 to MAX_TOKEN_EXPIRY_DAYS, times 1440.
 */
export function expiryFromDays(text: string): ExpiryParse {
  const value = text.trim();
  if (value === '') return { ok: true, expiresInMinutes: null };
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) return { ok: false, error: 'notWholeDays' };
  const days = Number(value);
  if (days > MAX_TOKEN_EXPIRY_DAYS) return { ok: false, error: 'tooLong' };
  return { ok: true, expiresInMinutes: days * MINUTES_PER_DAY };
}

interface NewApiToken {
  description: string;
  expiresInMinutes: number | null;
  roleIds?: string[];
}

/** The POST body: description trimmed; roleIds only for tenant tokens. */
export function apiTokenBody(
  kind: ApiTokenKind,
  input: NewApiToken,
): { description: string; expiresInMinutes: number | null; roleIds?: string[] } {
  return {
    description: input.description.trim(),
    expiresInMinutes: input.expiresInMinutes,
    ...(kind === 'tenant' ? { roleIds: input.roleIds ?? [] } : {}),
  };
}

export function createApiTokensApi(http: HttpClient, kind: ApiTokenKind) {
  const path = API_TOKEN_PATHS[kind];
  return {
    list: () => http.get<ApiToken[]>(path),
    create: (input: NewApiToken) => http.post<CreatedApiToken>(path, apiTokenBody(kind, input)),
    remove: (id: string) => http.delete<Record<string, never>>(`${path}/${encodeURIComponent(id)}`),
    /** A token's description, and (account tokens) its roles: PATCH .../{id}. */
    update: (id: string, input: { description: string; roleIds?: string[] }) =>
      http.patch<ApiToken>(`${path}/${encodeURIComponent(id)}`, {
        description: input.description.trim(),
        ...(kind === 'tenant' ? { roleIds: input.roleIds ?? [] } : {}),
      }),
  };
}
export type ApiTokensApi = ReturnType<typeof createApiTokensApi>;
