/**
 * Tenant-managed SSO connections in SQL (issue 16; tables described in storage/schema/sso.ts,
 * migration 24): SAML connections (types saml, okta, azure, google) are rows of
 * `saml_configurations`, OIDC ones of `sso_configurations`, both `tenant_managed`, with their
 * domains (`sso_connection_domains`) and group mappings (`sso_group_mappings`). The rules are in
 * core/domain/sso-connections.ts (the port: storage/sso-connections.ts); this module only reads and writes.
 */
import type { Database } from './database';

export type SsoProtocol = 'saml' | 'oidc';

/** A connection's row, both tables in one shape. */
export interface SsoConnectionRow {
  protocol: SsoProtocol;
  id: string;
  key: string;
  tenant_id: string;
  active: boolean;
  provider_type: string;
  verification: string | null;
  endpoint: string;
  idp_issuer: string | null;
  certificates: string[];
  sign_requests: boolean;
  client_id: string;
  has_secret: boolean;
  metadata_url: string | null;
  default_role_keys: string[];
  created_at: Date;
  updated_at: Date;
}
interface SsoDomainRow {
  id: string;
  domain: string;
  validated: boolean;
}
interface SsoGroupRow {
  id: string;
  group: string;
  roleIds: string[];
}

/** What a connection answers besides its row. */
export interface SsoConnectionDetails {
  domains: SsoDomainRow[];
  groups: SsoGroupRow[];
  roleIds: string[];
}

const SELECT_SAML = `SELECT 'saml' AS protocol, id, key, tenant_id, active, provider_type, verification, entry_point AS endpoint,
  idp_issuer, idp_certificates AS certificates, sign_requests, '' AS client_id, false AS has_secret, metadata_url,
  default_role_keys, created_at, updated_at FROM saml_configurations WHERE tenant_managed`;
const SELECT_OIDC = `SELECT 'oidc' AS protocol, id, key, tenant_id, active, 'oidc' AS provider_type, verification, issuer AS endpoint,
  NULL AS idp_issuer, '{}'::text[] AS certificates, false AS sign_requests, client_id, client_secret_encrypted IS NOT NULL AS has_secret,
  NULL AS metadata_url, default_role_keys, created_at, updated_at FROM sso_configurations WHERE tenant_managed`;
const CONNECTIONS = `SELECT * FROM (${SELECT_SAML} UNION ALL ${SELECT_OIDC}) c`;
const GROUP_COLUMNS = `id, group_name AS "group", role_ids::text[] AS "roleIds"`;

/** What names a connection's table and rows. */
type ConnectionRef = Pick<SsoConnectionRow, 'protocol' | 'id'>;

const tableOf = (p: SsoProtocol) => (p === 'saml' ? 'saml_configurations' : 'sso_configurations');
const fkOf = (p: SsoProtocol) => (p === 'saml' ? 'saml_configuration_id' : 'sso_configuration_id');

/** The statements of the SSO connections (one per question the domain asks). */
export function ssoConnectionStore(db: Database) {
  return { ...ssoConnectionStatements(db), ...ssoDomainAndGroupStatements(db) };
}

function ssoConnectionStatements(db: Database) {
  return {
    /** The tenant's connections, oldest first. */
    async list(tenantId: string): Promise<SsoConnectionRow[]> {
      const { rows } = await db.query<SsoConnectionRow>(
        `${CONNECTIONS} WHERE tenant_id = $1 ORDER BY created_at, id`,
        [tenantId],
      );
      return rows;
    },
    /** The same list with each connection's domains, group mappings and default roles' ids: one statement. */
    async listDetailed(tenantId: string): Promise<Array<SsoConnectionRow & SsoConnectionDetails>> {
      const { rows } = await db.query<SsoConnectionRow & SsoConnectionDetails>(
        `SELECT c.*,
           COALESCE((SELECT json_agg(json_build_object('id', d.id, 'domain', d.domain, 'validated', d.validated)
               ORDER BY d.created_at, d.id) FROM sso_connection_domains d
             WHERE CASE WHEN c.protocol = 'saml' THEN d.saml_configuration_id ELSE d.sso_configuration_id END = c.id),
             '[]'::json) AS domains,
           COALESCE((SELECT json_agg(json_build_object('id', g.id, 'group', g.group_name, 'roleIds', g.role_ids::text[])
               ORDER BY g.created_at, g.id) FROM sso_group_mappings g
             WHERE g.tenant_id = c.tenant_id AND (g.saml_configuration_id = c.id OR g.sso_configuration_id = c.id)),
             '[]'::json) AS groups,
           ARRAY(SELECT r.id::text FROM roles r JOIN tenants t ON t.id = c.tenant_id
             WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = c.tenant_id)
               AND r.key = ANY(c.default_role_keys) ORDER BY r.name, r.id) AS "roleIds"
         FROM (${SELECT_SAML} UNION ALL ${SELECT_OIDC}) c WHERE c.tenant_id = $1 ORDER BY c.created_at, c.id`,
        [tenantId],
      );
      return rows;
    },
    async find(tenantId: string, id: string): Promise<SsoConnectionRow | undefined> {
      const { rows } = await db.query<SsoConnectionRow>(`${CONNECTIONS} WHERE tenant_id = $1 AND id = $2`, [
        tenantId,
        id,
      ]);
      return rows[0];
    },
    async domains(row: Pick<SsoConnectionRow, 'protocol' | 'id'>): Promise<SsoDomainRow[]> {
      const { rows } = await db.query<SsoDomainRow>(
        `SELECT id, domain, validated FROM sso_connection_domains WHERE ${fkOf(row.protocol)} = $1 ORDER BY created_at, id`,
        [row.id],
      );
      return rows;
    },
    /** The roles (of the tenant's vendor, global or the tenant's own) among these ids. */
    async rolesOfIds(tenantId: string, ids: readonly string[]): Promise<Array<{ id: string; key: string }>> {
      const { rows } = await db.query<{ id: string; key: string }>(
        `SELECT r.id, r.key FROM roles r JOIN tenants t ON t.id = $1
          WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1) AND r.id = ANY($2::uuid[])`,
        [tenantId, ids],
      );
      return rows;
    },
    async roleIdsOfKeys(tenantId: string, keys: readonly string[]): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT r.id FROM roles r JOIN tenants t ON t.id = $1
          WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1) AND r.key = ANY($2::text[])
          ORDER BY r.name, r.id`,
        [tenantId, keys],
      );
      return rows.map((r) => r.id);
    },
    /** A new SAML connection (disabled, keyed `t-{id}`); its id. */
    async insertSaml(
      tenantId: string,
      fields: { type: string; verification: string; roleKeys: string[]; callbacks: string[] },
    ): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO saml_configurations (key, tenant_id, entry_point, idp_certificates, callback_urls, domains, default_role_keys,
           sign_requests, active, tenant_managed, provider_type, verification)
         SELECT 't-' || g.id, $1, '', '{}', $2, '{}', $3, false, false, true, $4, $5 FROM (SELECT gen_random_uuid() AS id) g
         RETURNING id`,
        [tenantId, fields.callbacks, fields.roleKeys, fields.type, fields.verification],
      );
      const id = rows[0]!.id;
      await db.query(`UPDATE saml_configurations SET key = 't-' || id::text WHERE id = $1`, [id]);
      return id;
    },
    /** A new OIDC connection (disabled, keyed `t-{id}`); its id. */
    async insertOidc(
      tenantId: string,
      fields: { verification: string; roleKeys: string[]; redirects: string[] },
    ): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO sso_configurations (key, tenant_id, protocol, issuer, client_id, redirect_uris, domains, default_role_keys,
           active, tenant_managed, verification)
         SELECT 't-' || g.id, $1, 'oidc', '', '', $2, '{}', $3, false, true, $4 FROM (SELECT gen_random_uuid() AS id) g
         RETURNING id`,
        [tenantId, fields.redirects, fields.roleKeys, fields.verification],
      );
      const id = rows[0]!.id;
      await db.query(`UPDATE sso_configurations SET key = 't-' || id::text WHERE id = $1`, [id]);
      return id;
    },
    /** Sets columns of a connection (names from the domain's fixed list, never from input). */
    async update(
      tenantId: string,
      id: string,
      protocol: SsoProtocol,
      sets: Array<[column: string, value: unknown]>,
    ): Promise<void> {
      if (!sets.length) return;
      await db.query(
        `UPDATE ${tableOf(protocol)} SET ${sets.map(([column], i) => `${column} = $${i + 3}`).join(', ')}, updated_at = now()
          WHERE id = $1 AND tenant_id = $2`,
        [id, tenantId, ...sets.map(([, value]) => value)],
      );
    },
    async remove(tenantId: string, id: string, protocol: SsoProtocol): Promise<void> {
      await db.query(`DELETE FROM ${tableOf(protocol)} WHERE id = $1 AND tenant_id = $2`, [id, tenantId]);
    },
  };
}

/** The statements of a connection's domains and group mappings. */
function ssoDomainAndGroupStatements(db: Database) {
  return {
    /** The domain added, or undefined when the connection has it already. */
    async insertDomain(tenantId: string, row: ConnectionRef, domain: string) {
      const { rows } = await db.query<SsoDomainRow>(
        `INSERT INTO sso_connection_domains (tenant_id, ${fkOf(row.protocol)}, domain) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING id, domain, validated`,
        [tenantId, row.id, domain],
      );
      return rows[0];
    },
    async findDomain(row: ConnectionRef, domainId: string): Promise<SsoDomainRow | undefined> {
      const { rows } = await db.query<SsoDomainRow>(
        `SELECT id, domain, validated FROM sso_connection_domains WHERE id = $1 AND ${fkOf(row.protocol)} = $2`,
        [domainId, row.id],
      );
      return rows[0];
    },
    async removeDomain(domainId: string): Promise<void> {
      await db.query('DELETE FROM sso_connection_domains WHERE id = $1', [domainId]);
    },
    /** Whether the vendor routes this domain itself (sso_domains). */
    async vendorRoutes(domain: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM sso_domains WHERE domain = $1', [domain])).rows.length > 0;
    },
    /** Marks the domain validated; false when another connection owns it validated already. */
    async markValidated(domainId: string): Promise<boolean> {
      try {
        await db.query(
          'UPDATE sso_connection_domains SET validated = true, validated_at = now() WHERE id = $1',
          [domainId],
        );
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },
    /** The connection's `domains` (read by the sign-in checks) = its validated domains. */
    async mirrorDomains(row: ConnectionRef): Promise<void> {
      await db.query(
        `UPDATE ${tableOf(row.protocol)} SET domains = ARRAY(SELECT domain FROM sso_connection_domains
           WHERE ${fkOf(row.protocol)} = $1 AND validated ORDER BY domain), updated_at = now() WHERE id = $1`,
        [row.id],
      );
    },
    async groups(tenantId: string, id: string): Promise<SsoGroupRow[]> {
      const { rows } = await db.query<SsoGroupRow>(
        `SELECT ${GROUP_COLUMNS} FROM sso_group_mappings
          WHERE tenant_id = $1 AND (saml_configuration_id = $2 OR sso_configuration_id = $2) ORDER BY created_at, id`,
        [tenantId, id],
      );
      return rows;
    },
    async insertGroup(tenantId: string, row: ConnectionRef, group: string, roleIds: string[]) {
      const { rows } = await db.query<SsoGroupRow>(
        `INSERT INTO sso_group_mappings (tenant_id, ${fkOf(row.protocol)}, group_name, role_ids) VALUES ($1, $2, $3, $4::uuid[])
         RETURNING ${GROUP_COLUMNS}`,
        [tenantId, row.id, group, roleIds],
      );
      return rows[0]!;
    },
    async updateGroup(groupId: string, group: string, roleIds: string[]) {
      const { rows } = await db.query<SsoGroupRow>(
        `UPDATE sso_group_mappings SET group_name = $2, role_ids = $3::uuid[] WHERE id = $1 RETURNING ${GROUP_COLUMNS}`,
        [groupId, group, roleIds],
      );
      return rows[0]!;
    },
    async removeGroup(groupId: string): Promise<void> {
      await db.query('DELETE FROM sso_group_mappings WHERE id = $1', [groupId]);
    },
  };
}

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

/** The vendor an account belongs to ('' for none). */
export async function tenantVendorId(db: Database, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants WHERE id = $1', [
    tenantId,
  ]);
  return rows[0]?.vendor_id ?? '';
}
