/**
 * Password hashing: argon2id (RFC 9106) for every new hash; scrypt hashes of earlier versions keep
 * verifying and are replaced with argon2id at the next successful sign-in (`needsRehash`).
 *
 * Why argon2id: it is the password-hashing competition's winner and OWASP's first choice, memory-hard
 * (each guess costs `m` KiB of RAM), and at OWASP's minimum (m=19 MiB, t=2, p=1) it costs a few
 * tens of milliseconds of one core where scrypt at an equal strength cost about 240 ms, so a small
 * server signs many more people in per second. The binding (`@node-rs/argon2`, prebuilt per
 * platform, no compiler) hashes on libuv's thread pool: a burst of sign-ins does not stall the
 * event loop, so other requests keep flowing.
 *
 * Stored forms carry their own parameters, so the cost can be raised later without breaking
 * existing hashes:
 * - `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (the PHC string format, unpadded base64);
 * - `scrypt$N$r$p$salt$hash` (salt and hash base64url; read only).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** argon2id's cost: memory in KiB (`m`), passes (`t`), lanes (`p`). */
export interface Argon2Params {
  algorithm: 'argon2id';
  m: number;
  t: number;
  p: number;
}

export type HashParams = Argon2Params | ScryptParams;

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
const DEFAULT_PARAMS: Argon2Params = { algorithm: 'argon2id', m: 19456, t: 2, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bounds accepted when reading a stored hash, so a corrupt row cannot demand gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_M = 2 ** 20; // KiB: 1 GiB
const MAX_T = 16;
/** argon2's own floor: 8 KiB per lane. */
const MIN_M_PER_LANE = 8;
/** The argon2 version every hash here uses (0x13, the current one). */
const ARGON2_VERSION = 19;
/** `@node-rs/argon2`'s Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

const isArgon2 = (params: HashParams): params is Argon2Params => 'algorithm' in params;

/** Derives a key from a password; a test may wrap it to see what work each call does. */
type KeyDerivation = (
  password: string,
  salt: Buffer,
  params: HashParams,
  keyLength: number,
) => Promise<Buffer>;

export const keyDerivation: KeyDerivation = (password, salt, params, keyLength) => {
  const text = password.normalize('NFKC');
  if (isArgon2(params))
    return hashRaw(text, {
      algorithm: ARGON2ID,
      memoryCost: params.m,
      timeCost: params.t,
      parallelism: params.p,
      outputLen: keyLength,
      salt,
    });
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(text, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
};

interface ParsedHash {
  params: HashParams;
  salt: Buffer;
  hash: Buffer;
}

const isInteger = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

function parseScrypt(parts: string[]): ParsedHash | null {
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const valid =
    isInteger(N, 2, MAX_N) && (N & (N - 1)) === 0 && isInteger(r, 1, MAX_R) && isInteger(p, 1, MAX_P);
  if (!valid) return null;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4]!, 'base64url'),
    hash: Buffer.from(parts[5]!, 'base64url'),
  };
}

function parseArgon2(parts: string[]): ParsedHash | null {
  if (parts[2] !== `v=${ARGON2_VERSION}`) return null;
  const cost = /^m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})$/.exec(parts[3]!);
  if (!cost) return null;
  const [m, t, p] = [Number(cost[1]), Number(cost[2]), Number(cost[3])];
  if (!isInteger(p, 1, MAX_P) || !isInteger(t, 1, MAX_T) || !isInteger(m, MIN_M_PER_LANE * p, MAX_M))
    return null;
  const base64 = /^[A-Za-z0-9+/]+$/;
  if (!base64.test(parts[4]!) || !base64.test(parts[5]!)) return null;
  return {
    params: { algorithm: 'argon2id', m, t, p },
    salt: Buffer.from(parts[4]!, 'base64'),
    hash: Buffer.from(parts[5]!, 'base64'),
  };
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6) return null;
  const parsed =
    parts[0] === 'scrypt'
      ? parseScrypt(parts)
      : parts[0] === '' && parts[1] === 'argon2id'
        ? parseArgon2(parts)
        : null;
  if (!parsed || parsed.salt.length < 8 || parsed.hash.length < 16 || parsed.hash.length > 64) return null;
  return parsed;
}

const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function format(params: HashParams, salt: Buffer, key: Buffer): string {
  if (isArgon2(params))
    return `$argon2id$v=${ARGON2_VERSION}$m=${params.m},t=${params.t},p=${params.p}$${unpadded(salt)}$${unpadded(key)}`;
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const sameParams = (a: HashParams, b: HashParams) =>
  isArgon2(a) && isArgon2(b)
    ? a.m === b.m && a.t === b.t && a.p === b.p
    : !isArgon2(a) && !isArgon2(b) && a.N === b.N && a.r === b.r && a.p === b.p;

/** Hashes with one set of parameters (argon2id by default) and verifies hashes of any of them. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(
    readonly params: HashParams = DEFAULT_PARAMS,
    private readonly derive: KeyDerivation = keyDerivation,
  ) {}

  /** The stored form of `password` under the current parameters, with a fresh random salt. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    return format(this.params, salt, await this.derive(password, salt, this.params, KEY_LENGTH));
  }

  /**
   * True when `password` matches `stored`. Pass `null` for an unknown user or a user without a
   * password: one derivation with the current parameters still runs (against a dummy hash), so the
   * answer takes as long as for a real account and response times do not reveal which emails are
   * registered. (A person whose hash predates the current parameters costs what those cost, until
   * their next sign-in rehashes it.)
   */
  async verify(password: string, stored: string | null): Promise<boolean> {
    const parsed = stored ? parse(stored) : null;
    if (!parsed) {
      const dummy = parse(await this.getDummyHash());
      if (dummy) await this.derive(password, dummy.salt, dummy.params, dummy.hash.length);
      return false;
    }
    const key = await this.derive(password, parsed.salt, parsed.params, parsed.hash.length);
    // Constant-time comparison: no early exit on the first differing byte.
    return timingSafeEqual(key, parsed.hash);
  }

  /** True when `stored` was made with another algorithm or other parameters (rehash on sign-in). */
  needsRehash(stored: string | null): boolean {
    const parsed = stored ? parse(stored) : null;
    return parsed !== null && !sameParams(parsed.params, this.params);
  }

  /** Computes the dummy hash ahead of the first unknown-email sign-in (which would otherwise pay twice). */
  async warmUp(): Promise<void> {
    await this.getDummyHash();
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('base64url'));
    return this.dummyHash;
  }
}
