/**
 * The users table, `users`, as the server's schema has it (migrations-001-004.ts and
 * server/storage/schema/{invitations,security-center,security-policies,user-account-fields}.ts),
 * and its repository written once over the storage port (core/domain/tables.ts): lookup by id or
 * email, creation, the password hash and the active account. The server reads and writes it over
 * PostgreSQL (server/storage/users.ts); demo mode's users are to become rows of the same table.
 * Answers are built field by field from a row (never by spreading it), so `passwordHash` never
 * leaks into an answer.
 */
import type { CustomData } from './custom-data';
import {
  col,
  declaredTables,
  nullable,
  sameText,
  stamp,
  table,
  type RowClock,
  type RowOf,
  type Tables,
  type TableSpec,
} from './tables';

/**
 * Every declared table of a user's rows (their `user_id` cascades: server/storage/tables-schema.test.ts
 * holds this to the schema). Read from the tables declared so far, so that this module imports none.
 */
function userChildren(): Array<[TableSpec<unknown>, string]> {
  return declaredTables().flatMap((spec): Array<[TableSpec<unknown>, string]> =>
    Object.hasOwn(spec.columns, 'userId') ? [[spec, 'userId']] : [],
  );
}

/** A user of a vendor: one row per email (any case: the unique index on `lower(email)`). */
export const USERS = table(
  'users',
  {
    id: col.uuid,
    vendorId: col.uuid,
    email: col.text(),
    name: nullable(col.text()),
    phone: nullable(col.text()),
    profilePictureUrl: nullable(col.text()),
    passwordHash: nullable(col.text()),
    verified: col.bool,
    superUser: col.bool,
    metadata: col.jsonb<Record<string, unknown>>(),
    /** The client SDK's ITeamUser.customData (core/domain/custom-data.ts). */
    customData: nullable(col.jsonb<CustomData>()),
    activeTenantId: nullable(col.uuid),
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
    lastLogin: nullable(col.timestamptz),
    /** Set by the lockout policy (security page) until an administrator unlocks the user. */
    lockedAt: nullable(col.timestamptz),
    /** The language the user chose (the profile's picker), or null: core/domain/locales.ts. */
    locale: nullable(col.text()),
    /** How the account was created: `local`, `scim2`, a social provider's key, `saml` or `oidc`. */
    provider: col.text(),
    /** When the user's password was found in a breach corpus (security center), until it changes. */
    breachedPasswordAt: nullable(col.timestamptz),
    failedSignIns: col.int,
  },
  userChildren,
);
export type UserRow = RowOf<typeof USERS>;

/** The display name: the stored name, else the local part of the email. */
export function displayName(user: Pick<UserRow, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  vendorId: string;
  email: string;
  name: string;
  phone?: string | null | undefined;
  passwordHash: string | null;
  verified: boolean;
  metadata?: Record<string, unknown> | undefined;
  /** Default `local`; a social or SSO sign-up gives its provider. */
  provider?: string | undefined;
}

/** Thrown when the email is already registered. */
export class UserExistsError extends Error {
  constructor() {
    super('User already exists');
  }
}

/**
 * A new user's row: the schema's defaults for what is not given, the email trimmed and in lower
 * case (the server's users repository and demo mode's sample people).
 */
export const newUserRow = (
  user: Pick<UserRow, 'id' | 'vendorId' | 'email' | 'name' | 'passwordHash' | 'verified' | 'createdAt'> &
    Partial<UserRow>,
): UserRow => ({
  phone: null,
  profilePictureUrl: null,
  superUser: false,
  metadata: {},
  customData: null,
  activeTenantId: null,
  updatedAt: user.createdAt,
  lastLogin: null,
  lockedAt: null,
  locale: null,
  provider: 'local',
  breachedPasswordAt: null,
  failedSignIns: 0,
  ...user,
  email: normalizeEmail(user.email),
});

/** The users repository over `tables`; new users are named and stamped by `clock`. */
export function userRepository(tables: Tables, clock: RowClock) {
  const users = tables.of(USERS);
  return {
    /** The user with this id, or null. */
    byId: (id: string) => users.row({ id }),
    /** The user with this email (any case), or null. */
    byEmail: (email: string) => users.row({ email: sameText(normalizeEmail(email)) }),
    /**
     * Adds a user; throws `UserExistsError` when the email is taken. Checked under the email's lock
     * so two sign-ups of one email do not both pass (the server's unique index stays the backstop).
     */
    insert: (input: NewUser): Promise<UserRow> =>
      tables.transaction(async (tx) => {
        const email = normalizeEmail(input.email);
        await tx.lock(`users:email:${email}`);
        if (await tx.of(USERS).row({ email: sameText(email) })) throw new UserExistsError();
        return tx.of(USERS).insert(
          newUserRow({
            id: clock.newId(),
            vendorId: input.vendorId,
            email,
            name: input.name,
            phone: input.phone ?? null,
            passwordHash: input.passwordHash,
            verified: input.verified,
            metadata: input.metadata ?? {},
            createdAt: stamp(clock.now()),
            provider: input.provider ?? 'local',
          }),
        );
      }),
    /** Writes the user's password hash; the breach verdict goes unless `keepBreachVerdict`. */
    async storePasswordHash(userId: string, passwordHash: string, keepBreachVerdict: boolean) {
      await users.update(
        { id: userId },
        {
          passwordHash,
          updatedAt: stamp(clock.now()),
          ...(keepBreachVerdict ? {} : { breachedPasswordAt: null }),
        },
      );
    },
    /** The account the user's next sign-in starts in. */
    async setActiveTenant(userId: string, tenantId: string) {
      await users.update({ id: userId }, { activeTenantId: tenantId });
    },
  };
}
