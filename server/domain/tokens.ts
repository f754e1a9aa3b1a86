/**
 * Access tokens: short-lived ES256 JWTs, and the signing keys behind them.
 *
 * The key pair is generated on the first start and stored in `signing_keys`, so every server
 * process signs and verifies with the same keys (processes keep only a cache, rebuilt from the
 * database). The public halves are published as a JWKS so host backends can verify tokens
 * without calling this server.
 *
 * Access tokens can be verified with the public key alone (host backends do so with the JWKS). This
 * server also checks the token's session on every call (`useSessionGuard`, set by app.ts with the
 * session policy of domain/security-policies.ts): a token of a signed-out, revoked, idle or
 * too-old session is refused at once, not when it expires. A host backend that verifies tokens
 * itself keeps the stateless window, bounded by the access-token lifetime (default 300 s).
 *
 * Several processes or instances on one database: each signs with its own `issuer` (PUBLIC_URL,
 * or http://HOST:PORT when unset) and records it in `token_issuers`; each accepts the tokens of
 * every issuer recorded there (the signature by a key of `signing_keys` is what proves a token is
 * ours; the issuer only has to be one of this deployment's). `rotateSigningKey` makes a new key and
 * retires the others: they keep verifying, and a process that meets a token with a key it has not
 * loaded yet reads that key from the table at once.
 *
 * Not done yet: the private JWK sits unencrypted in the database (encrypting it with a key from
 * the environment belongs to later work), and retired keys are never deleted.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { ContractError } from '../../core/contract/errors';
import {
  accessTokenClaims,
  authResponseOf,
  type AuthResponse,
  type TokenSubject,
} from '../../core/domain/session-tokens';
import { es256PrivateKey, es256PublicKey, signEs256, verifyEs256 } from './jws';
import type { Database } from '../storage/database';
import type { PrincipalRow } from '../storage/principal';
import {
  allSigningKeys,
  countActiveKeys,
  insertSigningKey,
  isRecordedIssuer,
  lockSigningKeys,
  recordedIssuers,
  recordIssuer,
  retireKeysExcept,
  signingKeyByKid,
  type KeyRow,
} from '../storage/signing-keys';

const ALG = 'ES256';
/** How long a process trusts its cached key list before reading the table again. */
const CACHE_TTL_MS = 60_000;
/** A `kid` found in no row is looked up again at most this often (forged kids are cheap). */
const UNKNOWN_KID_RELOAD_MS = 5_000;
/** Kids remembered as unknown at most (a flood of forged kids cannot grow the map further). */
const MAX_UNKNOWN_KIDS = 1_000;
/** Allowed clock difference between server processes when checking `exp` and `nbf`. */
const CLOCK_TOLERANCE_S = 5;
/**
 * How far in the future a token's `iat` may be (clock skew between the processes sharing the
 * keys). jose checks `iat` only against a maximum age, so a token "issued" later than now would
 * otherwise pass: this server never issues one, and a token claiming it is refused.
 */
const MAX_FUTURE_IAT_S = 60;

/** The claims of a verified access token. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  name: string;
  tenantId: string | null;
  tenantIds: string[];
  roles: string[];
  permissions: string[];
  type: 'userToken';
  sid: string;
  iat: number;
  exp: number;
  /** Present on an impersonated session: the impersonator's user id (RFC 8693 actor claim). */
  act?: { sub: string };
}

interface TokenServiceOptions {
  issuer: string;
  audience: string;
  accessTokenTtlSeconds: number;
}

/** Raised for any token that must not be trusted: a 401 of the catalogue, safe to show. */
export class InvalidTokenError extends ContractError {
  constructor(code: TokenRefusal) {
    super(401, [{ code }]);
  }
}

/** Why a token is refused: it is not valid, or the session guard refuses its call. */
type TokenRefusal = 'TOKEN_INVALID' | 'TOKEN_KEY_MISSING' | 'TOKEN_KEY_UNKNOWN' | 'IP_NOT_ALLOWED';

interface CachedKey {
  kid: string;
  publicJwk: JWK;
  publicKey: KeyObject;
  privateKey: KeyObject | null;
}

/** Issues and verifies access tokens; publishes the JWKS. */
/** See TokenService.useSessionGuard. */
type SessionGuard = (claims: AccessTokenClaims, context: GuardContext) => Promise<TokenRefusal | null>;

/**
 * Where a call comes from (`ip`) and, with `principal`, a request that the guard's statement also
 * read the caller (storage/principal.ts): the guard sets `principal.row` (GET me, routes/users.ts).
 */
export interface GuardContext {
  ip?: string | undefined;
  principal?: { row?: PrincipalRow | null };
}

export class TokenService {
  private keys = new Map<string, CachedKey>();
  private signingKid: string | null = null;
  private loadedAt = 0;
  /** Kids looked up and not found, with when: not looked up again for UNKNOWN_KID_RELOAD_MS. */
  private unknownKids = new Map<string, number>();
  /** Issuers of the processes sharing the database (`token_issuers`), this one's included. */
  private issuers = new Set<string>();
  private sessionGuard: SessionGuard | null = null;
  private opaqueResolver: ((secret: string) => Promise<AccessTokenClaims | null>) | null = null;

  constructor(
    private readonly db: Database,
    readonly options: TokenServiceOptions,
  ) {}

  /**
   * Makes sure a signing key exists (creating one on the very first start) and loads the keys.
   * Several processes starting together queue on an advisory lock, so only one key is created.
   */
  async init(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockSigningKeys(tx);
      if ((await countActiveKeys(tx)) > 0) return;
      await insertKey(tx);
    });
    await recordIssuer(this.db, this.options.issuer);
    await this.reload();
  }

  /**
   * The issuers recorded by the processes sharing the database: more than one means host
   * backends that check `iss` must accept each (main.ts warns; set PUBLIC_URL alike everywhere).
   */
  knownIssuers(): string[] {
    return [...this.issuers];
  }

  /**
   * Makes a new signing key and retires the others (they still verify the tokens they signed).
   * Every process signs with the new key once its cache expires (CACHE_TTL_MS); until then they
   * sign with the old one, which every process still accepts.
   */
  async rotateSigningKey(): Promise<string> {
    const kid = await this.db.transaction(async (tx) => {
      await lockSigningKeys(tx);
      const created = await insertKey(tx);
      await retireKeysExcept(tx, created);
      return created;
    });
    await this.reload();
    return kid;
  }

  /** Signs an access token for `subject` and returns the contract's `AuthResponse`. */
  async issue(subject: TokenSubject): Promise<AuthResponse> {
    await this.ensureFresh();
    const key = this.signingKid ? this.keys.get(this.signingKid) : undefined;
    if (!key?.privateKey) throw new Error('No signing key available');
    const { issuer: iss, audience: aud, accessTokenTtlSeconds: ttl } = this.options;
    const issue = { iss, aud, iat: Math.floor(Date.now() / 1000), ttl, jti: randomUUID() };
    // Signed with node:crypto (jws.ts): a third to a fifth of WebCrypto's CPU per signature.
    const header = { kid: key.kid, typ: 'JWT' };
    return authResponseOf(await signEs256(header, accessTokenClaims(subject, issue), key.privateKey), issue);
  }

  /**
   * Signs an OpenID Connect ID token's claims (hosted login, core/domain/session-tokens.ts
   * `idTokenClaims`: `aud` is the client, `iss` the provider's issuer URL) with the same keys as
   * access tokens (published in the JWKS).
   */
  async signIdToken(claims: JWTPayload): Promise<string> {
    await this.ensureFresh();
    const key = this.signingKid ? this.keys.get(this.signingKid) : undefined;
    if (!key?.privateKey) throw new Error('No signing key available');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  /**
   * After a token's signature and claims check out, `guard` decides whether its session goes on
   * from where the call comes from: null, or the reason it may not (the 401's message).
   */
  useSessionGuard(guard: SessionGuard): void {
    this.sessionGuard = guard;
  }

  /**
   * Bearers that are not JWTs (the client SDK's access tokens, domain/access-tokens.ts): `resolve`
   * answers the claims the secret stands for, or null.
   */
  useOpaqueTokens(resolve: (secret: string) => Promise<AccessTokenClaims | null>): void {
    this.opaqueResolver = resolve;
  }

  /** `verify` for an opaque bearer: its claims, then the same session guard. */
  async verifyOpaque(secret: string, context: GuardContext = {}): Promise<AccessTokenClaims> {
    const claims = this.opaqueResolver ? await this.opaqueResolver(secret) : null;
    if (!claims) throw new InvalidTokenError('TOKEN_INVALID');
    const refusal = this.sessionGuard ? await this.sessionGuard(claims, context) : null;
    if (refusal) throw new InvalidTokenError(refusal);
    return claims;
  }

  /**
   * Verifies signature (ES256 only: no algorithm confusion), issuer (one of `token_issuers`), audience, expiry (`exp`, and
   * `nbf` when present, with CLOCK_TOLERANCE_S), issue time (`iat` at most MAX_FUTURE_IAT_S ahead)
   * and token type. Throws `InvalidTokenError` for anything else.
   */
  async verify(token: string, context: GuardContext = {}): Promise<AccessTokenClaims> {
    let payload: JWTPayload;
    try {
      const verified = await verifyEs256(token, (kid) => this.publicKeyFor(kid), {
        audience: this.options.audience,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      });
      if (!verified) throw new InvalidTokenError('TOKEN_INVALID');
      payload = verified.claims;
    } catch {
      throw new InvalidTokenError('TOKEN_INVALID');
    }
    if (payload.type !== 'userToken' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      throw new InvalidTokenError('TOKEN_INVALID');
    }
    // The signature is ours (a key of signing_keys): the issuer must be one of this deployment's.
    if (typeof payload.iss !== 'string' || !(await this.issuedHere(payload.iss)))
      throw new InvalidTokenError('TOKEN_INVALID');
    // jose has checked that `iat` is a number (a required claim).
    if (payload.iat! > Date.now() / 1000 + MAX_FUTURE_IAT_S) throw new InvalidTokenError('TOKEN_INVALID');
    const claims = payload as AccessTokenClaims;
    const refusal = this.sessionGuard ? await this.sessionGuard(claims, context) : null;
    if (refusal) throw new InvalidTokenError(refusal);
    return claims;
  }

  /** The public keys, current and retired, as a JSON Web Key Set. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.ensureFresh();
    return { keys: [...this.keys.values()].map((key) => key.publicJwk) };
  }

  private async publicKeyFor(kid: string | undefined): Promise<KeyObject> {
    if (!kid) throw new InvalidTokenError('TOKEN_KEY_MISSING');
    await this.ensureFresh();
    const key = this.keys.get(kid) ?? (await this.loadKid(kid));
    if (!key) throw new InvalidTokenError('TOKEN_KEY_UNKNOWN');
    return key.publicKey;
  }

  /** A key another process has just made (rotation): read that one row, not the whole table. */
  private async loadKid(kid: string): Promise<CachedKey | undefined> {
    const lookedUp = this.unknownKids.get(kid);
    if (lookedUp !== undefined && Date.now() - lookedUp < UNKNOWN_KID_RELOAD_MS) return undefined;
    const row = await signingKeyByKid(this.db, kid);
    if (!row) {
      if (this.unknownKids.size >= MAX_UNKNOWN_KIDS) this.unknownKids.clear();
      this.unknownKids.set(kid, Date.now());
      return undefined;
    }
    const key = cachedKey(row, false);
    this.keys.set(kid, key);
    return key;
  }

  /** Whether `issuer` is recorded in `token_issuers` (read again when not, in case a process has just started). */
  private async issuedHere(issuer: string): Promise<boolean> {
    if (this.issuers.has(issuer)) return true;
    const recorded = await isRecordedIssuer(this.db, issuer);
    if (recorded) this.issuers.add(issuer);
    return recorded;
  }

  private async ensureFresh(): Promise<void> {
    if (Date.now() - this.loadedAt > CACHE_TTL_MS) await this.reload();
  }

  private async reload(): Promise<void> {
    const rows = await allSigningKeys(this.db);
    const keys = new Map<string, CachedKey>();
    let signingKid: string | null = null;
    for (const row of rows) {
      const active = row.retired_at === null;
      keys.set(row.kid, cachedKey(row, active));
      if (active && signingKid === null) signingKid = row.kid;
    }
    this.issuers = new Set([this.options.issuer, ...(await recordedIssuers(this.db))]);
    this.keys = keys;
    this.signingKid = signingKid;
    this.loadedAt = Date.now();
  }
}

function cachedKey(row: KeyRow, withPrivateKey: boolean): CachedKey {
  const publicKey = es256PublicKey(row.public_jwk);
  const privateKey = withPrivateKey ? es256PrivateKey(row.private_jwk) : null;
  return { kid: row.kid, publicJwk: row.public_jwk, publicKey, privateKey };
}

/** Makes a key pair and stores it; returns its kid (the public key's thumbprint). */
async function insertKey(tx: Database): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  await insertSigningKey(tx, {
    kid,
    alg: ALG,
    privateJwk,
    publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' },
  });
  return kid;
}
