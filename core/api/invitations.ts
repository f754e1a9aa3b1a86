/**
 * Invitations and invite links (spec 001 §4 §5 §7 "Users and team", spec 000 §7 "Users"). Built on
 * `api.http` by the lazily loaded screens that need it (the users page, the accept-invitation
 * screen, sign-up through an invite link), so the plain sign-in page does not carry it.
 */
import { isApiError } from './errors';
import type { HttpClient } from './http';
import type { Page, TeamUser, UsersQuery } from './team';
import { usersQueryParams } from './team';
import { USERS_V1, USERS_V2, USERS_V3 } from './users';

const INVITES_V1 = '/identity/resources/tenants/invites/v1';
/** Spec 001 §7 / §9: an invite link lives 43200 minutes (30 days) unless chosen otherwise. */
export const INVITE_LINK_DEFAULT_MINUTES = 43200;
/** Spec 001 §9: "Bulk add reload page size 10". */
export const BULK_ADD_RELOAD_PAGE_SIZE = 10;

/** What the invite dialog sends (spec 001 §2 "Invite dialog fields: name, phoneNumber"; §7 "sent with provider local"). */
export interface InviteUserRequest {
  email: string;
  name?: string;
  phoneNumber?: string;
  roleIds?: string[];
  provider: 'local';
}

export interface InviteLink {
  id: string;
  expiresInMinutes: number;
  expiresAt: string;
  shouldSendEmail: boolean;
  expired: boolean;
  createdAt: string;
  updatedAt: string;
  /** The token and the address to share: for those who may invite (fe.secure.write.users). */
  token?: string;
  link?: string;
}
/** The answer to creating a link always holds its token and address. */
export interface CreatedInviteLink extends InviteLink {
  token: string;
  link: string;
}
export interface InviteLinkConfig {
  defaultExpiresInMinutes: number;
  maxExpiresInMinutes: number;
}

/** Users v3 query (spec 001 §7): v2's plus a preset. */
export type UsersPreset = 'INACTIVE' | 'MFA_UNENROLLED' | 'BREACHED_PASSWORDS' | 'NEVER_SIGNED_IN';
interface UsersV3Query extends UsersQuery {
  preset?: UsersPreset;
  maxInactiveSeconds?: number;
  email?: string;
  /** The members of the accounts below too (`_includeSubTenants=true`; fe.account-hierarchy.read.subAccount). */
  includeSubTenants?: boolean;
}

export interface InvitationLink {
  userId: string;
  token: string;
}
export interface InvitationInfo {
  name: string;
  tenantId: string;
  shouldSetPassword: boolean;
  email: string;
}

export function createInvitationsApi(http: HttpClient) {
  return {
    invite: (body: InviteUserRequest) => http.post<TeamUser>(USERS_V2, body),
    resendInvitation: (userId: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/invitation/reset`, { userId }),
    resendInvitationToAllTenants: (userId: string) =>
      http.post<{ tenantIds: string[] }>(`${USERS_V1}/invitation/reset/all`, { userId }),
    resendActivation: (email: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/activate/reset`, { email }),
    listUsersV3: (query: UsersV3Query = {}) =>
      http.get<Page<TeamUser>>(USERS_V3, {
        query: {
          ...usersQueryParams(query),
          _preset: query.preset,
          _maxInactiveSeconds: query.preset ? query.maxInactiveSeconds : undefined,
          _email: query.email,
          _includeSubTenants: query.includeSubTenants ? 'true' : undefined,
        },
      }),
    getInviteLinkConfig: () => http.get<InviteLinkConfig>(`${INVITES_V1}/configuration`),
    /**
     * The tenant's invite link, or null when it has none: the server answers `{}` (a 404 from
     * servers of earlier releases means the same).
     */
    getInviteLink: async (): Promise<InviteLink | null> => {
      try {
        const link = await http.get<Partial<InviteLink>>(`${INVITES_V1}/user`);
        return link.id ? (link as InviteLink) : null;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    createInviteLink: (body: { expiresInMinutes?: number; shouldSendEmail?: boolean } = {}) =>
      http.post<CreatedInviteLink>(`${INVITES_V1}/user`, {
        expiresInMinutes: INVITE_LINK_DEFAULT_MINUTES,
        ...body,
      }),
    updateInviteLink: (body: { expiresInMinutes?: number; shouldSendEmail?: boolean }) =>
      http.patch<InviteLink>(`${INVITES_V1}/user`, body),
    deleteInviteLink: () => http.delete<Record<string, never>>(`${INVITES_V1}/user`),
    // Public: the link in the email or the invite link is the credential.
    verifyInvitation: (link: InvitationLink) =>
      http.post<InvitationInfo>(`${USERS_V1}/invitation/verify`, link),
    acceptInvitation: (body: InvitationLink & { password?: string }) =>
      http.post<{ tenantId: string; name: string }>(`${USERS_V1}/invitation/accept`, body),
    /** The invite link's account name (a JSON string, as the client SDK's verifyInviteToken reads it). */
    verifyInviteLink: (token: string) => http.post<string>(`${INVITES_V1}/verify`, { token }),
  };
}
