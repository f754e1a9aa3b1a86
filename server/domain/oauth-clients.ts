/**
 * Hosted login's registered clients (relying parties): the configured list written at start, the
 * lookups by client_id, by the Origin of a silent authorization and by a post-logout address
 * (domain/oauth.ts has the codes and grants issued to them).
 */
import type { Database } from '../storage/database';

/** A relying party as configured (`oauthClients` option, `OAUTH_CLIENTS` environment variable). */
export interface OAuthClientConfig {
  clientId: string;
  /** Shown on the hosted sign-in page ("to continue to ..."). Default: the client id. */
  name?: string;
  /** Exact redirect URIs (no wildcards, no prefix matching). */
  redirectUris: string[];
  /** Exact addresses `/oauth/logout` may send the browser back to. */
  postLogoutRedirectUris?: string[];
}

export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

const CLIENT_ID_SHAPE = /^[A-Za-z0-9._-]{1,100}$/;

function isClientIdShaped(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID_SHAPE.test(value);
}

/** Only absolute http(s) URIs without a fragment may be registered (RFC 6749 §3.1.2). */
function checkRedirectUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`Invalid redirect URI "${uri}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash || uri.includes('#')) {
    throw new Error(`Redirect URI "${uri}" must be an absolute http(s) URL without a fragment`);
  }
}

/** Inserts or updates the configured clients (every process may do it: the statement is idempotent). */
export async function upsertClients(db: Database, clients: readonly OAuthClientConfig[]): Promise<void> {
  for (const client of clients) {
    if (!isClientIdShaped(client.clientId)) throw new Error(`Invalid OAuth client id "${client.clientId}"`);
    if (!client.redirectUris.length)
      throw new Error(`OAuth client "${client.clientId}" needs at least one redirect URI`);
    [...client.redirectUris, ...(client.postLogoutRedirectUris ?? [])].forEach(checkRedirectUri);
    await db.query(
      `INSERT INTO oauth_clients (client_id, name, redirect_uris, post_logout_redirect_uris)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (client_id) DO UPDATE
         SET name = EXCLUDED.name, redirect_uris = EXCLUDED.redirect_uris,
             post_logout_redirect_uris = EXCLUDED.post_logout_redirect_uris, updated_at = now()`,
      [
        client.clientId,
        client.name ?? client.clientId,
        client.redirectUris,
        client.postLogoutRedirectUris ?? [],
      ],
    );
  }
}

export async function findClient(db: Database, clientId: unknown): Promise<OAuthClient | null> {
  if (!isClientIdShaped(clientId)) return null;
  const { rows } = await db.query<{
    client_id: string;
    name: string;
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
  }>(
    'SELECT client_id, name, redirect_uris, post_logout_redirect_uris FROM oauth_clients WHERE client_id = $1',
    [clientId],
  );
  const row = rows[0];
  return row
    ? {
        clientId: row.client_id,
        name: row.name,
        redirectUris: row.redirect_uris,
        postLogoutRedirectUris: row.post_logout_redirect_uris,
      }
    : null;
}

/** The origins of a client's redirect URIs: the pages that may ask for a silent authorization. */
export function clientOrigins(client: OAuthClient): string[] {
  return [...new Set(client.redirectUris.map((uri) => new URL(uri).origin))];
}

/**
 * The client a request names without a client_id (the client SDK sends none; its server is
 * per application): the one client whose redirect URIs are on `origin`. Several or none: null.
 */
export async function findClientByOrigin(
  db: Database,
  origin: string | undefined,
): Promise<OAuthClient | null> {
  if (!origin) return null;
  const { rows } = await db.query<{ client_id: string }>('SELECT client_id FROM oauth_clients');
  const matches: OAuthClient[] = [];
  for (const row of rows) {
    const client = await findClient(db, row.client_id);
    if (client && clientOrigins(client).includes(origin)) matches.push(client);
  }
  return matches.length === 1 ? matches[0]! : null;
}

/** An absolute http(s) address in the WHATWG URL serialization, or null. */
function serializedAddress(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The registered post-logout address `address` names, as registered, or null. Two spellings of one
 * address match: the page's `window.location.origin` (`https://app.example`) names the registered
 * `https://app.example/`, and host case and a default port do not count. Nothing else is loosened:
 * no prefix, no wildcard, another path or query is another address. Where the browser is sent is
 * always the registered string (no open redirect).
 */
export function registeredPostLogoutAddress(client: OAuthClient, address: string): string | null {
  const wanted = serializedAddress(address);
  if (!wanted) return null;
  return client.postLogoutRedirectUris.find((uri) => serializedAddress(uri) === wanted) ?? null;
}

/**
 * The client a sign-out names without client_id or id_token_hint (the client SDK's OAuthLogout
 * sends neither): the first client (by id) that registered this post-logout address
 * (`registeredPostLogoutAddress`); none: null.
 */
export async function findClientByPostLogoutAddress(
  db: Database,
  address: string,
): Promise<OAuthClient | null> {
  const { rows } = await db.query<{ client_id: string }>(
    'SELECT client_id FROM oauth_clients ORDER BY client_id',
  );
  for (const row of rows) {
    const client = await findClient(db, row.client_id);
    if (client && registeredPostLogoutAddress(client, address)) return client;
  }
  return null;
}
