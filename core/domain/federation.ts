/**
 * Federated sign-in (social login, tenant SSO) written once for both backends, once the identity
 * provider has vouched for the person (the server's exchange with it, demo mode's stand-in
 * providers, core/demo/federatedSignIn.ts): the person found by their external identity, else an
 * existing account linked by verified email, else created just in time; then the end of every
 * federated post-login (the MFA gate, else the session).
 */
import { contractError } from '../contract/errors';
import { addMembershipOver, newAccountOver } from './account-creation';
import { MEMBERSHIPS } from './membership-tables';
import { mfaGateOn } from './mfa-assembly';
import type { Platform, Visit } from './platform';
import { col, nullable, stamp, table, type RowClock, type Tables } from './tables';
import { normalizeEmail, USERS, userRepository, UserExistsError, type UserRow } from './user-tables';

/** (provider namespace, subject) -> user: a subject signs in as the same user even if its email changes at the provider. */
const EXTERNAL_IDENTITIES = table('external_identities', {
  provider: col.text(),
  subject: col.text(),
  userId: col.uuid,
  createdAt: col.timestamptz,
  lastLogin: nullable(col.timestamptz),
});

/** What an identity provider says about the person. */
interface ExternalIdentity {
  /** `social:<key>`, `sso:<config id>` (OIDC) or `saml:<config id>`: the namespace of `subject`. */
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Where a user created just in time goes: a tenant of their own (social sign-up) or the SSO tenant with its default roles. */
type JitPlacement = { kind: 'ownTenant' } | { kind: 'tenant'; tenantId: string; roleKeys: string[] };

/** The person of a federated sign-in as a user. */
interface FederatedSignIn {
  user: UserRow;
  isNewUser: boolean;
  /** The tenant to sign in to, when the placement decides it. */
  tenantId: string | null;
}

/**
 * The provider a user created just in time is stored with (the client SDK's user `provider`): the
 * social provider's key for `social:<key>`, else the SSO protocol (`saml:<id>` SAML, `sso:<id>` OIDC).
 */
function signUpProvider(namespace: string): string {
  const [kind, key] = namespace.split(':', 2);
  if (kind === 'social' && key) return key;
  return kind === 'saml' ? 'saml' : 'oidc';
}

/**
 * Creates the person just in time as a user of `vendorId` (their email normalized by the caller),
 * named by the provider, else by their email's local part; a social sign-up gets an account of
 * their own. Throws `UserExistsError` when the email is taken (two first sign-ins racing).
 */
async function newFederatedUser(
  tables: Tables,
  clock: RowClock,
  vendorId: string,
  identity: ExternalIdentity,
  placement: JitPlacement,
): Promise<FederatedSignIn> {
  const { email } = identity;
  const name = identity.name?.trim().slice(0, 100) || (email.split('@')[0] ?? email);
  const newUser = {
    vendorId,
    email,
    name,
    passwordHash: null,
    verified: identity.emailVerified,
    provider: signUpProvider(identity.provider),
  };
  const where =
    placement.kind === 'ownTenant' ? { kind: placement.kind, tenantName: `${name}'s account` } : placement;
  const { user, tenantId } = await newAccountOver(tables, clock, newUser, where);
  return { user, isNewUser: true, tenantId };
}

/**
 * Resolves the person to a user. An existing account is linked only through a verified email: an
 * unverified address from a provider never takes over someone's account.
 */
async function resolveFederatedUser(
  platform: Platform,
  identity: ExternalIdentity,
  placement: JitPlacement,
): Promise<FederatedSignIn> {
  const { tables, clock } = platform;
  const { provider, subject } = identity;
  const email = normalizeEmail(identity.email);
  const preferredTenant = placement.kind === 'tenant' ? placement.tenantId : null;
  const users = userRepository(tables, clock);
  const identities = tables.of(EXTERNAL_IDENTITIES);
  const linked = await identities.row({ provider, subject });
  if (linked) {
    const user = await users.byId(linked.userId);
    if (!user) throw contractError('AUTHENTICATION_FAILED');
    await identities.update({ provider, subject }, { lastLogin: stamp(clock.now()) });
    if (placement.kind === 'tenant') await ensureMembership(platform, user, placement);
    return { user, isNewUser: false, tenantId: preferredTenant };
  }
  const existing = await users.byEmail(email);
  if (existing) {
    if (!identity.emailVerified) throw contractError('AUTHENTICATION_FAILED');
    await tables.transaction(async (tx) => {
      // Two sign-ins linking at once: the second finds the first's link.
      await tx.lock(`external_identities:${provider}:${subject}`);
      if (await tx.of(EXTERNAL_IDENTITIES).row({ provider, subject })) return;
      const now = stamp(clock.now());
      await tx
        .of(EXTERNAL_IDENTITIES)
        .insert({ provider, subject, userId: existing.id, createdAt: now, lastLogin: now });
    });
    if (!existing.verified) await tables.of(USERS).update({ id: existing.id }, { verified: true });
    if (placement.kind === 'tenant') await ensureMembership(platform, existing, placement);
    return { user: { ...existing, verified: true }, isNewUser: false, tenantId: preferredTenant };
  }

  const vendor = await platform.vendor();
  if (placement.kind === 'ownTenant' && !vendor.allowSignups) throw contractError('SIGN_UP_DISABLED');
  // A person created just in time in the SSO tenant joins it: its email-domain restrictions apply
  // (as for an existing account, ensureMembership), before any account is created.
  if (
    placement.kind === 'tenant' &&
    !(await platform.invitations.emailDomainAllowed(placement.tenantId, email))
  )
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  try {
    return await tables.transaction(async (tx) => {
      const created = await newFederatedUser(tx, clock, vendor.id, { ...identity, email }, placement);
      const now = stamp(clock.now());
      await tx
        .of(EXTERNAL_IDENTITIES)
        .insert({ provider, subject, userId: created.user.id, createdAt: now, lastLogin: now });
      return created;
    });
  } catch (error) {
    // Two first sign-ins racing: the loser finds the winner's account.
    if (error instanceof UserExistsError) return resolveFederatedUser(platform, identity, placement);
    throw error;
  }
}

/** A known person signing in by SSO joins the connection's tenant, as the account's email-domain restrictions allow. */
async function ensureMembership(
  { tables, clock, invitations }: Platform,
  user: UserRow,
  placement: { tenantId: string; roleKeys: string[] },
): Promise<void> {
  const { tenantId } = placement;
  if (await tables.of(MEMBERSHIPS).row({ userId: user.id, tenantId })) return;
  if (!(await invitations.emailDomainAllowed(tenantId, user.email)))
    throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  await addMembershipOver(tables, clock, { userId: user.id, ...placement });
}

/**
 * A federated post-login over the platform and the request, once the provider vouched for the
 * person: the person as a user (`resolveFederatedUser`), then the MFA gate of every first factor
 * with the account the session opens (`preferred` when the user may open it, else their active one): its policy applies, and the mfaToken keeps it, so the session
 * after the second factor opens there too. No session and no cookie until then; otherwise the
 * session in that account.
 */
export function federatedSignInOn(
  platform: Platform,
  visit: Pick<Visit, 'rememberedDevice' | 'startSession'>,
) {
  const gate = mfaGateOn(platform, visit);
  /** The MFA answer, or null with the session's account. */
  async function gated(user: UserRow, preferred: string | null, firstFactor?: 'saml') {
    // The account a sign-in preferring `preferred` opens (the backend's pick among the memberships).
    const tenantId = await platform.mfa.accountOf({
      ...user,
      activeTenantId: preferred ?? user.activeTenantId,
    });
    return { tenantId, mfa: await gate.inAccount(user, tenantId, firstFactor) };
  }
  return {
    /**
     * Tenant SSO (an identity provider vouches for its email) in the connection's tenant, where a
     * new person joins with its default roles; `mapGroups` then runs at every sign-in (the server's
     * identity provider's groups); a SAML first factor passes a policy of ForceExceptSAML.
     */
    async sso(
      identity: Omit<ExternalIdentity, 'emailVerified'>,
      { tenantId, roleKeys }: { tenantId: string; roleKeys: string[] },
      mapGroups?: (userId: string) => Promise<void>,
    ): Promise<unknown> {
      const placement = { kind: 'tenant' as const, tenantId, roleKeys };
      const { user } = await resolveFederatedUser(platform, { ...identity, emailVerified: true }, placement);
      await mapGroups?.(user.id);
      const firstFactor = identity.provider.startsWith('saml:') ? 'saml' : undefined;
      const { mfa } = await gated(user, tenantId, firstFactor);
      return mfa ?? visit.startSession(user, tenantId);
    },
    /**
     * Social login, where a new person gets an account of their own: `isNewUser` (the account was
     * created by this callback, whatever follows) with the MFA answer or the session; the ids and
     * the name come only with a session.
     */
    async social(identity: ExternalIdentity): Promise<unknown> {
      const federated = await resolveFederatedUser(platform, identity, { kind: 'ownTenant' });
      const { user, isNewUser, tenantId: preferred } = federated;
      const { tenantId, mfa } = await gated(user, preferred);
      if (mfa) return { ...mfa, isNewUser };
      const { email, id: userId, name } = user;
      // The session opens in the account the gate read (the same pick).
      const session = await visit.startSession(user, preferred);
      return { ...session, isNewUser, email, userId, tenantId, name };
    },
  };
}
