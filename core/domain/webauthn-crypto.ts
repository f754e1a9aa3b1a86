/**
 * WebAuthn with WebCrypto only (no server, no extra library): random challenges, the options a
 * ceremony offers, registration checks on the browser's JSON (clientDataJSON, rpIdHash, credential
 * id) and assertion verification against the stored SPKI public key. ES256 (-7) and RS256 (-257).
 * Demo mode's WebAuthn port (`webCryptoWebauthn`, mfa-ports.ts `WebauthnCrypto`); the reference
 * server's is @simplewebauthn/server (server/domain/mfa-webauthn.ts), which also reads attestation
 * objects. Loaded only with the demo backend's lazy chunk.
 */
import { fromBase64Url, toBase64Url } from './base64url';
import type { MfaDevice, WebauthnCrypto } from './mfa-ports';

export const COSE_ES256 = -7;
export const COSE_RS256 = -257;

const encoder = new TextEncoder();

/** A fresh random challenge: 32 bytes from crypto.getRandomValues, base64url. */
export function newChallenge(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * An ECDSA signature in DER (SEQUENCE { INTEGER r, INTEGER s }) as WebCrypto's raw r||s, each
 * integer left-padded (or stripped of its sign byte) to `size` bytes. Throws on malformed DER.
 */
export function derToRaw(der: Uint8Array, size = 32): Uint8Array<ArrayBuffer> {
  let at = 0;
  const byte = () => {
    if (at >= der.length) throw new Error('DER: truncated');
    return der[at++]!;
  };
  const length = () => {
    const first = byte();
    if (first < 0x80) return first;
    const count = first & 0x7f;
    if (count < 1 || count > 2) throw new Error('DER: bad length');
    let value = 0;
    for (let i = 0; i < count; i += 1) value = (value << 8) | byte();
    return value;
  };
  if (byte() !== 0x30) throw new Error('DER: not a sequence');
  if (length() !== der.length - at) throw new Error('DER: bad sequence length');
  const out = new Uint8Array(size * 2);
  for (const slot of [0, 1]) {
    if (byte() !== 0x02) throw new Error('DER: not an integer');
    const n = length();
    if (n < 1 || at + n > der.length) throw new Error('DER: bad integer length');
    let value = der.subarray(at, at + n);
    at += n;
    while (value.length > 1 && value[0] === 0) value = value.subarray(1);
    if (value.length > size) throw new Error('DER: integer too long');
    out.set(value, slot * size + (size - value.length));
  }
  if (at !== der.length) throw new Error('DER: trailing bytes');
  return out;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

interface Expected {
  type: 'webauthn.create' | 'webauthn.get';
  challenge: (challenge: string) => boolean | Promise<boolean>;
  origin: string;
  rpId: string;
  userVerification: boolean;
}

/** clientDataJSON (type, challenge, origin) and authenticatorData (rpIdHash, user present, verified when asked). Returns the parts. */
async function checkCommon(clientDataJSON: string, authenticatorData: string, expected: Expected) {
  const clientBytes = fromBase64Url(clientDataJSON);
  const client = JSON.parse(new TextDecoder().decode(clientBytes)) as {
    type?: unknown;
    challenge?: unknown;
    origin?: unknown;
    crossOrigin?: unknown;
  };
  if (
    client.type !== expected.type ||
    typeof client.challenge !== 'string' ||
    client.origin !== expected.origin ||
    client.crossOrigin === true
  )
    return null;
  if (!(await expected.challenge(client.challenge))) return null;
  const data = fromBase64Url(authenticatorData);
  if (data.length < 37) return null;
  if (!equal(data.subarray(0, 32), await sha256(encoder.encode(expected.rpId)))) return null;
  const flags = data[32]!;
  if ((flags & 0x01) === 0) return null; // user present
  if (expected.userVerification && (flags & 0x04) === 0) return null;
  const signCount = new DataView(data.buffer, data.byteOffset + 33, 4).getUint32(0);
  return { clientBytes, data, flags, signCount };
}

/** The browser JSON of a registration (`startRegistration`), the parts the demo needs. */
interface RegistrationJson {
  id: string;
  rawId: string;
  type: string;
  response: {
    clientDataJSON: string;
    authenticatorData?: string;
    publicKey?: string;
    publicKeyAlgorithm?: number;
    transports?: string[];
  };
}
export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: string;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string | null;
  };
}

/**
 * Checks a registration and returns the credential to store, or null. The attestation itself is not
 * checked ("none", as the server asks), but the authenticator data must carry this credential id
 * and the public key must import for its algorithm.
 */
export async function checkRegistration(
  json: RegistrationJson,
  expected: Omit<Expected, 'type'>,
): Promise<{ credentialId: string; publicKey: string; algorithm: number; signCount: number } | null> {
  try {
    const { response } = json;
    if (
      json.type !== 'public-key' ||
      json.id !== json.rawId ||
      !response.authenticatorData ||
      !response.publicKey
    )
      return null;
    const algorithm = response.publicKeyAlgorithm;
    if (algorithm !== COSE_ES256 && algorithm !== COSE_RS256) return null;
    const common = await checkCommon(response.clientDataJSON, response.authenticatorData, {
      ...expected,
      type: 'webauthn.create',
    });
    if (!common || (common.flags & 0x40) === 0 || common.data.length < 55) return null; // attested credential data
    const idLength = (common.data[53]! << 8) | common.data[54]!;
    const credentialId = common.data.subarray(55, 55 + idLength);
    if (credentialId.length !== idLength || !equal(credentialId, fromBase64Url(json.rawId))) return null;
    await importKey(response.publicKey, algorithm);
    return { credentialId: json.id, publicKey: response.publicKey, algorithm, signCount: common.signCount };
  } catch {
    return null;
  }
}

/** rsaEncryption's object identifier (1.2.840.113549.1.1.1) as DER: the SPKI of an RSA key names it. */
const RSA_KEY_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];

/**
 * The COSE algorithm of a stored SPKI key. Registration accepts ES256 and RS256 only, so an RSA key
 * is RS256 and any other ES256: a device keeps its public key alone, as the server's row does.
 */
export function keyAlgorithm(spki: string): number {
  try {
    const head = fromBase64Url(spki).subarray(0, 32);
    const at = head.findIndex((_, i) => RSA_KEY_OID.every((byte, j) => head[i + j] === byte));
    return at >= 0 ? COSE_RS256 : COSE_ES256;
  } catch {
    return COSE_ES256;
  }
}

function importKey(spki: string, algorithm: number): Promise<CryptoKey> {
  const params =
    algorithm === COSE_ES256
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return crypto.subtle.importKey('spki', fromBase64Url(spki), params, false, ['verify']);
}

/**
 * Verifies an assertion against a stored credential: type webauthn.get, the expected challenge
 * and origin, rpIdHash, user presence (and verification when asked), the signature over
 * authenticatorData || SHA-256(clientDataJSON), and a counter that moved forward (when counted).
 * Returns the new counter, or null when anything fails.
 */
export async function verifyAssertion(
  json: AuthenticationJson,
  credential: { publicKey: string; algorithm: number; signCount: number },
  expected: Omit<Expected, 'type'>,
): Promise<{ signCount: number } | null> {
  try {
    if (json.type !== 'public-key' || json.id !== json.rawId) return null;
    const common = await checkCommon(json.response.clientDataJSON, json.response.authenticatorData, {
      ...expected,
      type: 'webauthn.get',
    });
    if (!common) return null;
    if ((common.signCount !== 0 || credential.signCount !== 0) && common.signCount <= credential.signCount)
      return null;
    const signed = new Uint8Array(common.data.length + 32);
    signed.set(common.data, 0);
    signed.set(await sha256(common.clientBytes), common.data.length);
    const key = await importKey(credential.publicKey, credential.algorithm);
    const signature = fromBase64Url(json.response.signature);
    const ok =
      credential.algorithm === COSE_ES256
        ? await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, derToRaw(signature), signed)
        : await crypto.subtle.verify({ name: 'RSASSA-PKCS1-v1_5' }, key, signature, signed);
    return ok ? { signCount: common.signCount } : null;
  } catch {
    return null;
  }
}

/**
 * The WebAuthn port of a site (mfa-ports.ts `WebauthnCrypto`) over the checks above: the page's
 * relying party (`rpId`, its host name) and origin.
 */
export function webCryptoWebauthn(site: { rpId: string; rpName: string; origin: string }): WebauthnCrypto {
  const allowed = (devices: MfaDevice[]) => devices.map((d) => ({ id: d.credentialId!, type: 'public-key' }));
  const expected = (challenge: (c: string) => Promise<boolean>, userVerification: boolean) => ({
    rpId: site.rpId,
    origin: site.origin,
    challenge,
    userVerification,
  });
  return {
    rpId: site.rpId,
    async registrationOptions({ user, deviceType, passkey, exclude, timeoutMs }) {
      return {
        rp: { name: site.rpName, id: site.rpId },
        user: {
          id: toBase64Url(encoder.encode(user.id)),
          name: user.email,
          displayName: user.name || user.email,
        },
        challenge: newChallenge(),
        pubKeyCredParams: [
          { type: 'public-key', alg: COSE_ES256 },
          { type: 'public-key', alg: COSE_RS256 },
        ],
        timeout: timeoutMs,
        attestation: 'none',
        excludeCredentials: allowed(exclude),
        authenticatorSelection: {
          authenticatorAttachment: deviceType,
          residentKey: passkey ? 'required' : 'preferred',
          requireResidentKey: passkey,
          userVerification: passkey ? 'required' : 'preferred',
        },
      };
    },
    async verifyRegistration(response, challenge) {
      const json = response as RegistrationJson;
      if (typeof json !== 'object' || json === null || typeof json.response !== 'object') return null;
      const credential = await checkRegistration(json, expected(challenge, false));
      if (!credential) return null;
      // The key's algorithm is read from the key itself when it is used (`keyAlgorithm`).
      const { algorithm: _algorithm, ...kept } = credential;
      return { ...kept, transports: [] };
    },
    async authenticationOptions({ allow, timeoutMs }) {
      return {
        challenge: newChallenge(),
        rpId: site.rpId,
        timeout: timeoutMs,
        userVerification: 'preferred',
        allowCredentials: allowed(allow),
      };
    },
    async verifyAuthentication(response, device, { challenge, requireUserVerification }) {
      const json = response as AuthenticationJson;
      if (typeof json !== 'object' || json === null || typeof json.response !== 'object') return null;
      const checked = await verifyAssertion(
        json,
        {
          publicKey: device.publicKey ?? '',
          algorithm: keyAlgorithm(device.publicKey ?? ''),
          signCount: device.signCount,
        },
        expected(challenge, requireUserVerification),
      );
      return checked?.signCount ?? null;
    },
  };
}
