/**
 * MFA's storage on PostgreSQL: the store of core/domain/mfa-store.ts over `sqlTables` (the
 * repositories, the counters in `attempt_counters`), and what stays SQL of its own: the gate's read
 * of a sign-in (the user's second factors and the policy rows in one statement: a sign-in's hot
 * path) and the vendor's MFA switches. Keys are the SHA-256 the service computes; nothing here sees
 * a secret.
 */
import type { MfaGateReader, MfaPorts, MfaPolicy, StoredMfaPolicies } from '../../core/domain/mfa-ports';
import { enforceMfaTypeOf } from '../../core/domain/mfa-gate';
import { deviceOf, mfaStorePorts, type MfaDeviceRow } from '../../core/domain/mfa-store';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

type GateRow = Omit<MfaDeviceRow, 'id' | 'createdAt' | 'lastUsedAt' | 'seq'> & {
  id: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  policy_enforce: boolean | null;
  policy_except_saml: boolean | null;
  policy_allow_remember: boolean | null;
  policy_expiration: number | null;
  vendor_enforce: MfaPolicy['enforceMFAType'] | null;
};

/**
 * One statement for the gate: a row per second factor of the user (or one row without a device),
 * each carrying the account's MFA policy row and the vendor's enforcement (null when not saved).
 */
const GATE_SQL = `SELECT d.id, d.user_id AS "userId", d.kind, d.name, d.secret_enc AS "secretEnc",
         d.last_time_step AS "lastTimeStep", d.phone, d.email, d.credential_id AS "credentialId",
         d.public_key AS "publicKey", d.sign_count AS "signCount", d.transports, d.device_type AS "deviceType",
         d.passkey, d.created_at AS "createdAt", d.last_used_at AS "lastUsedAt",
         t.enforce AS policy_enforce, t.except_saml AS policy_except_saml, t.allow_remember_device AS policy_allow_remember,
         t.device_expiration_seconds AS policy_expiration,
         v.settings->>'enforceMFAType' AS vendor_enforce
    FROM (SELECT 1) one
    LEFT JOIN tenant_mfa_policies t ON t.tenant_id = $2::uuid
    LEFT JOIN security_policies v ON v.kind = 'mfa' AND v.tenant_id IS NULL
    LEFT JOIN mfa_devices d ON d.user_id = $1::uuid AND NOT d.passkey
   ORDER BY d.created_at, d.seq`;

function policiesOf(row: GateRow): StoredMfaPolicies {
  return {
    account:
      row.policy_enforce === null
        ? null
        : {
            enforceMFAType: enforceMfaTypeOf(row.policy_enforce, row.policy_except_saml!),
            allowRememberDevice: row.policy_allow_remember!,
            deviceExpirationSeconds: row.policy_expiration!,
          },
    vendorEnforceMFAType: row.vendor_enforce,
  };
}

/** A device of the gate's rows, as the repository reads it (timestamps as ISO strings). */
const gateDevice = (row: GateRow) =>
  deviceOf({
    ...row,
    id: row.id!,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

export function gateReader(db: Pick<Database, 'query'>): MfaGateReader {
  return {
    async gateFacts(userId, tenantId) {
      const { rows } = await db.query<GateRow>(GATE_SQL, [userId, tenantId]);
      return {
        ...policiesOf(rows[0]!),
        secondFactors: rows.filter((row) => row.id).map(gateDevice),
      };
    },
  };
}

/** The vendor's MFA switches: the strategies users may enrol, and whether passkeys sign in. */
export async function vendorMfaSettings(
  db: Pick<Database, 'query'>,
): Promise<{ strategies: string[]; passkeysEnabled: boolean }> {
  const { rows } = await db.query<{ mfa_strategies: string[]; passkeys_enabled: boolean }>(
    'SELECT mfa_strategies, passkeys_enabled FROM vendors ORDER BY created_at, id LIMIT 1',
  );
  return { strategies: rows[0]?.mfa_strategies ?? [], passkeysEnabled: rows[0]?.passkeys_enabled === true };
}

/**
 * MFA's store (core/domain/mfa-store.ts, demo mode's too) over one database or transaction, with
 * the gate's statement; `keyOf` is the service's (a SHA-256), ids are `randomUUID`'s and timestamps
 * this process's clock.
 */
export const mfaStore = (db: Database, keyOf: MfaPorts['keyOf']) =>
  mfaStorePorts(sqlTables(db), SERVER_ROW_CLOCK, { keyOf, gate: gateReader(db) });
