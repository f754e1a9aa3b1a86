/**
 * ES256 compact JWTs (RFC 7515 / 7519) signed and checked with node:crypto (issue 27): the access
 * token of every refresh is signed here and checked here on every authenticated call. jose does
 * the same through WebCrypto, which costs 0.12-0.37 ms of CPU per signature or check against
 * 0.03-0.12 ms here (docs/capacity.md, fifth pass). Like WebCrypto, node:crypto's callback form
 * runs the elliptic-curve work on libuv's thread pool, off the event loop. The checks are
 * jose's (`jwtVerify` with `algorithms: ['ES256']`, `audience`, `clockTolerance`, `requiredClaims`):
 * the header must say ES256 and carry no `crit` nor `b64`; the signature (64 bytes, r || s) must
 * verify with the key of the header's `kid`; the claims must be a JSON object whose `aud` names
 * the audience, whose `exp` (required) has not passed and whose `nbf`, when present, has come,
 * both with the clock tolerance; `iat`, `exp` and `nbf` must be numbers; the required claims must
 * be present. tokens.ts adds its own checks (issuer, token type, `iat` not in the future).
 */
import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'jose';

/** The base64url alphabet only, no padding: anything else is not a compact JWT of ours. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 64;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export const es256PublicKey = (jwk: JWK): KeyObject =>
  createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });

export const es256PrivateKey = (jwk: JWK): KeyObject =>
  createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });

const encodeJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** ECDSA with SHA-256, r || s as JWS wants it, on the thread pool. */
type Es256Key = { key: KeyObject; dsaEncoding: 'ieee-p1363' };
const signOnPool = promisify(sign) as (algorithm: string, data: Buffer, key: Es256Key) => Promise<Buffer>;
const verifyOnPool = promisify(verify) as (
  algorithm: string,
  data: Buffer,
  key: Es256Key,
  signature: Buffer,
) => Promise<boolean>;

/** A compact JWT of `claims` with `header` (its `alg` is ES256), signed by `key`. */
export async function signEs256(
  header: Record<string, unknown>,
  claims: object,
  key: KeyObject,
): Promise<string> {
  const input = `${encodeJson({ ...header, alg: 'ES256' })}.${encodeJson(claims)}`;
  const signature = await signOnPool('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** A segment's JSON object, or null (not base64url, not UTF-8, not JSON or not an object). */
function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

interface ClaimChecks {
  audience: string;
  /** Seconds of clock difference allowed on `exp` and `nbf`. */
  clockTolerance: number;
  /** Claims that must be present (`exp` always is). */
  requiredClaims: string[];
}

const isNumericDate = (value: unknown) => value === undefined || typeof value === 'number';

/** Whether `claims` pass the checks above at `now` (seconds). */
function claimsPass(claims: Record<string, unknown>, checks: ClaimChecks, now: number): boolean {
  for (const claim of new Set([...checks.requiredClaims, 'exp', 'aud']))
    if (!Object.hasOwn(claims, claim)) return false;
  const { aud, exp, nbf, iat } = claims;
  const audienceNamed =
    typeof aud === 'string' ? aud === checks.audience : Array.isArray(aud) && aud.includes(checks.audience);
  if (!audienceNamed) return false;
  if (!isNumericDate(iat) || !isNumericDate(nbf) || typeof exp !== 'number') return false;
  if (typeof nbf === 'number' && nbf > now + checks.clockTolerance) return false;
  return exp > now - checks.clockTolerance;
}

/**
 * The header and claims of `token` when it is an ES256 compact JWT signed by the key that
 * `keyFor` gives for its `kid` and its claims pass `checks`; null otherwise. `keyFor` may throw
 * (an unknown kid): the error goes to the caller.
 */
export async function verifyEs256(
  token: string,
  keyFor: (kid: string | undefined) => Promise<KeyObject>,
  checks: ClaimChecks,
): Promise<{ header: Record<string, unknown>; claims: Record<string, unknown> } | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null;
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  const header = jsonObject(encodedHeader);
  if (!header || header.alg !== 'ES256' || 'crit' in header || 'b64' in header) return null;
  if (header.kid !== undefined && typeof header.kid !== 'string') return null;
  const key = await keyFor(header.kid as string | undefined);
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (signature.length !== SIGNATURE_BYTES) return null;
  const input = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  if (!(await verifyOnPool('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature))) return null;
  const claims = jsonObject(encodedClaims);
  if (!claims || !claimsPass(claims, checks, Math.floor(Date.now() / 1000))) return null;
  return { header, claims };
}
