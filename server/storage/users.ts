/**
 * The users table over PostgreSQL: the repository written once in core/domain/user-tables.ts over
 * this database, and whether a user has a second factor. The password history is kept by
 * domain/security-policies.ts (`rememberCurrentPassword`).
 */
import { UserExistsError, userRepository, type NewUser, type UserRow } from '../../core/domain/user-tables';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

export { normalizeEmail, type UserRow } from '../../core/domain/user-tables';

const users = (db: Database) => userRepository(sqlTables(db), SERVER_ROW_CLOCK);

/** The user with this email (any case), or null. */
export const findUserByEmail = (db: Database, email: string) => users(db).byEmail(email);

/** The user with this id, or null. */
export const findUserById = (db: Database, id: string) => users(db).byId(id);

/**
 * Inserts a user; throws `UserExistsError` when the email is taken (checked under the email's lock;
 * a unique-index violation, the backstop, is the same error).
 */
export async function insertUser(db: Database, input: NewUser): Promise<UserRow> {
  try {
    return await users(db).insert(input);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new UserExistsError();
    throw error;
  }
}

/** Writes the user's password hash; the breach verdict goes unless `keepBreachVerdict`. */
export const storePasswordHash = (
  db: Database,
  userId: string,
  passwordHash: string,
  keepBreachVerdict: boolean,
) => users(db).storePasswordHash(userId, passwordHash, keepBreachVerdict);

/** The account the user's next sign-in starts in. */
export const setActiveTenant = (db: Database, userId: string, tenantId: string) =>
  users(db).setActiveTenant(userId, tenantId);
