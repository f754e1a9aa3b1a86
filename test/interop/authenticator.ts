/**
 * A software WebAuthn authenticator for the interop suite: a P-256 key pair that answers
 * registration options with a "none" attestation and authentication options with an ES256
 * signature, for the page origin the suite plays. It answers in the shapes the client's types
 * declare (`IVerifyNewWebAuthnDevice`, `IWebAuthnPostLogin`): `id` and `response`, nothing else.
 * Not a test file.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Minimal CBOR (RFC 8949) for what an attestation object needs: ints, byte/text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Uint8Array {
  const head = (major: number, length: number): number[] => {
    if (length < 24) return [(major << 5) | length];
    if (length < 256) return [(major << 5) | 24, length];
    return [(major << 5) | 25, length >> 8, length & 0xff];
  };
  if (typeof value === 'number') return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = utf8(value);
    return new Uint8Array([...head(3, bytes.length), ...bytes]);
  }
  if (value instanceof Uint8Array) return new Uint8Array([...head(2, value.length), ...value]);
  const parts: number[] = head(5, value.size);
  for (const [key, item] of value) parts.push(...cbor(key), ...cbor(item as never));
  return new Uint8Array(parts);
}

export interface CreationOptions {
  challenge: string;
  rp?: { id?: string };
}

export class SoftAuthenticator {
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  readonly credentialId = new Uint8Array(randomBytes(16));
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(flags: number, attested?: Uint8Array): Uint8Array {
    const fixed = new Uint8Array(37);
    fixed.set(sha256(utf8(this.rpId)), 0);
    fixed[32] = flags;
    new DataView(fixed.buffer).setUint32(33, this.counter);
    return attested ? new Uint8Array([...fixed, ...attested]) : fixed;
  }

  private clientData(type: string, challenge: string): Uint8Array {
    return utf8(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** A registration answer (`navigator.credentials.create`) for `options`. */
  register(options: CreationOptions): {
    id: string;
    response: { clientDataJSON: string; attestationObject: string };
  } {
    const idLength = this.credentialId.length;
    const attested = new Uint8Array([
      ...new Uint8Array(16), // AAGUID: none
      idLength >> 8,
      idLength & 0xff,
      ...this.credentialId,
      ...this.coseKey,
    ]);
    // Flags: user present, user verified, attested credential data included.
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
      },
    };
  }

  /** An authentication answer (`navigator.credentials.get`) for `challenge`. */
  assert(
    challenge: string,
    userHandle?: string,
  ): {
    id: string;
    response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  } {
    this.counter += 1;
    const authData = this.authenticatorData(0x05);
    const clientData = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle !== undefined ? { userHandle } : {}),
      },
    };
  }
}
