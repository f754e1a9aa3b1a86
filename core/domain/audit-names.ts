/**
 * What an id names in an audit record (core/domain/audit.ts `auditNames`), read from the declared
 * tables: the server's audit hook (server/http/audit-hook.ts) and demo mode's dispatcher
 * (core/demo/dispatch.ts) both, one statement per name (a connection: its SAML row, else its OIDC one).
 */
import type { AuditNameKind } from './audit';
import { WEBHOOKS } from './connectivity-tables';
import { API_TOKENS, GROUPS } from './group-token-tables';
import { PERMISSIONS, ROLES } from './role-tables';
import { EMAIL_DOMAINS, IP_RESTRICTIONS } from './security-policy-tables';
import { OIDC_CONNECTIONS, SAML_CONNECTIONS, SSO_DOMAINS, SSO_GROUP_MAPPINGS } from './sso-repository';
import type { Tables, TableSpec, Where } from './tables';
import { TENANTS } from './tenant-tables';
import { USERS } from './user-tables';

type Name = string | null | undefined;
type Reader = (tables: Tables, id: string) => Promise<Name>;

/** The name `name` gives the row of `spec` with this id. */
const named =
  <R extends { id: string }>(spec: TableSpec<R>, name: (row: R) => Name): Reader =>
  async (tables, id) => {
    const row = await tables.of(spec).row({ id } as Where<R>);
    return row ? name(row) : undefined;
  };

/** A connection has no name of its own: its domains say which one it is. */
const domainsOf = (row: { domains: string[] }) => row.domains.join(', ') || null;

const NAMES: Readonly<Record<AuditNameKind, Reader>> = {
  role: named(ROLES, (r) => r.name),
  group: named(GROUPS, (g) => g.name),
  token: named(API_TOKENS, (t) => t.description || 'untitled'),
  ssoConnection: async (tables, id) =>
    (await named(SAML_CONNECTIONS, domainsOf)(tables, id)) ??
    (await named(OIDC_CONNECTIONS, domainsOf)(tables, id)),
  webhook: named(WEBHOOKS, (w) => w.displayName),
  ipRestriction: named(IP_RESTRICTIONS, (r) => r.ip),
  emailDomain: named(EMAIL_DOMAINS, (d) => d.domain),
  user: named(USERS, (u) => u.email),
  permission: named(PERMISSIONS, (p) => p.key),
  tenant: named(TENANTS, (t) => t.name),
  ssoDomain: named(SSO_DOMAINS, (d) => d.domain),
  ssoGroupMapping: named(SSO_GROUP_MAPPINGS, (m) => m.groupName),
};

/** What an id of `kind` names, read over `tables` (undefined: no such row). */
export const auditNameOf = (tables: Tables) => (kind: AuditNameKind, id: string) => NAMES[kind](tables, id);
