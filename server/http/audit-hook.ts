/**
 * Which calls the audit log records, in one table, and the hook that records them (issue 15:
 * "an append-only audit record for every security-relevant event"). Each audited route names its
 * area, action, severity and the request fields worth keeping; the hook writes the record when the
 * route has answered, before the answer leaves (a success the client sees is already on record),
 * with who acted, from where (IP, user agent) and in which account.
 *
 * Who acted: the caller whose access token the route verified (http/bearer.ts remembers it); for
 * a sign-in, the user its answer signs in (the access token it issues, or the session behind the
 * refresh cookie it sets); for a refused sign-in, the email tried; for sign-out, the session the
 * refresh cookie names. Details come from an allow-list of field names (ids, names, settings):
 * passwords, codes, tokens, secrets and recovery codes are never read into a record.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditTarget, type AuditSeverity } from '../../core/api/audits';
import { recordAudit, type AuditDetails } from '../domain/audits';
import { hashRefreshToken } from '../domain/sessions';
import type { AccessTokenClaims } from '../domain/tokens';
import type { Database } from '../storage/database';
import { clientInfo } from './client-info';
import { REFRESH_COOKIE } from './cookies';

/** The verified caller of each request that had one (set by requireUser). */
const callers = new WeakMap<FastifyRequest, AccessTokenClaims>();

export function rememberCaller(request: FastifyRequest, claims: AccessTokenClaims): void {
  callers.set(request, claims);
}

type Outcome = 'success' | 'failure';

interface AuditSpec {
  resource: string;
  action: string;
  severity: AuditSeverity;
  /** How a sign-in route's caller is found (its answer, not a bearer). */
  signIn?: string;
  /** Recorded on a refusal (401, 403, 423, 429) too, with this action and severity. */
  onFailure?: { action: string; severity: AuditSeverity };
  /** Sign-out: the caller is the refresh cookie's session. */
  signOut?: boolean;
  /** What the route's `:id` names, for the description: a query of `name` by id (read before the change). */
  idName?: string;
  /** A settings change: the description lists the settings sent, not the row's id. */
  settings?: boolean;
}

const spec = (resource: string, action: string, severity: AuditSeverity, more: Partial<AuditSpec> = {}) => ({
  resource,
  action,
  severity,
  ...more,
});
const signIn = (method: string) =>
  spec('auth', 'User signed in', 'Info', {
    signIn: method,
    onFailure: { action: 'User failed to sign in', severity: 'Medium' },
  });
const policy = (name: string) => spec('policies', `${name} changed`, 'High', { settings: true });
/** Queries of a readable name by id, for routes whose only target is an id. */
const NAME_OF = {
  role: 'SELECT name FROM roles WHERE id = $1',
  group: 'SELECT name FROM groups WHERE id = $1',
  token: `SELECT COALESCE(NULLIF(description, ''), 'untitled') AS name FROM api_tokens WHERE id = $1`,
  // A connection has no name of its own: its domains say which one it is.
  ssoConnection: `SELECT NULLIF(array_to_string(domains, ', '), '') AS name FROM (
      SELECT domains FROM saml_configurations WHERE id = $1
      UNION ALL SELECT domains FROM sso_configurations WHERE id = $1) c LIMIT 1`,
  webhook: 'SELECT display_name AS name FROM webhooks WHERE id = $1',
  ipRestriction: 'SELECT ip AS name FROM ip_restrictions WHERE id = $1',
  emailDomain: 'SELECT domain AS name FROM email_domain_restrictions WHERE id = $1',
};
/** Request fields that hold an id, and the query of what a person calls that thing. */
const NAME_OF_FIELD: Readonly<Record<string, string>> = {
  userId: 'SELECT email AS name FROM users WHERE id = $1',
  impersonatedUserId: 'SELECT email AS name FROM users WHERE id = $1',
  roleId: NAME_OF.role,
  permissionId: 'SELECT key AS name FROM permissions WHERE id = $1',
  tenantId: 'SELECT name FROM tenants WHERE id = $1',
  domainId: 'SELECT domain AS name FROM sso_connection_domains WHERE id = $1',
  // Only the SSO routes name a `groupId` (an identity provider's group mapping).
  groupId: 'SELECT group_name AS name FROM sso_group_mappings WHERE id = $1',
};

const IDENTITY = '/identity/resources';
const USERS = `${IDENTITY}/users`;
const MFA_AT_SIGN_IN = `${IDENTITY}/auth/v1/user/mfa`;
const CONFIGURATIONS = `${IDENTITY}/configurations`;
const SSO_CONFIGS = '/team/resources/sso/v1/configurations';
const SSO_LEGACY = '/team/resources/sso/v1/saml';
const SSO_LEGACY_GROUPS = '/team/resources/sso/v2/saml/configurations/groups';

/** `METHOD path` (without the API prefix) → what the record says. */
export const AUDITED: Readonly<Record<string, AuditSpec>> = {
  // Sign-in, sign-up, sign-out.
  [`POST ${IDENTITY}/auth/v1/user`]: signIn('password'),
  [`POST ${IDENTITY}/auth/v1/passwordless/:type/postlogin`]: signIn('passwordless'),
  [`POST ${MFA_AT_SIGN_IN}/verify`]: signIn('second factor'),
  [`POST ${MFA_AT_SIGN_IN}/authenticator/:deviceId/verify`]: signIn('authenticator app'),
  [`POST ${MFA_AT_SIGN_IN}/sms/:deviceId/verify`]: signIn('SMS code'),
  [`POST ${MFA_AT_SIGN_IN}/emailcode/verify`]: signIn('email code'),
  [`POST ${MFA_AT_SIGN_IN}/webauthn/:deviceId/verify`]: signIn('security key'),
  [`POST ${MFA_AT_SIGN_IN}/recover`]: signIn('MFA recovery code'),
  [`POST ${IDENTITY}/auth/v1/webauthn/postlogin`]: signIn('passkey'),
  [`POST ${IDENTITY}/auth/v2/webauthn/postlogin`]: signIn('passkey'),
  [`POST ${IDENTITY}/auth/v1/user/sso/:provider/postlogin`]: signIn('social login'),
  [`POST ${IDENTITY}/auth/v1/user/oidc/postlogin`]: signIn('OpenID Connect SSO'),
  [`POST ${IDENTITY}/auth/v2/user/oidc/postlogin`]: signIn('OpenID Connect SSO'),
  [`POST ${IDENTITY}/auth/v1/sso/saml/:key/acs`]: signIn('SAML SSO'),
  [`POST ${IDENTITY}/auth/v1/user/saml/postlogin`]: signIn('SAML SSO'),
  [`POST ${USERS}/v1/signUp`]: spec('auth', 'User signed up', 'Info', { signIn: 'sign-up' }),
  [`POST ${USERS}/v1/activate`]: spec('auth', 'User activated', 'Info', { signIn: 'activation' }),
  [`POST ${USERS}/v1/invitation/accept`]: spec('users', 'Invitation accepted', 'Info', {
    signIn: 'invitation',
  }),
  [`POST ${IDENTITY}/auth/v1/logout`]: spec('auth', 'User signed out', 'Info', { signOut: true }),
  [`DELETE ${USERS}/sessions/v1/me/all`]: spec('sessions', 'Signed out of all sessions', 'Info'),
  [`DELETE ${USERS}/sessions/v1/me/:id`]: spec('sessions', 'Session ended', 'Info'),
  [`PUT ${USERS}/v1/tenant`]: spec('auth', 'Switched account', 'Info'),
  [`POST ${IDENTITY}/impersonation/v1`]: spec('users', 'Impersonation started', 'High'),
  // Passwords.
  [`POST ${USERS}/v1/passwords/change`]: spec('auth', 'Password changed', 'Medium', {
    onFailure: { action: 'Password change refused', severity: 'Medium' },
  }),
  [`POST ${USERS}/v1/passwords/reset`]: spec('auth', 'Password reset requested', 'Info', { signIn: 'email' }),
  [`POST ${USERS}/v1/passwords/reset/verify`]: spec('auth', 'Password reset', 'Medium', { signIn: 'reset' }),
  // The security centre's campaign: a reset email to every member with a breached password.
  [`POST ${USERS}/v1/passwords/breached/reset/bulk`]: spec(
    'users',
    'Breached-password reset emails sent',
    'High',
  ),
  // Second factors and passkeys, in the account.
  [`POST ${USERS}/v1/mfa/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${USERS}/v1/mfa/authenticator/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${USERS}/v1/mfa/sms/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${USERS}/v1/mfa/webauthn/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${MFA_AT_SIGN_IN}/authenticator/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${MFA_AT_SIGN_IN}/sms/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${MFA_AT_SIGN_IN}/emailcode/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${MFA_AT_SIGN_IN}/webauthn/enroll/verify`]: spec('mfa', 'MFA enrolled', 'Medium'),
  [`POST ${USERS}/v1/mfa/disable`]: spec('mfa', 'MFA removed', 'High'),
  [`POST ${USERS}/v1/mfa/recovery-codes`]: spec('mfa', 'MFA recovery codes regenerated', 'High'),
  [`POST ${USERS}/v1/mfa/authenticator/:deviceId/disable/verify`]: spec('mfa', 'MFA removed', 'High'),
  [`POST ${USERS}/v1/mfa/sms/:deviceId/disable`]: spec('mfa', 'MFA removed', 'High'),
  [`POST ${USERS}/v1/mfa/emailcode/:deviceId/disable`]: spec('mfa', 'MFA removed', 'High'),
  [`POST ${USERS}/v1/mfa/webauthn/:deviceId/disable`]: spec('mfa', 'MFA removed', 'High'),
  [`POST ${USERS}/webauthn/v1/devices/verify`]: spec('mfa', 'Passkey added', 'Medium'),
  [`DELETE ${USERS}/webauthn/v1/devices/:deviceId`]: spec('mfa', 'Passkey removed', 'High'),
  [`PUT ${USERS}/v1/phone/change`]: spec('users', 'Phone number changed', 'Medium'),
  [`POST ${USERS}/v1/phone/verify`]: spec('users', 'Phone number added', 'Medium'),
  [`PUT ${USERS}/v2/me`]: spec('users', 'Profile updated', 'Info'),
  // Members and invitations.
  [`POST ${USERS}/v2`]: spec('users', 'User invited', 'Info'),
  [`POST ${USERS}/v1/invitation/reset`]: spec('users', 'Invitation resent', 'Info'),
  [`POST ${USERS}/v1/invitation/reset/all`]: spec('users', 'Invitations resent', 'Info'),
  [`POST /team/resources/members/v1/:userId/resendActivationEmail`]: spec(
    'users',
    'Activation email resent',
    'Info',
  ),
  [`POST ${IDENTITY}/tenants/invites/v1/user`]: spec('users', 'Invite link created', 'Medium'),
  [`PATCH ${IDENTITY}/tenants/invites/v1/user`]: spec('users', 'Invite link changed', 'Medium'),
  [`DELETE ${IDENTITY}/tenants/invites/v1/user`]: spec('users', 'Invite link deleted', 'Medium'),
  [`DELETE ${USERS}/v1/:userId`]: spec('users', 'User removed', 'High'),
  [`DELETE /team/resources/members/v1/:userId`]: spec('users', 'User removed', 'High'),
  [`PUT ${USERS}/v1/:userId/roles`]: spec('users', 'User roles changed', 'Medium'),
  [`PUT /team/resources/members/v1`]: spec('users', 'User roles changed', 'Medium', {
    idName: 'SELECT email AS name FROM users WHERE id = $1',
  }),
  [`POST ${USERS}/sessions/v1/revoke`]: spec('sessions', 'User sessions ended', 'Medium'),
  [`POST ${USERS}/v1/:userId/unlock`]: spec('users', 'User unlocked', 'Medium'),
  // Roles, permissions and groups.
  [`POST ${IDENTITY}/roles/v1`]: spec('roles', 'Role created', 'Medium'),
  [`PATCH ${IDENTITY}/roles/v1/:roleId`]: spec('roles', 'Role changed', 'Medium'),
  [`DELETE ${IDENTITY}/roles/v1/:roleId`]: spec('roles', 'Role deleted', 'High'),
  [`PUT ${IDENTITY}/roles/v1/:roleId/permissions`]: spec('roles', 'Role permissions changed', 'High'),
  [`PUT ${IDENTITY}/permissions/v1/:permissionId/roles`]: spec('roles', 'Permission roles changed', 'High'),
  [`POST ${IDENTITY}/groups/v1`]: spec('groups', 'Group created', 'Medium'),
  [`PATCH ${IDENTITY}/groups/v1/:id`]: spec('groups', 'Group changed', 'Medium', { idName: NAME_OF.group }),
  [`DELETE ${IDENTITY}/groups/v1/:id`]: spec('groups', 'Group deleted', 'High', { idName: NAME_OF.group }),
  [`POST ${IDENTITY}/groups/v1/:id/roles`]: spec('groups', 'Group roles added', 'Medium', {
    idName: NAME_OF.group,
  }),
  [`DELETE ${IDENTITY}/groups/v1/:id/roles`]: spec('groups', 'Group roles removed', 'Medium', {
    idName: NAME_OF.group,
  }),
  [`POST ${IDENTITY}/groups/v1/:id/users`]: spec('groups', 'Group members added', 'Medium', {
    idName: NAME_OF.group,
  }),
  [`DELETE ${IDENTITY}/groups/v1/:id/users`]: spec('groups', 'Group members removed', 'Medium', {
    idName: NAME_OF.group,
  }),
  // Tokens.
  [`POST ${USERS}/api-tokens/v1`]: spec('tokens', 'Personal API token created', 'Medium'),
  [`DELETE ${USERS}/api-tokens/v1/:id`]: spec('tokens', 'Personal API token deleted', 'Medium', {
    idName: NAME_OF.token,
  }),
  [`POST ${IDENTITY}/tenants/api-tokens/v1`]: spec('tokens', 'API token created', 'Medium'),
  [`POST ${IDENTITY}/tenants/api-tokens/v2`]: spec('tokens', 'API token created', 'Medium'),
  [`DELETE ${IDENTITY}/tenants/api-tokens/v1/:id`]: spec('tokens', 'API token deleted', 'Medium', {
    idName: NAME_OF.token,
  }),
  [`POST ${USERS}/access-tokens/v1`]: spec('tokens', 'Personal access token created', 'Medium'),
  [`DELETE ${USERS}/access-tokens/v1/:id`]: spec('tokens', 'Personal access token deleted', 'Medium', {
    idName: NAME_OF.token,
  }),
  [`POST ${IDENTITY}/tenants/access-tokens/v1`]: spec('tokens', 'Access token created', 'Medium'),
  [`DELETE ${IDENTITY}/tenants/access-tokens/v1/:id`]: spec('tokens', 'Access token deleted', 'Medium', {
    idName: NAME_OF.token,
  }),
  // Policies and restrictions.
  [`POST ${CONFIGURATIONS}/v1/mfa-policy`]: policy('MFA policy'),
  [`PATCH ${CONFIGURATIONS}/v1/mfa-policy`]: policy('MFA policy'),
  [`POST ${CONFIGURATIONS}/v1/lockout-policy`]: policy('Lockout policy'),
  [`PATCH ${CONFIGURATIONS}/v1/lockout-policy`]: policy('Lockout policy'),
  [`POST ${CONFIGURATIONS}/v1/password-history-policy`]: policy('Password history policy'),
  [`PATCH ${CONFIGURATIONS}/v1/password-history-policy`]: policy('Password history policy'),
  [`POST ${CONFIGURATIONS}/sessions/v1`]: policy('Session policy'),
  [`PUT ${CONFIGURATIONS}/v1/auth/strategies`]: policy('Sign-in methods'),
  [`DELETE ${CONFIGURATIONS}/v1/auth/strategies`]: policy('Sign-in methods'),
  [`PUT ${CONFIGURATIONS}/v1/auth/strategies/vendor`]: policy('Application sign-in methods'),
  [`PUT ${CONFIGURATIONS}/v1/captcha-policy`]: policy('Captcha policy'),
  // The vendor's portal configuration: page visibility and the flags that gate pages.
  [`POST /metadata`]: spec('portal', 'Portal configuration changed', 'Medium'),
  [`PUT /flags/api/v1/flags/:key`]: spec('portal', 'Feature flag changed', 'High'),
  [`POST ${CONFIGURATIONS}/v1/restrictions/ip/config`]: spec(
    'restrictions',
    'IP restrictions changed',
    'High',
  ),
  [`POST ${CONFIGURATIONS}/v1/restrictions/ip`]: spec('restrictions', 'IP restriction added', 'High'),
  [`POST ${CONFIGURATIONS}/v1/restrictions/ip/bulk`]: spec('restrictions', 'IP restrictions added', 'High'),
  [`DELETE ${CONFIGURATIONS}/v1/restrictions/ip/:id`]: spec(
    'restrictions',
    'IP restriction removed',
    'High',
    { idName: NAME_OF.ipRestriction },
  ),
  [`POST ${CONFIGURATIONS}/restrictions/v1/email-domain/config`]: spec(
    'restrictions',
    'Email-domain restrictions changed',
    'High',
  ),
  [`POST ${CONFIGURATIONS}/restrictions/v1/email-domain`]: spec(
    'restrictions',
    'Email domain restriction added',
    'High',
  ),
  [`DELETE ${CONFIGURATIONS}/restrictions/v1/email-domain/:id`]: spec(
    'restrictions',
    'Email domain restriction removed',
    'High',
    { idName: NAME_OF.emailDomain },
  ),
  // SSO connections configured by tenant administrators (routes/sso-config.ts). Secrets, certificates and metadata are not kept.
  [`POST ${SSO_CONFIGS}`]: spec('sso', 'SSO connection created', 'High'),
  [`PATCH ${SSO_CONFIGS}/:id`]: spec('sso', 'SSO connection changed', 'High', {
    idName: NAME_OF.ssoConnection,
  }),
  [`DELETE ${SSO_CONFIGS}/:id`]: spec('sso', 'SSO connection deleted', 'High', {
    idName: NAME_OF.ssoConnection,
  }),
  [`POST ${SSO_CONFIGS}/metadata`]: spec('sso', 'SSO connection created from metadata', 'High'),
  [`PUT ${SSO_CONFIGS}/:id/metadata`]: spec('sso', 'SSO connection metadata changed', 'High', {
    idName: NAME_OF.ssoConnection,
  }),
  [`POST ${SSO_CONFIGS}/metadata-url`]: spec('sso', 'SSO connection created from a metadata URL', 'High'),
  [`PUT ${SSO_CONFIGS}/:id/metadata-url`]: spec('sso', 'SSO connection metadata changed', 'High', {
    idName: NAME_OF.ssoConnection,
  }),
  [`POST ${SSO_CONFIGS}/:id/domains`]: spec('sso', 'SSO domain added', 'High'),
  [`DELETE ${SSO_CONFIGS}/:id/domains/:domainId`]: spec('sso', 'SSO domain removed', 'High'),
  [`PUT ${SSO_CONFIGS}/:id/domains/:domainId/validate`]: spec('sso', 'SSO domain validated', 'High'),
  [`PUT ${SSO_CONFIGS}/:id/roles`]: spec('sso', 'SSO default roles changed', 'High', {
    idName: NAME_OF.ssoConnection,
  }),
  [`POST ${SSO_CONFIGS}/:id/groups`]: spec('sso', 'SSO group mapping added', 'High'),
  [`PATCH ${SSO_CONFIGS}/:id/groups/:groupId`]: spec('sso', 'SSO group mapping changed', 'High'),
  [`DELETE ${SSO_CONFIGS}/:id/groups/:groupId`]: spec('sso', 'SSO group mapping removed', 'High'),
  // The client SDK's legacy single-connection calls (routes/sso-legacy.ts): the same records.
  [`POST ${SSO_LEGACY}/configurations`]: spec('sso', 'SSO connection changed', 'High'),
  [`PUT ${SSO_LEGACY}/configurations/metadata`]: spec('sso', 'SSO connection metadata changed', 'High'),
  [`PUT ${SSO_LEGACY}/validations/domain`]: spec('sso', 'SSO domain validated', 'High'),
  [`POST ${SSO_LEGACY}/configurations/roles/default`]: spec('sso', 'SSO default roles changed', 'High'),
  [`POST ${SSO_LEGACY_GROUPS}`]: spec('sso', 'SSO group mapping added', 'High'),
  [`PATCH ${SSO_LEGACY_GROUPS}/:id`]: spec('sso', 'SSO group mapping changed', 'High'),
  [`DELETE ${SSO_LEGACY_GROUPS}/:id`]: spec('sso', 'SSO group mapping removed', 'High'),
  // Webhooks (routes/connectivity.ts): where the account's events go. The URL and secret are not kept.
  [`POST /webhook/custom`]: spec('connectivity', 'Webhook created', 'Medium'),
  [`PATCH /webhook/:id`]: spec('connectivity', 'Webhook changed', 'Medium', { idName: NAME_OF.webhook }),
  [`DELETE /webhook/:id`]: spec('connectivity', 'Webhook deleted', 'Medium', { idName: NAME_OF.webhook }),
  // The account and its sub-accounts.
  [`PUT /tenants/resources/account-settings/v1`]: spec('account', 'Account settings changed', 'Info'),
  [`PUT /tenants/resources/account-settings/v1/custom-login`]: spec(
    'account',
    'Custom login changed',
    'Info',
  ),
  [`POST /tenants/resources/sub-tenants/v1`]: spec('account', 'Sub-account created', 'Medium'),
  [`PATCH /tenants/resources/sub-tenants/v1/:tenantId`]: spec('account', 'Sub-account changed', 'Medium'),
  [`DELETE /tenants/resources/sub-tenants/v1/:tenantId`]: spec('account', 'Sub-account deleted', 'High'),
  [`POST ${IDENTITY}/sub-tenants/v1/:tenantId/users`]: spec('users', 'User added to sub-account', 'Medium'),
  [`DELETE ${IDENTITY}/sub-tenants/v1/:tenantId/users/:userId`]: spec(
    'users',
    'User removed from sub-account',
    'High',
  ),
  [`PUT ${IDENTITY}/sub-tenants/v1/:tenantId/users/:userId/roles`]: spec(
    'users',
    'User roles changed',
    'Medium',
  ),
  [`PUT ${IDENTITY}/sub-tenants/v1/:tenantId/users/:userId/access`]: spec(
    'users',
    'Sub-account access changed',
    'Medium',
  ),
  [`PATCH ${IDENTITY}/sub-tenants/users/v1/:userId/roles`]: spec('users', 'User roles changed', 'Medium'),
  [`POST ${IDENTITY}/sub-tenants/users/v1/:userId/roles`]: spec('users', 'User roles changed', 'Medium'),
  [`DELETE ${IDENTITY}/sub-tenants/users/v1/:userId/roles`]: spec('users', 'User roles changed', 'Medium'),
  [`PUT ${IDENTITY}/sub-tenants/users/v1/:userId/access`]: spec(
    'users',
    'Sub-account access changed',
    'Medium',
  ),
};

/**
 * Request fields a record may keep (params and body, nested objects flattened one level): ids,
 * names and settings. Anything not named here, passwords, codes, tokens and secrets among them,
 * never reaches the audit table.
 */
const KEPT = new Set([
  'id',
  'userId',
  'tenantId',
  'roleId',
  'roleIds',
  'groupId',
  'permissionId',
  'permissionIds',
  'deviceId',
  'userIds',
  'impersonatedUserId',
  'provider',
  'type',
  'key',
  'name',
  'email',
  'description',
  'enforceMFAType',
  'enabled',
  'maxAttempts',
  'historySize',
  'isActive',
  'timeout',
  'maxSessions',
  'strategy',
  'ip',
  'domain',
  'blockPublicDomains',
  'listType',
  'expiresInMinutes',
  'expiresInDays',
  'isDefault',
  'level',
  'allowAccess',
  'title',
  'siteKey',
  'minScore',
  'signRequest',
  'group',
  'domainId',
]);
const MAX_VALUE = 200;
const MAX_LIST = 50;

type Value = AuditDetails[string];

function keptValue(value: unknown): Value | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value.slice(0, MAX_VALUE);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.slice(0, MAX_LIST).map((v) => (typeof v === 'string' ? v.slice(0, MAX_VALUE) : v));
  return undefined;
}

/** The allow-listed fields of `source`, objects one level deep as `parent.field`. */
function auditDetails(...sources: unknown[]): AuditDetails {
  const details: AuditDetails = {};
  const take = (object: unknown, prefix: string) => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return;
    for (const [key, value] of Object.entries(object)) {
      if (value && typeof value === 'object' && !Array.isArray(value) && !prefix) take(value, `${key}.`);
      else if (KEPT.has(key)) {
        const kept = keptValue(value);
        if (kept !== undefined) details[`${prefix}${key}`] = kept;
      }
    }
  };
  for (const source of sources) take(source, '');
  return details;
}

interface Actor {
  userId: string | null;
  email: string | null;
  tenantId: string | null;
  impersonatorId?: string | null;
}

/** The claims of a JWT this server has just issued (its answer): decoded, not verified again. */
function claimsOfIssued(token: unknown): AccessTokenClaims | null {
  if (typeof token !== 'string') return null;
  try {
    return JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as AccessTokenClaims;
  } catch {
    return null;
  }
}

const fromClaims = (claims: AccessTokenClaims): Actor => ({
  userId: claims.sub,
  email: claims.email ?? null,
  tenantId: claims.tenantId ?? null,
  impersonatorId: claims.act?.sub ?? null,
});

async function actorOfSession(db: Database, refreshToken: string | undefined): Promise<Actor | null> {
  if (!refreshToken) return null;
  const { rows } = await db.query<{ user_id: string; tenant_id: string | null; email: string }>(
    `SELECT s.user_id, s.tenant_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.refresh_token_hash = $1`,
    [hashRefreshToken(refreshToken)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email, tenantId: row.tenant_id } : null;
}

/** The refresh token a reply sets, if it sets one. */
function refreshTokenSet(reply: FastifyReply): string | undefined {
  const header = reply.getHeader('set-cookie');
  for (const cookie of [header].flat()) {
    const match = typeof cookie === 'string' ? new RegExp(`^${REFRESH_COOKIE}=([^;]+)`).exec(cookie) : null;
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/** A refused sign-in's account: the one the email's user would have signed in to, if any. */
async function actorOfEmail(db: Database, email: unknown): Promise<Actor | null> {
  if (typeof email !== 'string' || !email.includes('@')) return null;
  const row = await userWithAccount(db, 'lower(u.email) = lower($1)', email.slice(0, 320));
  return {
    userId: row?.id ?? null,
    email: row?.email ?? email.slice(0, 320),
    tenantId: row?.tenant_id ?? null,
  };
}

/** The user a public flow names by id (activation, invitation, password reset), and their account. */
async function actorOfUserId(db: Database, userId: unknown): Promise<Actor | null> {
  if (typeof userId !== 'string' || !UUID.test(userId)) return null;
  const row = await userWithAccount(db, 'u.id = $1', userId);
  return row ? { userId: row.id, email: row.email, tenantId: row.tenant_id } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userWithAccount(db: Database, where: string, value: string) {
  const { rows } = await db.query<{ id: string; email: string; tenant_id: string | null }>(
    `SELECT u.id, u.email, COALESCE(u.active_tenant_id,
        (SELECT tenant_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1)) AS tenant_id
       FROM users u WHERE ${where}`,
    [value],
  );
  return rows[0];
}

async function actorOf(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  entry: AuditSpec,
  outcome: Outcome,
): Promise<Actor | null> {
  const caller = callers.get(request);
  if (caller) return fromClaims(caller);
  if (entry.signOut) return actorOfSession(db, request.cookies?.[REFRESH_COOKIE]);
  if (!entry.signIn) return null;
  if (outcome === 'success') {
    const answer = typeof payload === 'string' ? safeJson(payload) : null;
    const issued = claimsOfIssued((answer as { accessToken?: unknown } | null)?.accessToken);
    if (issued?.sub) return fromClaims(issued);
    const session = await actorOfSession(db, refreshTokenSet(reply));
    if (session) return session;
  }
  const body = request.body as { email?: unknown; userId?: unknown } | undefined;
  return (await actorOfEmail(db, body?.email)) ?? actorOfUserId(db, body?.userId);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const REFUSALS = new Set([401, 403, 423, 429]);

/** What each request's ids name (see NAME_OF_FIELD and a route's `idName`), read by the preHandler. */
const names = new WeakMap<FastifyRequest, Record<string, string>>();

async function namesOf(
  db: Database,
  entry: AuditSpec,
  details: AuditDetails,
): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const queries: Array<[string, string | undefined]> = [
    ['id', entry.idName],
    ...Object.entries(NAME_OF_FIELD),
  ];
  for (const [field, query] of queries) {
    const id = details[field];
    if (!query || typeof id !== 'string' || !UUID.test(id)) continue;
    const row = (await db.query<{ name: string | null }>(query, [id])).rows[0];
    if (row?.name) found[field] = row.name;
  }
  return found;
}

/**
 * Installs the hook on `app` (the API's scope; `apiPrefix` is stripped to find the table's key).
 * A record that cannot be written is logged (without the request's details) and the answer goes
 * out as it would have: the audit log is not a reason to fail the caller's change.
 */
export function installAuditHook(app: FastifyInstance, db: Database, apiPrefix: string): void {
  const entryOf = (request: FastifyRequest) => {
    const url = request.routeOptions.url ?? '';
    return AUDITED[`${request.method} ${url.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : url}`];
  };
  // The names of what the request's ids point at, read before the route runs: a deletion's target
  // is gone by the time the record is written.
  app.addHook('preHandler', async (request) => {
    const entry = entryOf(request);
    if (!entry) return;
    try {
      names.set(request, await namesOf(db, entry, auditDetails(request.params, request.body)));
    } catch (error) {
      request.log.error({ audit: entry.action, err: (error as Error).message }, 'audit names not read');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entryOf(request);
    if (!entry) return payload;
    const status = reply.statusCode;
    const outcome: Outcome | null =
      status < 400 ? 'success' : entry.onFailure && REFUSALS.has(status) ? 'failure' : null;
    if (!outcome) return payload;
    try {
      const actor = await actorOf(db, request, reply, payload, entry, outcome);
      // A sign-up or reset request for an address nobody has, a sign-out with no session: nothing
      // happened to anyone, and no account to file it under.
      if (!actor?.tenantId && outcome === 'success' && !entry.onFailure && !callers.get(request))
        return payload;
      const impersonator = actor?.impersonatorId
        ? (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [actor.impersonatorId]))
            .rows[0]
        : undefined;
      const action = outcome === 'failure' ? entry.onFailure!.action : entry.action;
      const { ip, userAgent } = clientInfo(request);
      const details = auditDetails(request.params, request.body);
      await recordAudit(db, {
        tenantId: actor?.tenantId ?? null,
        actorUserId: actor?.userId ?? null,
        actorEmail: actor?.email ?? null,
        impersonatorEmail: impersonator?.email ?? null,
        ip,
        userAgent,
        severity: outcome === 'failure' ? entry.onFailure!.severity : entry.severity,
        resource: entry.resource,
        action,
        description: describe(action, entry, outcome, status, details, names.get(request) ?? {}),
        details,
      });
    } catch (error) {
      request.log.error({ audit: entry.action, err: (error as Error).message }, 'audit record not written');
    }
    return payload;
  });
}

/** What happened, in words; who did it has a column of its own. */
function describe(
  action: string,
  entry: AuditSpec,
  outcome: Outcome,
  status: number,
  details: AuditDetails,
  found: Readonly<Record<string, string>>,
): string {
  if (entry.signIn && entry.onFailure)
    return outcome === 'success'
      ? `Signed in with ${entry.signIn}`
      : `Could not sign in with ${entry.signIn} (${status === 401 ? 'wrong credentials' : `refused, ${status}`})`;
  const target = auditTarget(details, found, entry.settings);
  const what = `${action}${target ? `: ${target}` : ''}`;
  return outcome === 'failure' ? `${what} (refused, ${status})` : what;
}
