/**
 * The back office's areas, registered once for both backends (core/domain/platform.ts): the
 * server registers each handler against the route table with its ports over the server's
 * platform (server/app-routes.ts), demo mode dispatches them over the page's (core/demo/backOffice.ts).
 */
import { API_TOKEN_HANDLERS } from './api-token-handlers';
import { apiTokenAreaPorts } from './api-token-store';
import { GROUP_HANDLERS } from './group-handlers';
import { groupAreaPorts } from './group-store';
import { area, type Area } from './platform';
import { ROLE_HANDLERS } from './role-handlers';
import { roleAreaPorts } from './role-store';
// Sub-accounts, the users page.
import { SUB_ACCOUNT_HANDLERS } from './sub-account-handlers';
import { subAccountAreaPorts } from './sub-account-store';
import { TEAM_MEMBER_HANDLERS } from './team-member-handlers';
import { teamMemberAreaPorts } from './team-member-store';
// Invitations (signed in) and the invite link.
import { invitationAreaPorts } from './invitation-area';
import { INVITATION_HANDLERS } from './invitation-handlers';

export const BACK_OFFICE_AREAS: readonly Area[] = [
  // Roles and permissions, groups, API tokens (issue 6, admin portal part B).
  area(ROLE_HANDLERS, roleAreaPorts),
  area(GROUP_HANDLERS, groupAreaPorts),
  area(API_TOKEN_HANDLERS, apiTokenAreaPorts),
  // Sub-accounts, the account switch and custom login (spec 001 §7 "Tenants and sub-accounts").
  area(SUB_ACCOUNT_HANDLERS, subAccountAreaPorts),
  // The users page: the account's members, their roles, customData and sessions (spec 001 §4, §5, §7).
  area(TEAM_MEMBER_HANDLERS, teamMemberAreaPorts),
  // Invitations and the account's invite link, for an admin (the public ones are the sign-in page's).
  area(INVITATION_HANDLERS, invitationAreaPorts),
];
