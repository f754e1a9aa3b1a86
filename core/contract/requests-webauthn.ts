/**
 * WebAuthn's request schemas (the MFA areas, core/domain/mfa-assembly.ts), by
 * `METHOD path` as in core/contract/requests.ts: WebAuthn as a second factor at sign-in and in the
 * account (enrol, verify, removal), passkey sign-in (v1 and v2 post-login) and the passkey
 * new-device session and its verification.
 *
 * The client SDK spells these bodies its own way; `clientWebAuthnBody` brings them to the spelling
 * the schemas describe before they are validated, on both backends (each entry's `clientBody`: the
 * server runs it as a preValidation hook, server/http/openapi.ts; the demo in checkRequest.ts).
 */
import { mfaTokenField } from './requests-mfa';
import type { RequestSchema } from './requests';
import * as s from './schemas';

export const b64 = { type: 'string', minLength: 1, maxLength: 16384, pattern: '^[A-Za-z0-9_=-]*$' } as const;
export const deviceType = { type: 'string', enum: ['platform', 'cross-platform'] } as const;
const attachment = { type: 'string', enum: ['platform', 'cross-platform'] } as const;
const extensions = { type: 'object', maxProperties: 20 } as const;
const publicKey = { type: 'string', enum: ['public-key'] } as const;
export const token = mfaTokenField;

/** An authenticator's attestation response (the `response` of a registration credential). */
export const attestationResponse = s.strictObject(
  {
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64,
    transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 32 } },
    publicKeyAlgorithm: { type: 'integer' },
    publicKey: b64,
  },
  ['clientDataJSON', 'attestationObject'],
);

/** A WebAuthn registration response as @simplewebauthn/browser sends it. */
export const registrationJson = s.strictObject(
  {
    id: b64,
    rawId: b64,
    type: publicKey,
    response: attestationResponse,
    clientExtensionResults: extensions,
    authenticatorAttachment: attachment,
  },
  ['id', 'rawId', 'type', 'response'],
);

const authenticationResponse = s.strictObject(
  {
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: { type: ['string', 'null'], maxLength: 1024, pattern: '^[A-Za-z0-9_=-]*$' },
  },
  ['clientDataJSON', 'authenticatorData', 'signature'],
);

/** A WebAuthn authentication response as @simplewebauthn/browser sends it. */
const authenticationFields = {
  id: b64,
  rawId: b64,
  type: publicKey,
  response: authenticationResponse,
  clientExtensionResults: extensions,
  authenticatorAttachment: attachment,
};
const authenticationRequired = ['id', 'rawId', 'type', 'response'];
export const authenticationJson = s.strictObject(authenticationFields, authenticationRequired);

/** The client SDK's device types (`WebAuthnDeviceType`) in the contract's spelling. */
const CLIENT_DEVICE_TYPES: Record<string, string> = {
  Platform: 'platform',
  CrossPlatform: 'cross-platform',
};

/**
 * A WebAuthn device's type as device lists answer it (the MFA devices' `webauthn`, the passkey
 * list), server and demo alike: the client SDK's WebAuthnDeviceType spelling, not the
 * `platform` / `cross-platform` that requests send and that is stored. Unknown: cross-platform.
 */
export const clientDeviceType = (type: string | null | undefined): 'Platform' | 'CrossPlatform' =>
  type === 'platform' ? 'Platform' : 'CrossPlatform';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the client SDK sends to the WebAuthn routes, made what they validate (a new object; the
 * given one is not changed): no body at all is `{}`; `deviceType` `Platform` / `CrossPlatform` is
 * `platform` / `cross-platform`; a credential sent as `{ id, response }` (no `rawId`, `type`,
 * `clientExtensionResults`) gets `rawId` = `id` and `type` "public-key", as the browser's credential
 * has them. The passkey device verification takes `{ id, response }` as it is. The credential
 * itself is still verified in full. `path`: the request's path (a prefix does not matter).
 */
export function clientWebAuthnBody(body: unknown, path: string): unknown {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) return body;
  const out: Json = { ...body };
  if (typeof out.deviceType === 'string' && CLIENT_DEVICE_TYPES[out.deviceType])
    out.deviceType = CLIENT_DEVICE_TYPES[out.deviceType];
  const complete = (c: Json): Json => ({
    ...c,
    rawId: c.rawId ?? c.id,
    type: c.type ?? 'public-key',
    clientExtensionResults: c.clientExtensionResults ?? {},
  });
  const isCredential = (c: unknown): c is Json =>
    isObject(c) && typeof c.id === 'string' && typeof c.response === 'object';
  if (isCredential(out.options)) out.options = complete(out.options);
  const bodyIsCredential = 'response' in out && 'id' in out && !('mfaToken' in out) && isCredential(out);
  // The passkey device verification takes `{ id, response }` as it is.
  const keptAsSent = !('rawId' in out) && path.endsWith('/verify');
  return bodyIsCredential && !keptAsSent ? complete(out) : out;
}

const clientBody = clientWebAuthnBody;
export const passkeyPostLogin: RequestSchema = {
  clientBody,
  body: s.strictObject(
    { ...authenticationFields, recaptchaToken: s.optionalToken, invitationToken: s.optionalToken },
    authenticationRequired,
  ),
};
