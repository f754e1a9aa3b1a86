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
import { federatedSignInOn } from '../../core/domain/federation';
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
  const { id: connectionId, tenant_id: tenantId, default_role_keys: defaultRoleKeys } = connection;
  // The person, the MFA gate, else the session in the connection's tenant (core/domain/federation.ts,
  // with demo mode); IdP groups mapped to roles at every sign-in (not only the first).
  return federatedSignInOn(serverPlatform(ctx), serverVisit(ctx, request, reply)).sso(
    person,
    { tenantId, roleKeys: defaultRoleKeys },
    (userId) => applyGroupMappings(ctx.db, { userId, tenantId, connectionId, groups, defaultRoleKeys }),
  );
}
