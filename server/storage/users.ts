/**
 * The users table: lookup by email or id, creation, the password hash, and whether a user has a
 * second factor. The rules over them (the profile's answer, the password history) are in
 * domain/users.ts; rows are read with the columns below, never `*`, and answers are built field by
 * field from them (never by spreading a row), so `password_hash` never leaks into an answer.
 */
import type { CustomData } from '../../core/domain/custom-data';
import type { Database } from './database';

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

/** Writes the user's password hash; the breach verdict goes unless `keepBreachVerdict`. */
export async function storePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  keepBreachVerdict: boolean,
): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, updated_at = now(),
       breached_password_at = CASE WHEN $3 THEN breached_password_at ELSE NULL END
     WHERE id = $1`,
    [userId, passwordHash, keepBreachVerdict],
  );
}

/** Whether the user has a second factor (a passkey alone is a first factor, not MFA). */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ enrolled: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM mfa_devices WHERE user_id = $1 AND NOT passkey) AS enrolled',
    [userId],
  );
  return rows[0]?.enrolled === true;
}

/** The account the user's next sign-in starts in. */
export async function setActiveTenant(db: Database, userId: string, tenantId: string): Promise<void> {
  await db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [userId, tenantId]);
}
