/**
 * A member's customData (the client SDK's ITeamUser.customData, issue 28 item 11): a JSON object the
 * vendor's app keeps on the user, set with teams.updateUser (PUT /team/resources/members/v1) and
 * returned on the users list's rows and on me. The contract's schema admits an object or null (null
 * clears it); the size rule is written once here over a repository, written once too
 * (core/domain/team-member-store.ts, over both backends' `users` rows).
 */
import { contractError } from '../contract/errors';

/** The largest customData kept, as UTF-8 JSON. */
const CUSTOM_DATA_MAX_BYTES = 4096;

export type CustomData = Record<string, unknown>;

export interface CustomDataRepository {
  /** Stores the member's customData (null: none); false when `userId` is not a member of `tenantId`. */
  save(tenantId: string, userId: string, data: CustomData | null): Promise<boolean>;
}

/** Sets a member's customData: over 4 KB 400, not a member of the account 404. */
export async function setCustomData(
  repo: CustomDataRepository,
  tenantId: string,
  userId: string,
  data: CustomData | null,
): Promise<void> {
  if (data !== null && new TextEncoder().encode(JSON.stringify(data)).length > CUSTOM_DATA_MAX_BYTES)
    throw contractError('CUSTOM_DATA_TOO_LARGE');
  if (!(await repo.save(tenantId, userId, data))) throw contractError('MEMBER_NOT_FOUND');
}

/** What rows and me carry: the stored object, or `{}` when none. */
export const customDataOf = (stored: CustomData | null | undefined): CustomData => stored ?? {};
