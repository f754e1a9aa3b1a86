/**
 * Invitations (spec 001 §4 §7 "Add or invite user", "Resend ... invitation link"; spec 000 §4
 * "Accept invitation") and a tenant's invite link (spec 001 §3 §7 "Invite link").
 *
 * - An admin invites someone by email into the active tenant with roles. A person without an account
 *   gets one (no password, not verified); the membership is *pending*: listed on the users page, but
 *   the tenant is not one of the user's tenants until they accept.
 * - The invitation email holds `{appUrl}/account/invitation/accept?userId=..&token=..`. The token is
 *   a one-time link token (random 32 bytes, stored hashed, single use, 7 days), one per user and
 *   tenant: resending retires the older link for that tenant only.
 * - Accepting proves the address (verified), sets the password when the account has none, turns the
 *   membership active and makes the tenant the user's active one. It does not sign in (spec 000 §4:
 *   "success (user cleared, unauthenticated)"): the user signs in with their new password.
 * - An invite link is a tenant-wide join link for sign-up (`/account/sign-up?invitationToken=..`): it
 *   can be used by many people until it expires, so it is not single-use; it is random, stored as a
 *   SHA-256 only, shown to the admin once when created, and replaced by creating a new one.
 */
import { createHash } from 'node:crypto';
import { holdsPermission } from '../../core/contract/permissions';
import { accountLink, choosePasswordEmail, invitationEmail, joinedAccountEmail } from '../delivery/messages';
import { emailDomainAllowed } from './email-domain-restrictions';
import { localeOfRecipient } from '../storage/locales';
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import type { SecretBox } from './mfa-crypto';
import { sendQuietly, type FlowContext } from './account-flows';
import { countSend } from './attempts';
import type { ClientInfo, SignedIn } from './auth';
import {
  consumeLink,
  findLiveLink,
  issueOneTimeToken,
  LINK_TOKEN_SHAPE,
  newLinkToken,
} from './one-time-tokens';
import { newPasswordProblem } from './password-rules';
import { listAssignableRoles } from './team-membership';
import { listTenantUsers, type TeamUserDto } from './team-users';
import { loadAuthorization } from './tenants';
import {
  displayName,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  UserExistsError,
} from './users';
import { emitEvent } from './connectivity';

/** Spec 001 §9: "Invite link default lifetime 43200 minutes (30 days)". */
export const INVITE_LINK_DEFAULT_MINUTES = 43200;
/** The longest invite link this server issues: one year. */
export { INVITE_LINK_MAX_MINUTES } from '../../core/contract/requests';

type Log = (message: string) => void;

interface InviteInput {
  tenantId: string;
  inviterId: string;
  email: string;
  name?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  roleIds?: string[] | undefined;
  /** The admin hands the link over themselves: no email (the answer still has no token). */
  skipInviteEmail?: boolean | undefined;
}

async function tenantName(db: Database, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM tenants WHERE id = $1 AND deleted_at IS NULL',
    [tenantId],
  );
  return rows[0]?.name ?? '';
}

/** Issues a fresh invitation link for `userId` in `tenantId` and emails it. */
async function sendInvitation(
  ctx: FlowContext,
  input: { tenantId: string; userId: string; email: string; inviterId: string | null },
  log: Log,
): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, {
    purpose: 'invitation',
    userId: input.userId,
    kind: 'link',
    data: { tenantId: input.tenantId },
    retireScope: 'tenantId',
  });
  const link = accountLink(ctx.options.appUrl, '/account/invitation/accept', { userId: input.userId, token });
  const inviter = input.inviterId ? await findUserById(ctx.db, input.inviterId) : null;
  const message = invitationEmail(
    input.email,
    link,
    await tenantName(ctx.db, input.tenantId),
    inviter ? displayName(inviter) : null,
    await localeOfRecipient(ctx.db, input.userId, input.tenantId),
  );
  await sendQuietly(() => ctx.delivery.sendEmail(message), log);
}

/**
 * POST users v2: invites `email` into the tenant with `roleIds`. 409 when the address is already a
 * member or already invited; 400 for roles that are not the tenant's.
 */
export async function inviteUser(ctx: FlowContext, input: InviteInput, log: Log): Promise<TeamUserDto> {
  const email = normalizeEmail(input.email);
  if (!(await emailDomainAllowed(ctx.db, input.tenantId, email)))
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  const roleIds = [...new Set(input.roleIds ?? [])];
  const userId = await ctx.db
    .transaction(async (tx) => {
      const assignable = new Set((await listAssignableRoles(tx, input.tenantId)).map((r) => r.id));
      if (roleIds.some((id) => !assignable.has(id))) throw contractError('ROLES_UNKNOWN');
      let user = await findUserByEmail(tx, email);
      if (user) {
        const existing = await tx.query<{ invitation_pending: boolean }>(
          'SELECT invitation_pending FROM memberships WHERE user_id = $1 AND tenant_id = $2',
          [user.id, input.tenantId],
        );
        if (existing.rows[0])
          throw contractError(existing.rows[0].invitation_pending ? 'ALREADY_INVITED' : 'ALREADY_MEMBER');
      } else {
        const vendor = (
          await tx.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants WHERE id = $1', [
            input.tenantId,
          ])
        ).rows[0]!;
        user = await insertUser(tx, {
          vendorId: vendor.vendor_id,
          email,
          name: input.name?.trim() || email.split('@')[0]!,
          phone: input.phoneNumber?.trim() || null,
          passwordHash: null,
          verified: false,
        });
      }
      const membership = await tx.query<{ id: string }>(
        'INSERT INTO memberships (user_id, tenant_id, invitation_pending) VALUES ($1, $2, true) RETURNING id',
        [user.id, input.tenantId],
      );
      if (roleIds.length) {
        await tx.query(
          'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
          [membership.rows[0]!.id, roleIds],
        );
      }
      return user.id;
    })
    .catch((error: unknown) => {
      // Two admins inviting one new address at the same moment: the unique index decides.
      if (error instanceof UserExistsError) throw contractError('ALREADY_INVITED');
      throw error;
    });
  await emitEvent(ctx, input.tenantId, 'user.invited', { userId, email });
  if (!input.skipInviteEmail)
    await sendInvitation(ctx, { tenantId: input.tenantId, userId, email, inviterId: input.inviterId }, log);
  const { items } = await listTenantUsers(ctx.db, {
    tenantId: input.tenantId,
    filter: '',
    sortBy: 'name',
    order: 'ASC',
    page: 0,
    limit: 1,
    userId,
  });
  return items[0]!;
}

/** POST /invitation/reset: a new invitation link for a member who has not accepted yet (older link retired). */
export async function resendInvitation(
  ctx: FlowContext,
  input: { tenantId: string; userId: string; inviterId: string },
  log: Log,
): Promise<void> {
  const { rows } = await ctx.db.query<{ invitation_pending: boolean; email: string }>(
    'SELECT m.invitation_pending, u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1 AND m.tenant_id = $2',
    [input.userId, input.tenantId],
  );
  const row = rows[0];
  if (!row) throw contractError('MEMBER_NOT_FOUND');
  if (!row.invitation_pending) throw contractError('INVITATION_ACCEPTED');
  await sendInvitation(ctx, { ...input, email: row.email }, log);
}

/**
 * POST /invitation/reset/all: resends every pending invitation of `userId` in the tenants where the
 * caller may manage users. 404 when there is none.
 */
export async function resendAllInvitations(
  ctx: FlowContext,
  input: { callerId: string; userId: string },
  log: Log,
): Promise<{ tenantIds: string[] }> {
  const { rows } = await ctx.db.query<{ tenant_id: string; email: string }>(
    `SELECT m.tenant_id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
       JOIN tenants t ON t.id = m.tenant_id AND t.deleted_at IS NULL
      WHERE m.user_id = $1 AND m.invitation_pending ORDER BY m.created_at`,
    [input.userId],
  );
  const sent: string[] = [];
  for (const row of rows) {
    const held = (await loadAuthorization(ctx.db, input.callerId, row.tenant_id)).permissions.map(
      (p) => p.key,
    );
    if (!holdsPermission(held, 'fe.secure.write.users')) continue;
    await sendInvitation(
      ctx,
      { tenantId: row.tenant_id, userId: input.userId, email: row.email, inviterId: input.callerId },
      log,
    );
    sent.push(row.tenant_id);
  }
  if (sent.length === 0) throw contractError('INVITATION_NONE_PENDING');
  return { tenantIds: sent };
}

/** The member of `tenantId` with this email whose invitation is still pending, or null. */
export async function pendingInviteeId(
  db: Database,
  tenantId: string,
  email: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT u.id FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND lower(u.email) = $2 AND m.invitation_pending`,
    [tenantId, normalizeEmail(email)],
  );
  return rows[0]?.id ?? null;
}

/** The member of `tenantId` with this email (pending or not), or null. */
export async function memberIdByEmail(db: Database, tenantId: string, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT u.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1 AND lower(u.email) = $2',
    [tenantId, normalizeEmail(email)],
  );
  return rows[0]?.id ?? null;
}

/**
 * The client SDK's public resend (`auth.resendInvitationEmail { email }`, from a sign-in page whose
 * invitation link ran out): like a password reset, the answer is the same whether or not the
 * address has an invitation (not enumerable) and counts toward the email's sending limit (429
 * beyond it); every pending invitation of the address gets a fresh link, sent to that address only.
 */
export async function resendInvitationsToEmail(ctx: FlowContext, email: string, log: Log): Promise<void> {
  await countSend(ctx.db, email);
  const { rows } = await ctx.db.query<{ user_id: string; tenant_id: string; email: string }>(
    `SELECT m.user_id, m.tenant_id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
       JOIN tenants t ON t.id = m.tenant_id AND t.deleted_at IS NULL
      WHERE lower(u.email) = $1 AND m.invitation_pending ORDER BY m.created_at`,
    [normalizeEmail(email)],
  );
  for (const row of rows)
    await sendInvitation(
      ctx,
      { tenantId: row.tenant_id, userId: row.user_id, email: row.email, inviterId: null },
      log,
    );
}

interface LiveInvitation {
  tenantId: string;
  tenantName: string;
  shouldSetPassword: boolean;
  email: string;
}

/** The invitation behind a link when it is live and still pending; null otherwise. */
async function liveInvitation(db: Database, userId: string, token: string): Promise<LiveInvitation | null> {
  const user = await findUserById(db, userId);
  const live = user ? await findLiveLink(db, 'invitation', token, user.id) : null;
  const tenantId = typeof live?.data.tenantId === 'string' ? live.data.tenantId : null;
  if (!user || !tenantId) return null;
  const { rows } = await db.query<{ name: string }>(
    `SELECT t.name FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.user_id = $1 AND m.tenant_id = $2 AND m.invitation_pending AND t.deleted_at IS NULL`,
    [user.id, tenantId],
  );
  if (!rows[0]) return null;
  return { tenantId, tenantName: rows[0].name, shouldSetPassword: !user.password_hash, email: user.email };
}

/**
 * The activation strategy (GET /activate/strategy) of a new invitee's invitation link: the client
 * SDK's activation page takes the invitation link of an account the invitation created (no
 * password, address not proven), for which a password is always to be set. Anyone else accepts
 * (POST /invitation/accept) and signs in as they do. null when the link is not such a live invitation.
 */
export async function invitationActivationStrategy(
  db: Database,
  userId: string,
  token: string,
): Promise<{ shouldSetPassword: true } | null> {
  const user = await findUserById(db, userId);
  if (!user || user.verified || user.password_hash) return null;
  return (await liveInvitation(db, userId, token)) ? { shouldSetPassword: true } : null;
}

/** POST /invitation/verify: the tenant's name and whether accepting needs a password. 400 when the link is not live. */
export async function verifyInvitation(
  db: Database,
  userId: string,
  token: string,
): Promise<{ name: string; tenantId: string; shouldSetPassword: boolean; email: string }> {
  const live = await liveInvitation(db, userId, token);
  if (!live) throw contractError('INVITATION_INVALID').withStatus(400);
  return {
    name: live.tenantName,
    tenantId: live.tenantId,
    shouldSetPassword: live.shouldSetPassword,
    email: live.email,
  };
}

/**
 * POST /invitation/accept. The password is checked before the link is used, so a refused password
 * does not cost the user their link. 410 when the link is not live (any more); 400 for the password.
 *
 * An account without a password may accept with the link alone (`passwordOptional`: the client
 * SDK's accept page has no password step): the membership starts and the address is proven, and
 * an email with a link to choose a password follows (a password-reset link, one hour), so the
 * account never stays one nobody can sign in to; the application's other ways in (sign-in codes,
 * magic links, social, SSO) work with the proven address at once. Sending it does not change the
 * answer (a delivery failure is logged).
 */
export async function acceptInvitation(
  ctx: FlowContext,
  input: { userId: string; token: string; password?: string | null | undefined },
  options: { passwordOptional: boolean; log: Log } = { passwordOptional: false, log: () => undefined },
): Promise<{ tenantId: string; name: string }> {
  const live = await liveInvitation(ctx.db, input.userId, input.token);
  if (!live) throw contractError('INVITATION_INVALID');
  let passwordHash: string | null = null;
  const choosesLater = live.shouldSetPassword && !input.password && options.passwordOptional;
  if (live.shouldSetPassword && !choosesLater) {
    if (!input.password) throw contractError('PASSWORD_REQUIRED');
    const problem = await newPasswordProblem(ctx.db, input.password);
    if (problem) throw problem;
    passwordHash = await ctx.hasher.hash(input.password);
  }
  const joined = await ctx.db.transaction(async (tx) => {
    const used = await consumeLink(tx, 'invitation', input.token, input.userId);
    if (!used || used.data.tenantId !== live.tenantId) throw contractError('INVITATION_INVALID');
    const joined = await tx.query(
      'UPDATE memberships SET invitation_pending = false WHERE user_id = $1 AND tenant_id = $2 AND invitation_pending RETURNING id',
      [input.userId, live.tenantId],
    );
    if (joined.rows.length === 0) throw contractError('INVITATION_INVALID');
    await tx.query(
      `UPDATE users SET verified = true, active_tenant_id = $2, updated_at = now(),
              password_hash = COALESCE($3, password_hash)
        WHERE id = $1`,
      [input.userId, live.tenantId, passwordHash],
    );
    return { tenantId: live.tenantId, name: live.tenantName };
  });
  if (choosesLater) {
    const token = await issueOneTimeToken(ctx.db, {
      purpose: 'resetPassword',
      userId: input.userId,
      kind: 'link',
    });
    const link = accountLink(ctx.options.appUrl, '/account/reset-password', { userId: input.userId, token });
    const locale = await localeOfRecipient(ctx.db, input.userId, live.tenantId);
    const message = choosePasswordEmail(live.email, link, live.tenantName, locale);
    await sendQuietly(() => ctx.delivery.sendEmail(message), options.log);
  }
  return joined;
}

// ---- Invite link ---------------------------------------------------------------------------

interface InviteLinkDto {
  id: string;
  tenantId: string;
  vendorId: string;
  expiresInMinutes: number;
  expiresAt: string;
  /** The client SDK's name for `expiresAt` (IInviteUserLinkResponse.expires). */
  expires: string;
  shouldSendEmail: boolean;
  expired: boolean;
  createdAt: string;
  updatedAt: string;
}

interface InviteLinkRow {
  id: string;
  tenant_id: string;
  vendor_id: string;
  expires_in_minutes: number;
  expires_at: Date;
  should_send_email: boolean;
  created_at: Date;
  updated_at: Date;
  expired: boolean;
}

const LINK_COLUMNS =
  'id, tenant_id, (SELECT vendor_id FROM tenants t WHERE t.id = tenant_id) AS vendor_id, expires_in_minutes, expires_at, should_send_email, created_at, updated_at, expires_at <= now() AS expired';
const hashInviteLink = (token: string) => createHash('sha256').update(`inviteLink:${token}`).digest('hex');

function toLinkDto(row: InviteLinkRow): InviteLinkDto {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    vendorId: row.vendor_id,
    expiresInMinutes: row.expires_in_minutes,
    expiresAt: row.expires_at.toISOString(),
    expires: row.expires_at.toISOString(),
    shouldSendEmail: row.should_send_email,
    expired: row.expired,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function getInviteLink(db: Database, tenantId: string): Promise<InviteLinkDto | null> {
  const { rows } = await db.query<InviteLinkRow>(
    `SELECT ${LINK_COLUMNS} FROM invite_links WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0] ? toLinkDto(rows[0]) : null;
}

/**
 * Creates the tenant's invite link, replacing any older one (which stops working). The token is
 * returned this once. `createdBy` is kept when it names a user (a tenant API token does not).
 */
export async function createInviteLink(
  db: Database,
  box: SecretBox,
  input: {
    tenantId: string;
    createdBy: string;
    expiresInMinutes?: number | undefined;
    shouldSendEmail?: boolean | undefined;
  },
): Promise<InviteLinkDto & { token: string }> {
  const token = newLinkToken();
  const minutes = input.expiresInMinutes ?? INVITE_LINK_DEFAULT_MINUTES;
  const { rows } = await db.query<InviteLinkRow>(
    `INSERT INTO invite_links (tenant_id, token_hash, token_sealed, expires_in_minutes, expires_at, should_send_email, created_by)
     VALUES ($1, $2, $6, $3, now() + make_interval(mins => $3), $4, (SELECT id FROM users WHERE id = $5))
     ON CONFLICT (tenant_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_sealed = EXCLUDED.token_sealed,
       expires_in_minutes = EXCLUDED.expires_in_minutes,
       expires_at = EXCLUDED.expires_at, should_send_email = EXCLUDED.should_send_email, created_by = EXCLUDED.created_by,
       created_at = now(), updated_at = now()
     RETURNING ${LINK_COLUMNS}`,
    [
      input.tenantId,
      hashInviteLink(token),
      minutes,
      input.shouldSendEmail ?? false,
      input.createdBy,
      box.seal(token, sealTo(input.tenantId)),
    ],
  );
  return { ...toLinkDto(rows[0]!), token };
}

const sealTo = (tenantId: string) => `inviteLink:${tenantId}`;

/**
 * The token of the tenant's invite link, for those who may share it (the client SDK reads it on
 * every answer); null when there is no link or it was made before tokens were sealed (migration 26).
 */
export async function inviteLinkToken(
  db: Database,
  box: SecretBox,
  tenantId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ token_sealed: string | null }>(
    'SELECT token_sealed FROM invite_links WHERE tenant_id = $1',
    [tenantId],
  );
  const sealed = rows[0]?.token_sealed;
  return sealed ? box.open(sealed, sealTo(tenantId)) : null;
}

/** PATCH: a new lifetime counts from now; 404 when the tenant has no link. */
export async function updateInviteLink(
  db: Database,
  tenantId: string,
  patch: { expiresInMinutes?: number | undefined; shouldSendEmail?: boolean | undefined },
): Promise<InviteLinkDto> {
  const { rows } = await db.query<InviteLinkRow>(
    `UPDATE invite_links SET
        expires_in_minutes = COALESCE($2, expires_in_minutes),
        expires_at = CASE WHEN $2::int IS NULL THEN expires_at ELSE now() + make_interval(mins => $2::int) END,
        should_send_email = COALESCE($3, should_send_email),
        updated_at = now()
      WHERE tenant_id = $1 RETURNING ${LINK_COLUMNS}`,
    [tenantId, patch.expiresInMinutes ?? null, patch.shouldSendEmail ?? null],
  );
  if (!rows[0]) throw contractError('INVITE_LINK_NONE');
  return toLinkDto(rows[0]);
}

export async function deleteInviteLink(db: Database, tenantId: string): Promise<void> {
  const { rows } = await db.query('DELETE FROM invite_links WHERE tenant_id = $1 RETURNING id', [tenantId]);
  if (rows.length === 0) throw contractError('INVITE_LINK_NONE');
}

/** The tenant a live invite link token leads to, or null (unknown, expired, replaced, deleted or malformed). */
export async function findInviteLinkTenant(
  db: Database,
  token: string,
): Promise<{ tenantId: string; name: string; shouldSendEmail: boolean } | null> {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<{ tenant_id: string; name: string; should_send_email: boolean }>(
    `SELECT l.tenant_id, t.name, l.should_send_email FROM invite_links l JOIN tenants t ON t.id = l.tenant_id
      WHERE l.token_hash = $1 AND l.expires_at > now() AND t.deleted_at IS NULL`,
    [hashInviteLink(token)],
  );
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, name: row.name, shouldSendEmail: row.should_send_email } : null;
}

/** When the link asks for it, the person who joined gets an email saying so. */
export async function notifyJoined(
  ctx: FlowContext,
  to: { userId: string; email: string },
  tenant: { tenantId: string; name: string; shouldSendEmail: boolean },
  log: Log,
): Promise<void> {
  if (!tenant.shouldSendEmail) return;
  const locale = await localeOfRecipient(ctx.db, to.userId, tenant.tenantId);
  const login = accountLink(ctx.options.appUrl, '/account/login', {});
  const message = joinedAccountEmail(to.email, tenant.name, login, locale);
  await sendQuietly(() => ctx.delivery.sendEmail(message), log);
}

/**
 * Sign-in with an invite link's `invitationToken` (spec 000 §7 "POST /user ... invitationToken"): a
 * live link makes the signed-in user a member of its tenant (no role; an email invitation still
 * pending there becomes accepted), and the session is reopened in that tenant. A token that is not
 * live changes nothing: the sign-in stands (the screen already said "We couldn't verify your
 * invitation").
 */
export async function joinAtSignIn(
  ctx: FlowContext,
  email: string,
  token: string,
  signedIn: SignedIn,
  client: ClientInfo,
): Promise<SignedIn> {
  const tenant = await findInviteLinkTenant(ctx.db, token);
  const user = tenant ? await findUserByEmail(ctx.db, email) : null;
  if (!tenant || !user) return signedIn;
  // A domain the account's restrictions refuse does not join (the sign-in stands, as for a dead link).
  if (!(await emailDomainAllowed(ctx.db, tenant.tenantId, user.email))) return signedIn;
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO memberships (user_id, tenant_id) VALUES ($1, $2)
       ON CONFLICT (user_id, tenant_id) DO UPDATE SET invitation_pending = false`,
      [user.id, tenant.tenantId],
    );
    await tx.query('UPDATE users SET active_tenant_id = $2, updated_at = now() WHERE id = $1', [
      user.id,
      tenant.tenantId,
    ]);
  });
  await ctx.auth.logout(signedIn.refreshToken);
  return ctx.auth.startSession({ ...user, active_tenant_id: tenant.tenantId }, client, tenant.tenantId);
}
