/**
 * The OIDC connections of the server's configuration (`sso_configurations`, `sso_domains`) and
 * their sign-ins in progress (`sso_login_states`: the state hashed, the PKCE verifier sealed). The
 * relying party's rules are in domain/sso.ts.
 */
import type { Database } from './database';

/** A connection as the relying party reads it. */
export interface OidcConnectionRow {
  id: string;
  key: string;
  tenant_id: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string | null;
  scopes: string;
  redirect_uris: string[];
  domains: string[];
  default_role_keys: string[];
}

const COLUMNS =
  'id, key, tenant_id, issuer, client_id, client_secret_encrypted, scopes, redirect_uris, domains, default_role_keys';

/**
 * Writes a configured connection (by key) and points its email domains at it (`address`: where
 * pre-login sends them); domains it no longer has are let go.
 */
export async function writeConfiguredConnection(
  db: Database,
  row: Omit<OidcConnectionRow, 'id'> & { protocol: 'oidc' },
  address: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO sso_configurations (key, tenant_id, protocol, issuer, client_id, client_secret_encrypted, scopes, redirect_uris, domains, default_role_keys)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (key) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
         client_secret_encrypted = EXCLUDED.client_secret_encrypted, scopes = EXCLUDED.scopes, redirect_uris = EXCLUDED.redirect_uris,
         domains = EXCLUDED.domains, default_role_keys = EXCLUDED.default_role_keys, updated_at = now()
       RETURNING id`,
      [
        row.key,
        row.tenant_id,
        row.protocol,
        row.issuer,
        row.client_id,
        row.client_secret_encrypted,
        row.scopes,
        row.redirect_uris,
        row.domains,
        row.default_role_keys,
      ],
    );
    const id = rows[0]!.id;
    await tx.query(
      'DELETE FROM sso_domains WHERE sso_configuration_id = $1 AND NOT (domain = ANY($2::text[]))',
      [id, row.domains],
    );
    for (const domain of row.domains) {
      await tx.query(
        `INSERT INTO sso_domains (tenant_id, domain, address, idp_type, sso_configuration_id) VALUES ($1, $2, $3, 'oidc', $4)
         ON CONFLICT (domain) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, address = EXCLUDED.address, idp_type = 'oidc',
           sso_configuration_id = EXCLUDED.sso_configuration_id, saml_configuration_id = NULL`,
        [row.tenant_id, domain, address, id],
      );
    }
  });
}

/** The active connection with this key that has an issuer and a client, or null. */
export async function usableConnectionByKey(db: Database, key: string): Promise<OidcConnectionRow | null> {
  const { rows } = await db.query<OidcConnectionRow>(
    `SELECT ${COLUMNS} FROM sso_configurations WHERE key = $1 AND active AND issuer <> '' AND client_id <> ''`,
    [key],
  );
  return rows[0] ?? null;
}

/** The active connection with this id, or null. */
export async function activeConnectionById(db: Database, id: string): Promise<OidcConnectionRow | null> {
  const { rows } = await db.query<OidcConnectionRow>(
    `SELECT ${COLUMNS} FROM sso_configurations WHERE id = $1 AND active`,
    [id],
  );
  return rows[0] ?? null;
}

/** A sign-in in progress, as stored. */
interface SignInState {
  stateHash: string;
  configurationId: string;
  codeVerifierSealed: string;
  nonce: string;
  redirectUri: string;
  browserBindingHash: string;
  ttlSeconds: number;
}

/** Stores a sign-in's state (the states that ended over a day ago are dropped first). */
export async function storeSignInState(db: Database, state: SignInState): Promise<void> {
  await db.query(`DELETE FROM sso_login_states WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO sso_login_states (state_hash, configuration_id, code_verifier_sealed, nonce, redirect_uri, browser_binding_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      state.stateHash,
      state.configurationId,
      state.codeVerifierSealed,
      state.nonce,
      state.redirectUri,
      state.browserBindingHash,
      state.ttlSeconds,
    ],
  );
}

/** A spent state: what the callback is checked against (`expired`: past its end). */
interface SpentState {
  configuration_id: string;
  code_verifier_sealed: string;
  nonce: string;
  redirect_uri: string;
  browser_binding_hash: string;
  expired: boolean;
}

/** Marks the state with this hash used and answers it, or null when unknown or used already. */
export async function spendSignInState(db: Database, stateHash: string): Promise<SpentState | null> {
  const { rows } = await db.query<SpentState>(
    `UPDATE sso_login_states SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL
     RETURNING configuration_id, code_verifier_sealed, nonce, redirect_uri, browser_binding_hash, expires_at <= now() AS expired`,
    [stateHash],
  );
  return rows[0] ?? null;
}
