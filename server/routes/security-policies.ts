/**
 * The security page's policies (issue 15; spec 001 §2 "Security page tabs: sessionManagement,
 * generalSettings", §3 policies, §5 "Policy save: PATCH if the object has an id, else POST"), on
 * the client SDK's paths:
 * - GET /identity/resources/configurations/v1: the vendor's global security policy (ISecurityPolicy).
 * - /identity/resources/configurations/v1/{mfa-policy,lockout-policy,password-history-policy}:
 *   GET (the active account's policy: its own, else the vendor's), GET /vendor (the vendor's
 *   default), POST and PATCH (save the account's own; both upsert, the body's id is not trusted to
 *   choose a row: the caller's active account does).
 * - GET and POST /identity/resources/configurations/sessions/v1: the session policy (idle timeout,
 *   forced re-login, concurrent sessions); POST merges the parts it is given.
 * - /identity/resources/configurations/v1/restrictions/ip: the IP allow and block lists (GET paged,
 *   POST, POST /bulk, DELETE /{id}), their config (GET, POST /config), and POST /verify and
 *   /verify/allow for the caller's own address.
 * - /identity/resources/configurations/restrictions/v1/email-domain: who may join the account by
 *   email domain (GET, POST, DELETE /{id}, GET and POST /config).
 * - POST /identity/resources/users/v1/{userId}/unlock: an administrator unlocks a member locked by
 *   the lockout policy (not in the client SDK; the users page's row action).
 * Reading needs fe.secure.read.securityPolicy, saving fe.secure.write.securityPolicy. The rules
 * are core/domain/security-policies.ts (demo mode runs them too); where the server enforces each
 * policy: domain/security-policies.ts, domain/ip-restrictions.ts, domain/email-domain-restrictions.ts.
 */
import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EnforceMfaType, IpStrategy } from '../../core/api/securityPolicies';
import {
  addDomainRestriction,
  addIpRestrictions,
  domainConfig,
  ipAllowed,
  ipConfig,
  ipListed,
  listDomainRestrictions,
  listIpRestrictions,
  policyInForce,
  removeDomainRestriction,
  removeIpRestriction,
  saveDomainConfig,
  saveIpConfig,
  savePolicy,
  sessionPolicy,
  vendorPolicy,
  type DomainListType,
  type LockoutSettings,
  type PasswordHistorySettings,
  type PolicyKind,
  type SessionSettings,
} from '../../core/domain/security-policies';
import type { AppContext } from '../context';
import { assertMayActOn } from '../domain/grants';
import { securityPolicyPorts, unlockUser } from '../domain/security-policies';
import { getVendorSettings } from '../domain/vendor';
import { contractError } from '../../core/contract/errors';
import { strictObject } from '../http/schemas';
import { accountOf, callerOf } from '../http/route-table';

const BASE = '/identity/resources/configurations/v1';
const SESSIONS = '/identity/resources/configurations/sessions/v1';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

// Bodies and queries: core/contract/requests-security.ts (the demo backend's too).

export async function securityPolicyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The caller's active account, after checking they may read (or write) its policies. */
  /** The rules' ports (core/domain/security-policies.ts) over the server's database. */
  const ports = () => securityPolicyPorts(ctx.db);

  app.get(BASE, async () => {
    const [vendor, mfa] = await Promise.all([getVendorSettings(ctx.db), vendorPolicy(ports(), 'mfa')]);
    const jwks = await ctx.tokens.jwks();
    const signing = jwks.keys[0];
    return {
      id: vendor.id,
      enforceMFAType: mfa.enforceMFAType,
      createdAt: mfa.createdAt,
      updatedAt: mfa.updatedAt,
      // Passwords follow the vendor's policy everywhere: accounts cannot override it here.
      allowOverrideEnforcePasswordHistory: true,
      allowOverridePasswordComplexity: false,
      allowOverridePasswordExpiration: false,
      allowSignups: vendor.allowSignups,
      apiTokensEnabled: vendor.apiTokensEnabled,
      cookieSameSite: ctx.options.cookieSameSite.toUpperCase(),
      defaultRefreshTokenExpiration: ctx.options.refreshTokenTtlSeconds,
      defaultTokenExpiration: ctx.options.accessTokenTtlSeconds,
      // The current signing key, as PEM: what a host backend verifies access tokens with.
      publicKey: signing
        ? createPublicKey({ key: { ...signing }, format: 'jwk' })
            .export({ type: 'spki', format: 'pem' })
            .toString()
        : '',
    };
  });

  // ------------------------------------------------------------------------------ MFA policy
  app.get(`${BASE}/mfa-policy`, async (request) => policyInForce(ports(), 'mfa', accountOf(request)));
  app.get(`${BASE}/mfa-policy/vendor`, async () => {
    return vendorPolicy(ports(), 'mfa');
  });
  for (const method of ['POST', 'PATCH'] as const) {
    app.route<{ Body: { enforceMFAType: EnforceMfaType } }>({
      method,
      url: `${BASE}/mfa-policy`,
      handler: async (request) =>
        savePolicy(ports(), 'mfa', accountOf(request), {
          enforceMFAType: request.body.enforceMFAType,
        }),
    });
  }

  // ------------------------------------------------------- lockout and password-history policies
  const policies: Array<{ kind: PolicyKind; path: string }> = [
    { kind: 'lockout', path: 'lockout-policy' },
    { kind: 'password-history', path: 'password-history-policy' },
  ];
  for (const { kind, path } of policies) {
    app.get(`${BASE}/${path}`, async (request) => policyInForce(ports(), kind, accountOf(request)));
    app.get(`${BASE}/${path}/vendor`, async () => {
      return vendorPolicy(ports(), kind);
    });
    for (const method of ['POST', 'PATCH'] as const) {
      app.route<{ Body: (LockoutSettings | PasswordHistorySettings) & { id?: string } }>({
        method,
        url: `${BASE}/${path}`,
        handler: async (request) => {
          const tenantId = accountOf(request);
          // The account is the caller's active one whatever id the body echoes (spec 001 §5).
          const { enabled, maxAttempts, historySize } = request.body as Partial<
            LockoutSettings & PasswordHistorySettings
          >;
          return savePolicy(
            ports(),
            kind,
            tenantId,
            kind === 'lockout' ? { enabled, maxAttempts } : { enabled, historySize },
          );
        },
      });
    }
  }

  // ---------------------------------------------------------------------------- session policy
  app.get(SESSIONS, async (request) => {
    // ISessionConfigurations: the three parts only, no id or times.
    return sessionPolicy(ports(), accountOf(request));
  });
  app.post<{ Body: Partial<SessionSettings> }>(SESSIONS, async (request, reply) => {
    await savePolicy(ports(), 'sessions', accountOf(request), request.body);
    return reply.code(201).send({});
  });

  // ------------------------------------------------------------------------------------ unlock
  app.post<{ Params: { userId: string } }>(
    '/identity/resources/users/v1/:userId/unlock',
    {
      schema: {
        params: strictObject({ userId: { type: 'string', pattern: UUID } }, ['userId']),
      },
    },
    async (request) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      const { userId } = request.params;
      const member = await ctx.db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
        tenantId,
        userId,
      ]);
      if (member.rows.length === 0) throw contractError('MEMBER_NOT_FOUND');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'sessions');
      return { unlocked: await unlockUser(ctx.db, userId) };
    },
  );

  // ---------------------------------------------------------------------------- IP restrictions
  const IP = `${BASE}/restrictions/ip`;
  type Entry = { ip: string; strategy?: IpStrategy; isActive?: boolean; description?: string | null };

  app.get<{ Querystring: { _offset?: string; _limit?: string; _filter?: string } }>(IP, async (request) =>
    listIpRestrictions(ports(), accountOf(request), request.query),
  );
  app.get(`${IP}/config`, async (request) => ipConfig(ports(), accountOf(request)));
  app.post<{ Body: { isActive: boolean; strategy?: IpStrategy } }>(`${IP}/config`, async (request) =>
    saveIpConfig(ports(), accountOf(request), request.body),
  );
  app.post<{ Body: Entry }>(IP, async (request, reply) => {
    await addIpRestrictions(ports(), accountOf(request), [request.body]);
    return reply.code(201).send({});
  });
  app.post<{ Body: { ips: Entry[] } }>(`${IP}/bulk`, async (request, reply) => {
    await addIpRestrictions(ports(), accountOf(request), request.body.ips);
    return reply.code(201).send({});
  });
  app.delete<{ Params: { id: string } }>(
    `${IP}/:id`,
    { schema: { params: strictObject({ id: { type: 'string', pattern: UUID } }, ['id']) } },
    async (request) => {
      await removeIpRestriction(ports(), accountOf(request), request.params.id);
      return {};
    },
  );
  // Whether the caller's own address may reach the account under the config in force (the page
  // checks after each change, spec 001 §4), and whether it is on the allow list.
  app.post(`${IP}/verify`, async (request) => ({
    valid: await ipAllowed(ports(), accountOf(request), request.ip),
  }));
  app.post(`${IP}/verify/allow`, async (request) => ({
    valid: await ipListed(ports(), accountOf(request), request.ip, 'ALLOW'),
  }));

  // --------------------------------------------------------------------- email-domain restrictions
  const DOMAINS = '/identity/resources/configurations/restrictions/v1/email-domain';
  app.get(DOMAINS, async (request) => ({
    items: await listDomainRestrictions(ports(), accountOf(request)),
  }));
  app.get(`${DOMAINS}/config`, async (request) => domainConfig(ports(), accountOf(request)));
  app.post<{ Body: { active: boolean; blockPublicDomains?: boolean; type?: DomainListType } }>(
    `${DOMAINS}/config`,
    async (request) => saveDomainConfig(ports(), accountOf(request), request.body),
  );
  app.post<{ Body: { domain: string; type: DomainListType } }>(DOMAINS, async (request, reply) =>
    reply.code(201).send(await addDomainRestriction(ports(), accountOf(request), request.body)),
  );
  app.delete<{ Params: { id: string } }>(
    `${DOMAINS}/:id`,
    { schema: { params: strictObject({ id: { type: 'string', pattern: UUID } }, ['id']) } },
    async (request) => {
      await removeDomainRestriction(ports(), accountOf(request), request.params.id);
      return {};
    },
  );
}
