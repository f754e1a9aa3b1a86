/**
 * The signed-in user's own profile (PUT users/v2/me, and GET users/v1/me/authorization), written once for the reference server and demo
 * mode: what a user may change about themselves (name, phone number, metadata where the portal keeps
 * address and job title, locale), the metadata's limits (also sign-up's), and the route's handler
 * (core/domain/handlers.ts) over `ProfilePorts`, an area of both backends (`profileAreaPorts`,
 * core/domain/back-office-areas.ts): the user's row over the tables port, the answer as each
 * backend's GET me answers it (core/domain/member-grants.ts). Email, roles, createdAt and lastLogin
 * stay as they are. Not with an API token (the descriptor's PERSON): the phone number is where SMS
 * sign-in codes go, so changing it would turn a leaked token into a sign-in.
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers } from './handlers';
import { refusePhoneChangeWhileImpersonating } from './impersonation';
import type { Caller, PortsFor } from './platform';
import { USERS } from './user-tables';
import { authorizationIn, userProfileIn } from './member-grants';

const MAX_METADATA_BYTES = 10_000;
const MAX_METADATA_DEPTH = 10;

/** True when `value` nests deeper than `max` levels (checked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A user's metadata as sign-up and the profile accept it: an object or a JSON string holding one,
 * at most 10 levels deep and 10,000 bytes of JSON, without U+0000 (PostgreSQL's jsonb cannot hold
 * it). Undefined when none was given (absent, null or '').
 */
export function parseMetadata(
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw contractError('METADATA_NOT_OBJECT');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw contractError('METADATA_NOT_OBJECT');
  if (nestsDeeperThan(parsed, MAX_METADATA_DEPTH))
    throw contractError('METADATA_TOO_DEEP', { n: MAX_METADATA_DEPTH });
  const json = JSON.stringify(parsed);
  if (new TextEncoder().encode(json).length > MAX_METADATA_BYTES)
    throw contractError('METADATA_TOO_LARGE', { n: MAX_METADATA_BYTES });
  if (json.includes('\\u0000')) throw contractError('METADATA_NUL');
  return parsed as Record<string, unknown>;
}

/** What PUT /me writes: a field given, or undefined to keep it (a null phone or locale clears it). */
interface ProfileChanges {
  name?: string;
  phone?: string | null;
  metadata?: Record<string, unknown>;
  locale?: string | null;
}

interface ProfilePorts {
  /** Whether the caller's session is an impersonation (the token's `act`). */
  impersonating: boolean;
  /** The user's phone number (null: none). */
  phoneOf(userId: string): Promise<string | null>;
  update(userId: string, changes: ProfileChanges): Promise<void>;
  /** The user as GET users/v2/me answers them, in the caller's active account. */
  profile(userId: string): Promise<unknown>;
  /** The roles the user holds in the caller's active account and the permissions they grant. */
  authorization(userId: string): Promise<unknown>;
}

interface ProfileBody {
  name?: string;
  phoneNumber?: string | null;
  metadata?: string | Record<string, unknown> | null;
  /** One of core/domain/locales.ts (the contract's schema), or null: none chosen. */
  locale?: string | null;
}

/** PUT /me: the fields' types and lengths passed the contract's schema (core/contract/routes/account.ts). */
async function changeProfile(p: ProfilePorts, userId: string, body: ProfileBody): Promise<void> {
  const name = body.name?.trim();
  if (body.name !== undefined && !name) throw contractError('PROFILE_NAME_EMPTY');
  const phone = body.phoneNumber === undefined ? undefined : body.phoneNumber?.trim() || null;
  // Sent as null or '': cleared to an empty object.
  const metadata = body.metadata === undefined ? undefined : (parseMetadata(body.metadata) ?? {});
  // The phone number is where SMS sign-in codes go (core/domain/impersonation.ts).
  if (p.impersonating) refusePhoneChangeWhileImpersonating(true, phone, await p.phoneOf(userId));
  await p.update(userId, { name, phone, metadata, locale: body.locale });
}

export const PROFILE_HANDLERS: AreaHandlers<ProfilePorts> = {
  putUsersMe: async (p, { userId, body }) => {
    await changeProfile(p, userId, body as ProfileBody);
    return answer(await p.profile(userId));
  },
  // users.getUserAuthorization: the caller's roles and permissions in the account they act in.
  getUsersMeAuthorization: async (p, { userId }) => answer(await p.authorization(userId)),
};

/** The account the caller acts in; null for a user of none (reading their `tenantId` refuses them). */
function actingIn(caller: Caller): string | null {
  try {
    return caller.tenantId;
  } catch {
    return null;
  }
}

/** The profile's ports: the user's row over the backend's tables, the answer as its GET me reads it. */
export const profileAreaPorts: PortsFor<ProfilePorts> = (platform, caller) => ({
  impersonating: caller.impersonating === true,
  phoneOf: async (userId) => (await platform.tables.of(USERS).row({ id: userId }))?.phone ?? null,
  async update(userId, changes) {
    // The fields sent only (a null phone or locale clears it).
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length) await platform.tables.of(USERS).update({ id: userId }, set);
  },
  profile: (userId) => userProfileIn(platform.tables, userId, actingIn(caller)),
  authorization: (userId) => authorizationIn(platform.tables, userId, actingIn(caller)),
});
