// `npm run bench` (issue 27): the cost of signing and of verifying one access token with each
// algorithm the JWKS could publish (jose, what server/domain/tokens.ts uses). The client SDK only
// decodes the token (@frontegg/rest-api's jwtDecode: no signature check), so any of them would
// do for it; host backends verify with the JWKS, where ES256 and RS256 are the widest supported.
import { SignJWT, generateKeyPair, jwtVerify } from 'jose';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const claims = {
  email: 'admin@example.com',
  name: 'Admin',
  tenantId: '6f1c1c8e-6a3b-4c55-9a59-5a4f7c2e9d11',
  tenantIds: ['6f1c1c8e-6a3b-4c55-9a59-5a4f7c2e9d11'],
  roles: ['Admin'],
  permissions: Array.from({ length: 30 }, (_, i) => `fe.secure.permission.${i}`),
  type: 'userToken',
  sid: '0b6c7f4e-2f1d-4f59-8a0e-3c1b2a9d8e77',
};

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

console.log(`JWT sign and verify per second, one thread, ${SECONDS} s each:`);
for (const alg of ['ES256', 'RS256', 'EdDSA'] as const) {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const sign = () =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, kid: 'k', typ: 'JWT' })
      .setSubject('u')
      .setIssuer('http://127.0.0.1')
      .setAudience('auth-elements')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  const token = await sign();
  const signs = await rate(sign);
  const verifies = await rate(() => jwtVerify(token, publicKey, { algorithms: [alg] }));
  console.log(
    `  ${alg.padEnd(6)} sign ${signs.toFixed(0).padStart(6)}/s  verify ${verifies.toFixed(0).padStart(6)}/s  (token ${token.length} characters)`,
  );
}
