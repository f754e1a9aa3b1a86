/**
 * Password hashing with scrypt (node:crypto).
 *
 * Why scrypt: it is memory-hard (each guess costs 128·N·r bytes of RAM), which makes GPU and ASIC
 * cracking of a leaked table expensive, and it ships with Node (no native addon to compile).
 * The stored form carries its own parameters, `scrypt$N$r$p$salt$hash` (salt and hash base64url),
 * so the cost can be raised later without breaking existing hashes (see `needsRehash`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt recommendation (N=2^17, r=8, p=1) has the equivalent N=2^15, r=8, p=3: the same
 * work with a quarter of the memory (32 MiB per hash), which keeps a burst of sign-ins on a small
 * machine from exhausting RAM.
 */
const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bounds accepted when reading a stored hash, so a corrupt row cannot demand gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** Derives a key from a password: scrypt here; a test may wrap it to see what work each call does. */
type KeyDerivation = (
  password: string,
  salt: Buffer,
  params: ScryptParams,
  keyLength: number,
) => Promise<Buffer>;

export const scryptDerivation: KeyDerivation = (password, salt, params, keyLength) => {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  if (!valid) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}

/** Hashes and verifies passwords with one set of scrypt parameters. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(
    readonly params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
    private readonly derive: KeyDerivation = scryptDerivation,
  ) {}

  /** Returns `scrypt$N$r$p$salt$hash` for a fresh random salt. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.derive(password, salt, this.params, KEY_LENGTH);
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  /**
   * True when `password` matches `stored`. Pass `null` for an unknown user or a user without a
   * password: one scrypt still runs (against a dummy hash), so the answer takes as long as for a
   * real account and response times do not reveal which emails are registered.
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

  /** True when `stored` was made with other parameters than the current ones (rehash on login). */
  needsRehash(stored: string | null): boolean {
    const parsed = stored ? parse(stored) : null;
    if (!parsed) return false;
    const { N, r, p } = parsed.params;
    return N !== this.params.N || r !== this.params.r || p !== this.params.p;
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
