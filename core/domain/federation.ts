/**
 * Federated sign-in (social login, tenant SSO) written once for both backends: the person an
 * identity provider vouches for created just in time, and the end of every federated post-login
 * (the MFA gate, else the session). Finding and linking a person by their external identity is the
 * server's (server/domain/federation.ts, its `external_identities`); demo mode's stand-in providers
 * (core/demo/federatedSignIn.ts) find their sample people by email.
 */
import { newAccountOver } from './account-creation';
import { mfaGateOver } from './mfa-assembly';
import type { Platform, Visit } from './platform';
import { signInMethodStore } from './sign-in-method-storage';
import type { RowClock, Tables } from './tables';
import type { UserRow } from './user-tables';

/** What an identity provider says about the person. */
export interface ExternalIdentity {
  /** `social:<key>`, `sso:<config id>` (OIDC) or `saml:<config id>`: the namespace of `subject`. */
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Where a user created just in time goes: a tenant of their own (social sign-up) or the SSO tenant with its default roles. */
export type JitPlacement = { kind: 'ownTenant' } | { kind: 'tenant'; tenantId: string; roleKeys: string[] };

/** The person of a federated sign-in as a user. */
export interface FederatedSignIn {
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
export async function newFederatedUser(
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
 * The end of a federated post-login over the platform and the request, once the person is a user:
 * the MFA gate of every first factor with the account the session opens (`preferred` when the user
 * may open it, else their active one): its policy applies, and the mfaToken keeps it, so the session
 * after the second factor opens there too. No session and no cookie until then; otherwise the
 * session in that account.
 */
export function federatedSignInOn(
  platform: Platform,
  visit: Pick<Visit, 'rememberedDevice' | 'startSession'>,
) {
  const { keyOf, gate, vendor, accountOf } = platform.mfa;
  const signInMethods = signInMethodStore(platform.tables, platform.clock, platform.signInMethods);
  const check = mfaGateOver(platform.tables, platform.clock, { keyOf, gate, vendor, signInMethods });
  /** The MFA answer, or null with the session's account. */
  async function gated(user: UserRow, preferred: string | null, firstFactor?: 'saml') {
    // The account a sign-in preferring `preferred` opens (the backend's pick among the memberships).
    const tenantId = await accountOf({ ...user, activeTenantId: preferred ?? user.activeTenantId });
    return {
      tenantId,
      mfa: await check(user, { tenantId, remembered: visit.rememberedDevice, firstFactor }),
    };
  }
  return {
    /** Tenant SSO, in the connection's tenant: a SAML first factor passes a policy of ForceExceptSAML. */
    async sso(user: UserRow, connectionTenantId: string, firstFactor?: 'saml'): Promise<unknown> {
      const { mfa } = await gated(user, connectionTenantId, firstFactor);
      return mfa ?? visit.startSession(user, connectionTenantId);
    },
    /**
     * Social login: `isNewUser` (the account was created by this callback, whatever follows) with
     * the MFA answer or the session; the ids and the name come only with a session.
     */
    async social({ user, isNewUser, tenantId: preferred }: FederatedSignIn): Promise<unknown> {
      const { tenantId, mfa } = await gated(user, preferred);
      if (mfa) return { ...mfa, isNewUser };
      const { email, id: userId, name } = user;
      // The session opens in the account the gate read (the same pick).
      const session = await visit.startSession(user, preferred);
      return { ...session, isNewUser, email, userId, tenantId, name };
    },
  };
}
