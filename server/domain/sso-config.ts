/**
 * SSO connections configured by tenant administrators (issue 16; spec 001 §3 "SSO multi", §5 save
 * rules, §6 default roles and group mappings), on the client SDK's multi-SSO calls
 * (`/team/resources/sso/v1/configurations`, ISSOConfiguration). The storage is described in
 * storage/schema/sso.ts (migration 24): SAML connections (types saml, okta, azure, google) are rows
 * of `saml_configurations`, OIDC ones (type oidc) of `sso_configurations`, both `tenant_managed`,
 * so the sign-in code of domain/saml.ts and domain/sso.ts serves them unchanged. The use cases
 * are core/domain/sso-connections.ts (shared with demo mode); this module gives them what only the
 * server has (the platform's `sso`, server/platform.ts).
 *
 * Choices (docs/sso.md):
 * - A connection's id is its row id; its key (used in the sign-in addresses) is `t-{id}`.
 * - For OIDC, `ssoEndpoint` is the provider's issuer (discovery at `{issuer}/.well-known/openid-configuration`);
 *   the client secret is sealed (domain/secrets.ts) and never answered: `oidcSecret` is always
 *   `""`, and an empty `oidcSecret` in an update keeps the stored one.
 * - `acsUrl` and `spEntityId` are ours (the service provider's) and read-only; for OIDC `acsUrl` is
 *   the redirect URI to register at the provider (the kit's OIDC callback).
 * - `generatedVerification` is the value of the DNS TXT record that proves a domain (one per connection).
 * - Default roles are kept as role keys (the sign-in code's), answered as ids.
 */
import { Resolver } from 'node:dns/promises';
import type { Database } from '../storage/database';
import { ssoGroupMappingStore } from '../storage/sso-config';
import {
  ssoBackendAt,
  type OwnSsoServices,
  type ssoAddresses,
  type SsoBackend,
} from '../../core/domain/sso-connections';
import { readIdpMetadata } from './sso-metadata';
import type { SecretBox } from './secrets';

interface SsoConfigDeps {
  secrets: SecretBox;
  /** Where connections point (`ssoAddresses`): the app's origin, then the CORS origins'. */
  addresses: ReturnType<typeof ssoAddresses>;
  /** The DNS servers of the TXT lookup (`host` or `host:port`); empty: the system's. */
  dnsServers: string[];
  /** Whether the server has a SAML signing key (signRequest needs one). */
  canSignRequests: boolean;
  fetchText: (url: string) => Promise<string>;
}

/**
 * Whether the domain's TXT records (Node's resolver, the configured servers) hold `expected`:
 * no record or no such name is 'missing', any other failure 'failed'.
 */
async function verifyTxt(dnsServers: string[], domain: string, expected: string) {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (dnsServers.length) resolver.setServers(dnsServers);
  try {
    const records = await resolver.resolveTxt(domain);
    return records.some((chunks) => chunks.join('').trim() === expected) ? 'found' : 'missing';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENODATA' || code === 'ENOTFOUND' ? 'missing' : 'failed';
  }
}

/** What only the server does for real: DNS, fetching metadata (SSRF-guarded, 10 s, 1 MB), sealing secrets. */
function serverSsoServices(deps: SsoConfigDeps): OwnSsoServices {
  return {
    readMetadata: readIdpMetadata,
    async fetchMetadata(url) {
      try {
        return await deps.fetchText(url);
      } catch {
        return null;
      }
    },
    verifyTxt: (domain, expected) => verifyTxt(deps.dnsServers, domain, expected),
    sealSecret: (secret) => deps.secrets.seal(secret),
    canSignRequests: deps.canSignRequests,
  };
}

/** What the server's SSO connections have alone (core/domain/platform.ts `sso`): its services and addresses. */
export const serverSsoBackend = (deps: SsoConfigDeps): SsoBackend =>
  ssoBackendAt(deps.addresses, serverSsoServices(deps));

/**
 * The roles the identity provider's groups give, applied at every sign-in through the connection:
 * the roles of the mappings whose group the user was asserted in are added; the roles of the other
 * mappings are taken away, unless a matched mapping or the connection's default roles give them.
 */
export async function applyGroupMappings(
  db: Database,
  input: {
    userId: string;
    tenantId: string;
    connectionId: string;
    groups: readonly string[];
    defaultRoleKeys: readonly string[];
  },
): Promise<void> {
  const store = ssoGroupMappingStore(db);
  const mappings = await store.mappings(input.tenantId, input.connectionId);
  if (!mappings.length) return;
  const asserted = new Set(input.groups.map((g) => g.trim().toLowerCase()));
  const given = new Set(
    mappings.filter((m) => asserted.has(m.group_name.toLowerCase())).flatMap((m) => m.role_ids),
  );
  const managed = new Set(mappings.flatMap((m) => m.role_ids));
  for (const id of await store.roleIdsOfKeys(input.defaultRoleKeys, input.tenantId)) given.add(id);
  const taken = [...managed].filter((id) => !given.has(id));
  const membership = await store.membershipId(input.userId, input.tenantId);
  if (!membership) return;
  const mappedGiven = [...given].filter((id) => managed.has(id));
  if (taken.length) await store.takeRoles(membership, taken);
  if (mappedGiven.length) await store.giveRoles(membership, mappedGiven);
}
