/** The second-factor gate shared by every first-factor sign-in (password, passwordless, social, SSO). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { mfaGateOver } from '../../core/domain/mfa-assembly';
import type { MfaService } from '../domain/mfa';
import { keyOf } from '../domain/mfa-base';
import type { SignInMethod } from '../domain/sign-in-methods';
import { pickActiveTenant } from '../domain/tenants';
import { gateReader } from '../storage/mfa';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { listUserTenants } from '../storage/tenants';
import type { UserRow } from '../storage/users';

export const REMEMBER_DEVICE_COOKIE = 'ae_mfa_device';

/**
 * The user's tenant for a session, as `startSession` picks it: the preferred tenant when the user
 * is a member of it (an SSO connection's tenant), else the active one.
 */
export async function activeTenantOf(
  ctx: AppContext,
  user: UserRow,
  preferredTenantId?: string | null,
): Promise<string | null> {
  return (
    pickActiveTenant(await listUserTenants(ctx.db, user.id), preferredTenantId ?? user.activeTenantId)?.id ??
    null
  );
}

/**
 * The MFA gate of a first-factor sign-in: null when the user may sign in now (no second factor
 * and no enforced policy, or a remembered browser); otherwise the answer that asks for MFA.
 * `tenantId` is the tenant the sign-in opens (tenant SSO signs in to its connection's tenant): its
 * policy applies, and the mfaToken keeps it, so the session after the second factor opens there too.
 * Without it, the user's active tenant, as for password sign-in. `firstFactor` 'saml' lets a SAML
 * sign-in through an MFA policy of ForceExceptSAML. `method`, for a local first factor: the sign-in
 * method, refused when the account has it off (domain/sign-in-methods.ts; after the proof, so the
 * refusal tells nothing to someone without it).
 */
export function mfaGate(ctx: AppContext, mfa: MfaService, request: FastifyRequest, method?: SignInMethod) {
  const gate = mfaGateOver(sqlTables(ctx.db), SERVER_ROW_CLOCK, {
    keyOf,
    // One statement reads the second factors and the policy rows (core/domain/mfa-steps.ts decides).
    gate: gateReader(ctx.db),
    vendor: () => mfa.vendorSettings(),
    signInMethods: signInMethodRepository(ctx.db),
  });
  return async (user: UserRow, preferredTenantId?: string | null, firstFactor?: 'saml') => {
    const tenantId = await activeTenantOf(ctx, user, preferredTenantId);
    const remembered = request.cookies[REMEMBER_DEVICE_COOKIE];
    return gate(user, { tenantId, remembered, method, firstFactor });
  };
}
