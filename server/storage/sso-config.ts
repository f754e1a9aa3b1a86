/**
 * The SSO statements sign-in reads (federation: server-only): pre-login's route for an email
 * domain and the group mappings applied at each SSO sign-in. Tenant-managed
 * connections are written by the repository of core/domain/sso-repository.ts (over
 * storage/tables.ts); their tables are described in storage/schema/sso.ts (migration 24).
 */
import type { Database } from './database';

type SsoProtocol = 'saml' | 'oidc';

/** Pre-login's route for an email domain the vendor configured itself (sso_domains); null when there is none. */
export async function vendorSsoDomain(
  db: Database,
  domain: string,
): Promise<{ address: string; idp_type: string } | null> {
  const { rows } = await db.query<{ address: string; idp_type: string }>(
    'SELECT address, idp_type FROM sso_domains WHERE domain = $1',
    [domain],
  );
  return rows[0] ?? null;
}

/**
 * Pre-login's route for an email domain through a tenant-managed connection: a validated domain
 * of an enabled connection with its identity provider's details. Null when there is none.
 */
export async function tenantSsoRoute(
  db: Database,
  domain: string,
): Promise<{ protocol: SsoProtocol; key: string } | null> {
  const { rows } = await db.query<{ protocol: SsoProtocol; key: string }>(
    `SELECT 'saml' AS protocol, c.key FROM sso_connection_domains d JOIN saml_configurations c ON c.id = d.saml_configuration_id
      WHERE d.domain = $1 AND d.validated AND c.active AND c.entry_point <> '' AND cardinality(c.idp_certificates) > 0
     UNION ALL
     SELECT 'oidc' AS protocol, c.key FROM sso_connection_domains d JOIN sso_configurations c ON c.id = d.sso_configuration_id
      WHERE d.domain = $1 AND d.validated AND c.active AND c.issuer <> '' AND c.client_id <> ''
     LIMIT 1`,
    [domain],
  );
  return rows[0] ?? null;
}

/** What applying group mappings at sign-in reads and writes (server/domain/sso-config.ts). */
export function ssoGroupMappingStore(db: Database) {
  return {
    async mappings(tenantId: string, connectionId: string) {
      const { rows } = await db.query<{ group_name: string; role_ids: string[] }>(
        `SELECT group_name, role_ids::text[] AS role_ids FROM sso_group_mappings
          WHERE tenant_id = $1 AND (saml_configuration_id = $2 OR sso_configuration_id = $2)`,
        [tenantId, connectionId],
      );
      return rows;
    },
    async roleIdsOfKeys(keys: readonly string[], tenantId: string): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT r.id FROM roles r WHERE r.key = ANY($1::text[]) AND (r.tenant_id IS NULL OR r.tenant_id = $2)`,
        [keys, tenantId],
      );
      return rows.map((r) => r.id);
    },
    async membershipId(userId: string, tenantId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM memberships WHERE user_id = $1 AND tenant_id = $2',
        [userId, tenantId],
      );
      return rows[0]?.id;
    },
    async takeRoles(membershipId: string, roleIds: string[]): Promise<void> {
      await db.query('DELETE FROM membership_roles WHERE membership_id = $1 AND role_id = ANY($2::uuid[])', [
        membershipId,
        roleIds,
      ]);
    },
    async giveRoles(membershipId: string, roleIds: string[]): Promise<void> {
      await db.query(
        `INSERT INTO membership_roles (membership_id, role_id)
         SELECT $1, r.id FROM roles r WHERE r.id = ANY($2::uuid[]) ON CONFLICT DO NOTHING`,
        [membershipId, roleIds],
      );
    },
  };
}
