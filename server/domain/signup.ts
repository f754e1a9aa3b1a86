/**
 * Self-service sign-up: a new user, a new tenant they own (with the creator roles, Admin by
 * default), and, unless the vendor requires activation first, a signed-in session.
 */
import { countSignUp } from './attempts';
import { isBreachedPassword } from './breached-passwords';
import { contractError, type ContractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import type { AuthService, ClientInfo, SignedIn } from './auth';
import type { PasswordHasher } from './passwords';
import { addMembership, createTenant, creatorRoleKeys, listUserTenants } from './tenants';
import {
  findUserById,
  insertUser,
  normalizeEmail,
  loadUserProfile,
  UserExistsError,
  type UserProfile,
} from './users';
import { getVendorSettings } from './vendor';
import { emitEvent } from './connectivity';
import { assertVendorAllows } from './sign-in-methods';

interface SignUpInput {
  email: string;
  password: string;
  name?: string | null | undefined;
  companyName?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  metadata?: Record<string, unknown> | undefined;
  /**
   * Sign-up through a tenant's invite link (the verified `invitationToken`): the user joins that
   * tenant, holding no role until an admin gives one, instead of getting a tenant of their own.
   */
  joinTenantId?: string | undefined;
}

interface SignUpResult {
  shouldActivate: boolean;
  userId: string;
  tenantId: string;
  user: UserProfile;
  signedIn?: SignedIn;
}

/** Checks a new password against the vendor's password policy; the error names the rule. */
export function checkPasswordPolicy(
  password: string,
  policy: { passwordMinLength: number; passwordMaxLength: number },
): ContractError | null {
  if (password.length < policy.passwordMinLength)
    return contractError('PASSWORD_TOO_SHORT', { n: policy.passwordMinLength });
  if (password.length > policy.passwordMaxLength)
    return contractError('PASSWORD_TOO_LONG', { n: policy.passwordMaxLength });
  return null;
}

/**
 * Creates the account. Errors: 403 when sign-up is disabled, 400 for a password outside the
 * policy, 429 when the client's IP made `options.signUpsPerIp` sign-ups in the window (counted
 * just before the password is hashed, whatever the outcome after), 409 when the email is taken
 * (decided by the unique index, so two racing sign-ups cannot both win).
 */
export async function signUp(
  deps: { db: Database; hasher: PasswordHasher; auth: AuthService; options: { signUpsPerIp: number } },
  input: SignUpInput,
  client: ClientInfo,
): Promise<SignUpResult> {
  const { db, hasher, auth } = deps;
  const settings = await getVendorSettings(db);
  if (!settings.allowSignups) throw contractError('SIGN_UP_DISABLED');
  // A sign-up sets a password: not while the application has password sign-in off.
  await assertVendorAllows(db, 'EmailAndPassword');
  const policyError =
    checkPasswordPolicy(input.password, settings) ??
    (isBreachedPassword(input.password) ? contractError('PASSWORD_BREACHED') : null);
  if (policyError) throw policyError;

  const email = normalizeEmail(input.email);
  const name = input.name?.trim() || null;
  const localPart = email.split('@')[0] ?? email;
  const tenantName = input.companyName?.trim() || `${name ?? localPart}'s account`;
  await countSignUp(db, client.ip, deps.options.signUpsPerIp);
  const passwordHash = await hasher.hash(input.password);

  const { user, tenant } = await db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        vendorId: settings.id,
        email,
        name: name ?? localPart,
        phone: input.phoneNumber?.trim() || null,
        passwordHash,
        // The email address has not been proven yet; activation (a later flow) sets this.
        verified: false,
        metadata: input.metadata,
      });
      const tenant = input.joinTenantId
        ? { id: input.joinTenantId }
        : await createTenant(tx, { vendorId: settings.id, name: tenantName });
      await addMembership(tx, {
        userId: user.id,
        tenantId: tenant.id,
        roleKeys: input.joinTenantId ? [] : await creatorRoleKeys(tx),
      });
      await tx.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [user.id, tenant.id]);
      return { user: { ...user, active_tenant_id: tenant.id }, tenant };
    })
    .catch((error: unknown) => {
      if (error instanceof UserExistsError) throw contractError('USER_EXISTS');
      throw error;
    });

  await emitEvent({ db }, tenant.id, 'user.signedUp', { userId: user.id, email: user.email });
  const shouldActivate = settings.signUpRequiresActivation;
  const signedIn = shouldActivate ? undefined : await auth.startSession(user, client, tenant.id);
  const current = (await findUserById(db, user.id)) ?? user;
  const tenants = await listUserTenants(db, user.id);
  // A new user has no second factor yet.
  const profile = await loadUserProfile(db, current, tenants, tenant.id);
  return {
    shouldActivate,
    userId: user.id,
    tenantId: tenant.id,
    user: profile,
    ...(signedIn ? { signedIn } : {}),
  };
}
