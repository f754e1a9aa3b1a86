/**
 * WebAuthn ceremonies of MFA and passkeys, written once over the ports of mfa-ports.ts (issue 25):
 * the library that builds options and checks signatures is a port (`WebauthnCrypto`: the server's
 * @simplewebauthn/server, demo mode's WebCrypto); the rules are here.
 *
 * - A challenge is single-use, lives five minutes and is bound to the user (when known) and the
 *   purpose; it doubles as the `webauthnToken`, which, when sent, must be the challenge answered.
 * - A credential is registered once; a security key is named after its type unless named.
 * - An assertion must come from a credential of the user (and of the device the path names; a
 *   passkey, for a passkey sign-in, whose user handle names its user); a response that does not
 *   fit still uses its challenge up (never retried against the same challenge).
 */
import { contractError } from '../contract/errors';
import { securityKeyName } from './mfa';
import { consumeChallenge, issueChallenge } from './mfa-challenges';
import type { MfaDevice, MfaPorts, NewMfaDevice, WebauthnCrypto, WebauthnDeviceType } from './mfa-ports';
import { fromBase64Url } from './base64url';

const TTL_SECONDS = 5 * 60;
type Ports = Pick<MfaPorts, 'keyOf' | 'challenges' | 'devices'> & { webauthn: WebauthnCrypto };
interface CeremonyUser {
  id: string;
  email: string;
  name?: string | null;
}

const failed = () => contractError('MFA_WEBAUTHN_FAILED');

/** Registration options for the user; the challenge is stored and doubles as the `webauthnToken`. */
export async function registrationOptions(
  p: Ports,
  user: CeremonyUser,
  input: { deviceType: WebauthnDeviceType; passkey: boolean; purpose: string },
) {
  const exclude = (await p.devices.list(user.id)).filter((d) => d.kind === 'webauthn' && d.credentialId);
  const options = await p.webauthn.registrationOptions({
    ...input,
    user,
    exclude,
    timeoutMs: TTL_SECONDS * 1000,
  });
  const data = { deviceType: input.deviceType, passkey: input.passkey };
  await issueChallenge(
    p,
    { purpose: input.purpose, userId: user.id, data, ttlSeconds: TTL_SECONDS },
    options.challenge,
  );
  return { options, webauthnToken: options.challenge };
}

/**
 * A registration checked against a live challenge of this user and purpose: the device to store
 * (MFA_WEBAUTHN_FAILED when anything fails, or the credential is registered already).
 */
export async function registeredDevice(
  p: Ports,
  userId: string,
  response: unknown,
  input: { purpose: string; webauthnToken?: string; deviceType?: WebauthnDeviceType; name?: string },
): Promise<NewMfaDevice> {
  const issued: { data?: Record<string, unknown> } = {};
  const credential = await p.webauthn.verifyRegistration(response, async (challenge) => {
    if (input.webauthnToken !== undefined && challenge !== input.webauthnToken) return false;
    issued.data = (await consumeChallenge(p, input.purpose, challenge, userId))?.data;
    return issued.data !== undefined;
  });
  if (!credential || !issued.data) throw failed();
  if (await p.devices.byCredential(credential.credentialId)) throw failed();
  const data = issued.data as { deviceType?: WebauthnDeviceType; passkey?: boolean };
  const deviceType = input.deviceType ?? data.deviceType ?? 'cross-platform';
  return {
    kind: 'webauthn',
    name: input.name ?? securityKeyName(deviceType),
    ...credential,
    deviceType,
    passkey: data.passkey === true,
  };
}

/** Authentication options for these devices (none: any passkey, discoverable credentials). */
export async function authenticationOptions(
  p: Ports,
  userId: string | null,
  purpose: string,
  devices: MfaDevice[] = [],
) {
  const allow = devices.filter((d) => d.credentialId);
  const options = await p.webauthn.authenticationOptions({ allow, timeoutMs: TTL_SECONDS * 1000 });
  await issueChallenge(p, { purpose, userId, data: {}, ttlSeconds: TTL_SECONDS }, options.challenge);
  return { options, webauthnToken: options.challenge };
}

/** The text a base64url field of a response holds, or null. */
function textOf(field: unknown): string | null {
  try {
    return typeof field === 'string' ? new TextDecoder().decode(fromBase64Url(field)) : null;
  } catch {
    return null;
  }
}

/** The challenge a response signed (from its clientDataJSON), or null. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  try {
    const data = JSON.parse(textOf(response.response?.clientDataJSON) ?? '') as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Verifies an assertion against a stored credential: a live challenge of this purpose (and user,
 * when known), signature and counter (the port), then the device's use is recorded. The device.
 */
export async function authenticatedDevice(
  p: Ports,
  response: unknown,
  input: {
    purpose: string;
    userId: string | null;
    webauthnToken?: string;
    deviceId?: string;
    passkeyOnly?: boolean;
  },
): Promise<MfaDevice> {
  const sent = (typeof response === 'object' && response !== null ? response : {}) as {
    id?: unknown;
    response?: { clientDataJSON?: unknown; userHandle?: unknown };
  };
  const device = typeof sent.id === 'string' ? await p.devices.byCredential(sent.id) : null;
  const fits =
    device &&
    (!input.userId || device.userId === input.userId) &&
    (!input.deviceId || device.id === input.deviceId) &&
    (!input.passkeyOnly || device.passkey);
  if (!fits) {
    const challenge = challengeOf(sent);
    if (challenge) await consumeChallenge(p, input.purpose, challenge, input.userId);
    throw input.passkeyOnly ? failed() : contractError('MFA_DEVICE_UNKNOWN').withStatus(400);
  }
  if (input.passkeyOnly && sent.response?.userHandle && textOf(sent.response.userHandle) !== device.userId)
    throw failed();
  const counter = await p.webauthn.verifyAuthentication(response, device, {
    challenge: async (challenge) =>
      (input.webauthnToken === undefined || challenge === input.webauthnToken) &&
      (await consumeChallenge(p, input.purpose, challenge, input.userId)) !== null,
    requireUserVerification: input.passkeyOnly === true,
  });
  if (counter === null) throw failed();
  await p.devices.recordUse(device.id, counter);
  return device;
}
