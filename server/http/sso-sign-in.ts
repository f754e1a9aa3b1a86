/**
 * The end of every tenant SSO sign-in (OIDC in `sso.ts`, SAML in `saml.ts`), once the identity
 * provider's answer is checked: the person found, linked or created just in time in the
 * connection's tenant with its default roles, its identity provider's groups mapped to roles
 * (tenant-managed connections, at every sign-in), then the MFA gate of every first factor with that
 * tenant, then the session in it (refresh cookie).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { applyGroupMappings } from '../domain/sso-config';
import { federatedSignInOn, resolveFederatedUser } from '../../core/domain/federation';
import { serverPlatform } from '../platform';
import { serverVisit } from './visit';

interface SsoIdentity {
  /** `sso:{id}` (OIDC) or `saml:{id}`: the namespace of `subject`. */
  provider: string;
  subject: string;
  email: string;
  name: string | null;
  /** The identity provider's groups (mapped to roles on tenant-managed connections). */
  groups: string[];
}

export async function signInThroughConnection(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: SsoIdentity,
  connection: { id: string; tenant_id: string; default_role_keys: string[] },
) {
  const { groups, ...person } = identity;
  const platform = serverPlatform(ctx);
  const federated = await resolveFederatedUser(
    platform,
    { ...person, emailVerified: true },
    { kind: 'tenant', tenantId: connection.tenant_id, roleKeys: connection.default_role_keys },
  );
  // IdP groups mapped to roles, at every sign-in (not only the first).
  await applyGroupMappings(ctx.db, {
    userId: federated.user.id,
    tenantId: connection.tenant_id,
    connectionId: connection.id,
    groups,
    defaultRoleKeys: connection.default_role_keys,
  });
  // The MFA gate, else the session in the connection's tenant (core/domain/federation.ts, with demo mode).
  const firstFactor = identity.provider.startsWith('saml:') ? 'saml' : undefined;
  return federatedSignInOn(platform, serverVisit(ctx, request, reply)).sso(
    federated.user,
    connection.tenant_id,
    firstFactor,
  );
}
