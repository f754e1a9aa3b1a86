/**
 * Users: lookup, creation and the profile shown by `GET /users/v2/me`.
 * Response objects are built field by field from rows, never by spreading a row, so a column
 * such as `password_hash` can never leak into an answer.
 */
import { customDataOf, type CustomData } from '../../core/domain/custom-data';
import type { Database } from '../storage/database';
import { rememberCurrentPassword } from './security-policies';
import { grantsOf, loadGrants, type Authorization, type RoleDto, type TenantRow } from './tenants';

export interface UserRow {
  id: string;
  vendor_id: string;
  email: string;
  name: string | null;
  phone: string | null;
  profile_picture_url: string | null;
  password_hash: string | null;
  verified: boolean;
  super_user: boolean;
  metadata: Record<string, unknown>;
  active_tenant_id: string | null;
  created_at: Date;
  last_login: Date | null;
  /** Set by the lockout policy (security page) until an administrator unlocks the user. */
  locked_at: Date | null;
  /** The language the user chose (the profile's picker), or null: core/domain/locales.ts. */
  locale: string | null;
  /** The client SDK's ITeamUser.customData (core/domain/custom-data.ts); absent in rows that do not read it. */
  custom_data?: CustomData | null;
  /** How the account was created: `local`, `scim2`, a social provider's key, `saml` or `oidc`. */
  provider: string;
}

/** The user as the contract shows it (`GET /identity/resources/users/v2/me`). */
export interface UserProfile {
  id: string;
  /** The client SDK's `sub`: the user id, as in the access token. */
  sub: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  tenantId: string | null;
  tenantIds: string[];
  /** Every tenant of the user with the roles held there (the client SDK's `IUserTenantData`). */
  tenants: Array<{ tenantId: string; roles: RoleDto[] }>;
  roles: Authorization['roles'];
  permissions: Authorization['permissions'];
  verified: boolean;
  createdAt: string;
  lastLogin: string | null;
  metadata: string;
  customData: CustomData;
  mfaEnrolled: boolean;
  superUser: boolean;
  /** The user's language (docs/contract.md: not in the client SDK's type), or null. */
  locale: string | null;
  /** The client SDK's `provider` (IBaseGetUserResponse): how the account was created. */
  provider: string;
}

const USER_COLUMNS =
  'id, vendor_id, email, name, phone, profile_picture_url, password_hash, verified, super_user, metadata, custom_data, active_tenant_id, created_at, last_login, locked_at, locale, provider';

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with this email (any case), or null. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = $1`, [
    normalizeEmail(email),
  ]);
  return rows[0] ?? null;
}

/** The user with this id, or null. */
export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

interface NewUser {
  vendorId: string;
  email: string;
  name: string;
  phone?: string | null | undefined;
  passwordHash: string | null;
  verified: boolean;
  metadata?: Record<string, unknown> | undefined;
  /** Default `local`; a social or SSO sign-up gives its provider (federation.ts). */
  provider?: string | undefined;
}

/** Thrown when the email is already registered (the unique index decides, so races are covered). */
export class UserExistsError extends Error {
  constructor() {
    super('User already exists');
  }
}

/** Inserts a user; throws `UserExistsError` when the email is taken. */
export async function insertUser(db: Database, input: NewUser): Promise<UserRow> {
  try {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (vendor_id, email, name, phone, password_hash, verified, metadata, provider)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
       RETURNING ${USER_COLUMNS}`,
      [
        input.vendorId,
        normalizeEmail(input.email),
        input.name,
        input.phone ?? null,
        input.passwordHash,
        input.verified,
        JSON.stringify(input.metadata ?? {}),
        input.provider ?? 'local',
      ],
    );
    return rows[0]!;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new UserExistsError();
    throw error;
  }
}

/** Replaces a password hash (used to upgrade old scrypt parameters after a successful sign-in). */
/**
 * Replaces the user's password hash. The one replaced goes into the password history (the
 * password-history policy refuses recent passwords), except for a `rehash` of the same password.
 */
export async function updatePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  options: { rehash?: boolean } = {},
): Promise<void> {
  if (!options.rehash) await rememberCurrentPassword(db, userId);
  // A new password passed the breach list (password-rules.ts), so the breach verdict of the old
  // one (security centre) ends with it; a rehash keeps the same password and its verdict.
  await db.query(
    `UPDATE users SET password_hash = $2, updated_at = now(),
       breached_password_at = CASE WHEN $3 THEN breached_password_at ELSE NULL END
     WHERE id = $1`,
    [userId, passwordHash, options.rehash === true],
  );
}

/** The display name: the stored name, else the local part of the email. */
export function displayName(user: Pick<UserRow, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}

/** Whether the user has a second factor (a passkey alone is a first factor, not MFA). */
async function isMfaEnrolled(db: Database, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ enrolled: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM mfa_devices WHERE user_id = $1 AND NOT passkey) AS enrolled',
    [userId],
  );
  return rows[0]?.enrolled === true;
}

/**
 * The contract's user object (`GET users/v2/me`): the roles and permissions held in the active
 * tenant, and every tenant's roles.
 */
export async function loadUserProfile(
  db: Database,
  user: UserRow,
  tenants: TenantRow[],
  activeTenantId: string | null,
): Promise<UserProfile> {
  const grants = await loadGrants(
    db,
    [user.id],
    tenants.map((t) => t.id),
  );
  const active = activeTenantId ? grantsOf(grants, user.id, activeTenantId) : null;
  return toUserProfile(
    user,
    tenants.map((t) => ({ tenantId: t.id, roles: grantsOf(grants, user.id, t.id).roles })),
    activeTenantId,
    { roles: active?.roles ?? [], permissions: active?.permissions ?? [] },
    await isMfaEnrolled(db, user.id),
  );
}

export function toUserProfile(
  user: UserRow,
  tenants: UserProfile['tenants'],
  activeTenantId: string | null,
  authorization: Authorization,
  mfaEnrolled: boolean,
): UserProfile {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: displayName(user),
    phoneNumber: user.phone,
    profilePictureUrl: user.profile_picture_url,
    tenantId: activeTenantId,
    tenantIds: tenants.map((t) => t.tenantId),
    tenants,
    roles: authorization.roles,
    permissions: authorization.permissions,
    verified: user.verified,
    createdAt: new Date(user.created_at).toISOString(),
    lastLogin: user.last_login ? new Date(user.last_login).toISOString() : null,
    metadata: JSON.stringify(user.metadata ?? {}),
    customData: customDataOf(user.custom_data),
    mfaEnrolled,
    superUser: user.super_user,
    locale: user.locale ?? null,
    provider: user.provider,
  };
}
