// `npm run bench` (issue 27): the cost of signing and of verifying one access token with each
// algorithm the JWKS could publish, through WebCrypto (what jose, and so server/domain/tokens.ts,
// runs on Node). The client SDK only decodes the token (@frontegg/rest-api's jwtDecode: no
// signature check), so any of them would do for it; host backends verify with the JWKS, where
// ES256 and RS256 are the most widely supported.
import { webcrypto } from 'node:crypto';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const { subtle } = webcrypto;

// About the signing input of an access token with 30 permissions.
const input = new TextEncoder().encode('x'.repeat(1_200));

const algorithms = [
  {
    name: 'ES256',
    generate: { name: 'ECDSA', namedCurve: 'P-256' },
    sign: { name: 'ECDSA', hash: 'SHA-256' },
  },
  {
    name: 'RS256',
    generate: {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    sign: { name: 'RSASSA-PKCS1-v1_5' },
  },
  { name: 'EdDSA', generate: { name: 'Ed25519' }, sign: { name: 'Ed25519' } },
] as const;

async function rate(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  while (performance.now() < end) {
    // 16 at a time, as concurrent requests would.
    await Promise.all(Array.from({ length: 16 }, run));
    count += 16;
  }
  return count / ((performance.now() - started) / 1000);
}

console.log(`JWT signature sign and verify per second (WebCrypto), ${SECONDS} s each:`);
for (const alg of algorithms) {
  const { privateKey, publicKey } = (await subtle.generateKey(alg.generate, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const signature = await subtle.sign(alg.sign, privateKey, input);
  const signs = await rate(() => subtle.sign(alg.sign, privateKey, input));
  const verifies = await rate(() => subtle.verify(alg.sign, publicKey, signature, input));
  console.log(
    `  ${alg.name.padEnd(6)} sign ${signs.toFixed(0).padStart(6)}/s  verify ${verifies.toFixed(0).padStart(6)}/s`,
  );
}
