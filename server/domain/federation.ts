/**
 * Users who sign in through another identity provider (social login, tenant SSO): find them by
 * their external identity, else link an existing account by verified email, else create them just
 * in time (core/domain/federation.ts `newFederatedUser`, with demo mode).
 */
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import { emailDomainAllowed } from './email-domain-restrictions';
import { addMembershipOver } from '../../core/domain/account-creation';
import {
  newFederatedUser,
  type ExternalIdentity,
  type FederatedSignIn,
  type JitPlacement,
} from '../../core/domain/federation';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { findUserByEmail, findUserById, normalizeEmail, UserExistsError } from '../storage/users';
import { getVendorSettings } from './vendor';

/**
 * Resolves the person to a user. An existing account is linked only through a verified email: an
 * unverified address from a provider never takes over someone's account.
 */
export async function resolveFederatedUser(
  db: Database,
  identity: ExternalIdentity,
  placement: JitPlacement,
): Promise<FederatedSignIn> {
  const email = normalizeEmail(identity.email);
  const preferredTenant = placement.kind === 'tenant' ? placement.tenantId : null;
  const linked = await db.query<{ user_id: string }>(
    'SELECT user_id FROM external_identities WHERE provider = $1 AND subject = $2',
    [identity.provider, identity.subject],
  );
  if (linked.rows[0]) {
    const user = await findUserById(db, linked.rows[0].user_id);
    if (!user) throw contractError('AUTHENTICATION_FAILED');
    await db.query('UPDATE external_identities SET last_login = now() WHERE provider = $1 AND subject = $2', [
      identity.provider,
      identity.subject,
    ]);
    if (placement.kind === 'tenant') await ensureMembership(db, user.id, placement);
    return { user, isNewUser: false, tenantId: preferredTenant };
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!identity.emailVerified) throw contractError('AUTHENTICATION_FAILED');
    await db.query(
      'INSERT INTO external_identities (provider, subject, user_id, last_login) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING',
      [identity.provider, identity.subject, existing.id],
    );
    if (!existing.verified) await db.query('UPDATE users SET verified = true WHERE id = $1', [existing.id]);
    if (placement.kind === 'tenant') await ensureMembership(db, existing.id, placement);
    return { user: { ...existing, verified: true }, isNewUser: false, tenantId: preferredTenant };
  }

  const settings = await getVendorSettings(db);
  if (placement.kind === 'ownTenant' && !settings.allowSignups) throw contractError('SIGN_UP_DISABLED');
  // A person created just in time in the SSO tenant joins it: its email-domain restrictions apply
  // (as for an existing account, ensureMembership), before any account is created.
  if (placement.kind === 'tenant' && !(await emailDomainAllowed(db, placement.tenantId, email)))
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  try {
    return await db.transaction(async (tx) => {
      const person = { ...identity, email };
      const created = await newFederatedUser(sqlTables(tx), SERVER_ROW_CLOCK, settings.id, person, placement);
      await tx.query(
        'INSERT INTO external_identities (provider, subject, user_id, last_login) VALUES ($1, $2, $3, now())',
        [identity.provider, identity.subject, created.user.id],
      );
      return created;
    });
  } catch (error) {
    // Two first sign-ins racing: the loser finds the winner's account.
    if (error instanceof UserExistsError) return resolveFederatedUser(db, identity, placement);
    throw error;
  }
}

async function ensureMembership(
  db: Database,
  userId: string,
  placement: { tenantId: string; roleKeys: string[] },
): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM memberships WHERE user_id = $1 AND tenant_id = $2', [
    userId,
    placement.tenantId,
  ]);
  if (rows[0]) return;
  // Just-in-time membership follows the account's email-domain restrictions.
  const user = await findUserById(db, userId);
  if (!user || !(await emailDomainAllowed(db, placement.tenantId, user.email)))
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  await addMembershipOver(sqlTables(db), SERVER_ROW_CLOCK, { userId, ...placement });
}
