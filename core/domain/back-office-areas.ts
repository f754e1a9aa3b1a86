/**
 * The areas registered once for both backends (core/domain/platform.ts): the server registers each
 * handler against the route table with its ports over the server's platform (server/app-routes.ts),
 * demo mode dispatches them over the page's (core/demo/backOffice.ts, loaded on first use).
 */
import { activationAreaPorts, passwordChangeAreaPorts, passwordFlowAreaPorts } from './account-flow-ports';
import { ACTIVATION_HANDLERS } from './activation-handlers';
import { ACCOUNT_SETTINGS_HANDLERS, accountSettingsAreaPorts } from './account-settings-handlers';
import { BILLING_HANDLERS } from './billing-handlers';
import { billingAreaPorts } from './billing-ports';
import { API_TOKEN_HANDLERS } from './api-token-handlers';
import { apiTokenAreaPorts } from './api-token-store';
import { GROUP_HANDLERS } from './group-handlers';
import { groupAreaPorts } from './group-store';
import { PASSWORD_CHANGE_HANDLERS, PASSWORD_FLOW_HANDLERS } from './password-flows';
import { area, publicArea, type Area, type PublicArea } from './platform';
import { ROLE_HANDLERS } from './role-handlers';
import { roleAreaPorts } from './role-store';
import { SECURITY_POLICY_HANDLERS, securityPolicyAreaPorts } from './security-policy-handlers';
import { SIGN_IN_METHOD_HANDLERS, signInMethodAreaPorts } from './sign-in-method-handlers';
import { SECURITY_CENTRE_HANDLERS, securityCentreAreaPorts } from './security-center';
import { DIRECTORY_HANDLERS, directoryAreaPorts } from './directory-handlers';
import { USAGE_HANDLERS, usageAreaPorts } from './usage-handlers';
import { AUDIT_STREAM_HANDLERS, auditStreamAreaPorts } from './audit-stream-handlers';
import { CONNECTIVITY_HANDLERS } from './connectivity-handlers';
import { connectivityAreaPorts } from './connectivity-tables';
import { AUDIT_EXPORT_HANDLERS, AUDIT_LOG_HANDLERS, auditLogAreaPorts } from './audit-log';
import {
  NOTIFICATION_HANDLERS,
  REPORT_HANDLERS,
  REPORT_PREVIEW_HANDLERS,
  notificationsOn,
  reportAreaPorts,
} from './report-handlers';
// Sub-accounts, the users page.
import { SUB_ACCOUNT_HANDLERS } from './sub-account-handlers';
import { subAccountAreaPorts } from './sub-account-store';
import { TEAM_MEMBER_HANDLERS } from './team-member-handlers';
import { teamMemberAreaPorts } from './team-member-store';
// Invitations (signed in) and the invite link.
import { invitationAreaPorts, invitationPublicAreaPorts } from './invitation-area';
import { INVITATION_HANDLERS, INVITATION_PUBLIC_HANDLERS } from './invitation-handlers';
import { PROFILE_HANDLERS, profileAreaPorts } from './profile';
import { SSO_CONFIG_HANDLERS, SSO_LEGACY_HANDLERS, ssoAreaPorts } from './sso-handlers';
// MFA and passwordless sign-in, the phone number.
import { PASSWORDLESS_HANDLERS, PHONE_HANDLERS } from './passwordless-handlers';
import { passwordlessAreaPorts, phoneAreaPorts } from './passwordless-ports';
import { MFA_HANDLERS } from './mfa-handlers';
import { mfaAreaPorts, mfaSignInAreaPorts } from './mfa-assembly';
import { MFA_SIGN_IN_HANDLERS } from './mfa-sign-in-handlers';
// Impersonation, host information, the login sessions.
import { IMPERSONATION_HANDLERS, impersonationAreaPorts } from './impersonation-handlers';
import { HOST_INFO_HANDLERS } from './host-info-handlers';
import { hostInfoAreaPorts } from './host-info-area';
import {
  ACCOUNT_TOKEN_HANDLERS,
  LOGIN_SESSION_HANDLERS,
  accountTokenAreaPorts,
  loginSessionAreaPorts,
} from './login-sessions';
// Password sign-in and sign-up.
import { PASSWORD_SIGN_IN_HANDLERS } from './sign-in-handlers';
import { passwordSignInAreaPorts, signUpAreaPorts } from './sign-in-area';
import { SIGN_UP_HANDLERS } from './sign-up-handlers';

/** The public areas: their routes need no caller (a link's token, a reset, an activation). */
export const PUBLIC_AREAS: readonly PublicArea[] = [
  // Forgot and reset password, activation (with a new invitee's acceptance).
  publicArea(PASSWORD_FLOW_HANDLERS, passwordFlowAreaPorts),
  publicArea(ACTIVATION_HANDLERS, activationAreaPorts),
  // MFA and passwordless sign-in: the sign-in's second step and passkey sign-in.
  publicArea(MFA_SIGN_IN_HANDLERS, mfaSignInAreaPorts),
  // Passwordless sign-in and the phone-number reset (the server checks the path's type first).
  publicArea(PASSWORDLESS_HANDLERS, passwordlessAreaPorts),
  // Impersonation: its route checks its caller itself (the descriptor's access is `inHandler`).
  publicArea(IMPERSONATION_HANDLERS, impersonationAreaPorts),
  // Password sign-in and sign-up (spec 000 §7: POST /auth/v1/user, POST /users/v1/signUp).
  publicArea(PASSWORD_SIGN_IN_HANDLERS, passwordSignInAreaPorts),
  publicArea(SIGN_UP_HANDLERS, signUpAreaPorts),
  // Demo dispatch: the invitations' public routes (a link's verification and acceptance, the resend).
  publicArea(INVITATION_PUBLIC_HANDLERS, invitationPublicAreaPorts),
];

/** The areas of a signed-in caller. */
export const BACK_OFFICE_AREAS: readonly Area[] = [
  // A signed-in user's password change.
  area(PASSWORD_CHANGE_HANDLERS, passwordChangeAreaPorts),
  // Roles and permissions, groups, API tokens (issue 6, admin portal part B).
  area(ROLE_HANDLERS, roleAreaPorts),
  area(GROUP_HANDLERS, groupAreaPorts),
  area(API_TOKEN_HANDLERS, apiTokenAreaPorts),
  // The security page (its policies, restrictions and sign-in methods, the users page's Unlock),
  // the security centre, directory provisioning's configurations.
  area(SECURITY_POLICY_HANDLERS, securityPolicyAreaPorts),
  area(SIGN_IN_METHOD_HANDLERS, signInMethodAreaPorts),
  area(SECURITY_CENTRE_HANDLERS, securityCentreAreaPorts),
  area(DIRECTORY_HANDLERS, directoryAreaPorts),
  // Connectivity, audits, audit streams, reports and notifications, usage (issues 15, 16, 28).
  area(USAGE_HANDLERS, usageAreaPorts),
  area(REPORT_HANDLERS, reportAreaPorts),
  area(AUDIT_LOG_HANDLERS, auditLogAreaPorts),
  area(CONNECTIVITY_HANDLERS, connectivityAreaPorts),
  area(AUDIT_STREAM_HANDLERS, auditStreamAreaPorts),
  // Sub-accounts, the account switch and custom login (spec 001 §7 "Tenants and sub-accounts").
  area(SUB_ACCOUNT_HANDLERS, subAccountAreaPorts),
  // The users page: the account's members, their roles, customData and sessions (spec 001 §4, §5, §7).
  area(TEAM_MEMBER_HANDLERS, teamMemberAreaPorts),
  // Invitations and the account's invite link, for an admin (the public ones are the sign-in page's).
  area(INVITATION_HANDLERS, invitationAreaPorts),
  // Billing, SSO configuration, profile change and picture, host info, account settings.
  area(ACCOUNT_SETTINGS_HANDLERS, accountSettingsAreaPorts),
  area({ ...SSO_CONFIG_HANDLERS, ...SSO_LEGACY_HANDLERS }, ssoAreaPorts),
  area(BILLING_HANDLERS, billingAreaPorts),
  area(PROFILE_HANDLERS, profileAreaPorts),
  // MFA and passwordless sign-in, the phone number: a signed-in user's new phone number.
  area(PHONE_HANDLERS, phoneAreaPorts),
  // A signed-in person's second factors and passkeys.
  area(MFA_HANDLERS, mfaAreaPorts),
  // Impersonation, host information, the login sessions: the vendor's metadata, the user's accounts
  // and entitlements; the user's own sessions and a token of theirs for another account.
  area(HOST_INFO_HANDLERS, hostInfoAreaPorts),
  area(LOGIN_SESSION_HANDLERS, loginSessionAreaPorts),
  area(ACCOUNT_TOKEN_HANDLERS, accountTokenAreaPorts),
];

/**
 * Areas the server answers by routes of its own, with the same ports (an HTML page or a file sent
 * as one, the bell of a caller of no account): demo mode dispatches them as the areas above.
 */
export const OWN_ROUTE_AREAS: readonly Area[] = [
  // Connectivity, audits, audit streams, reports and notifications, usage.
  area(REPORT_PREVIEW_HANDLERS, reportAreaPorts),
  area(NOTIFICATION_HANDLERS, notificationsOn),
  area(AUDIT_EXPORT_HANDLERS, auditLogAreaPorts),
];
