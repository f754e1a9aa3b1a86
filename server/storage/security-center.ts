/**
 * The security centre's facts in SQL (the ports of core/domain/security-center.ts): what it counts
 * among an account's members, who has a breached password, whether the account signs in with SSO.
 */
import { INACTIVE_THRESHOLD_SECONDS } from '../../core/contract/securityCenter';
import type { MemberFacts, SecurityCentrePorts } from '../../core/domain/security-center';
import type { Database } from './database';

/** A second factor (passkeys are a first factor), as the users list counts it (team-users.ts). */
const HAS_SECOND_FACTOR = 'EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey)';

export function securityCentreFacts(db: Database): Pick<SecurityCentrePorts, 'members' | 'ssoConfigured'> {
  return {
    members: {
      async facts(tenantId): Promise<MemberFacts> {
        const { rows } = await db.query<MemberFacts>(
          `SELECT count(*)::int AS "totalUsers",
                  count(*) FILTER (WHERE ${HAS_SECOND_FACTOR})::int AS "mfaEnrolledUsers",
                  count(*) FILTER (WHERE u.breached_password_at IS NOT NULL)::int AS "breachedPasswordUsers",
                  count(*) FILTER (WHERE u.last_login < now() - make_interval(secs => $2))::int AS "inactiveUsers",
                  count(*) FILTER (WHERE u.last_login IS NULL)::int AS "neverSignedInUsers"
             FROM memberships m JOIN users u ON u.id = m.user_id
            WHERE m.tenant_id = $1`,
          [tenantId, INACTIVE_THRESHOLD_SECONDS],
        );
        return rows[0]!;
      },
      async breached(tenantId) {
        const { rows } = await db.query<{ id: string; email: string }>(
          `SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
            WHERE m.tenant_id = $1 AND u.breached_password_at IS NOT NULL
            ORDER BY u.id`,
          [tenantId],
        );
        return rows;
      },
    },
    async ssoConfigured(tenantId) {
      const { rows } = await db.query<{ sso: boolean }>(
        `SELECT (EXISTS (SELECT 1 FROM sso_configurations WHERE tenant_id = $1 AND active)
                 OR EXISTS (SELECT 1 FROM saml_configurations WHERE tenant_id = $1 AND active)) AS sso`,
        [tenantId],
      );
      return rows[0]!.sso;
    },
  };
}
