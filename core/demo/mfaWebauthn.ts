/**
 * Demo mode's WebAuthn second factors and passkeys (core/demo/webauthnCrypto.ts): random single-use
 * challenges, the credential's SPKI public key stored at registration, assertions verified with
 * WebCrypto; rp id is location.hostname, origin location.origin.
 */
import { securityKeyName } from '../domain/mfa';
import type { DemoDatabase, DemoUser } from './data';
import {
  addDevice,
  isObject,
  state,
  type DemoChallenge,
  type DemoMfaDevice,
  type DemoMfaTools,
  type DeviceType,
  type Json,
} from './mfaState';
import {
  COSE_ES256,
  COSE_RS256,
  checkRegistration,
  fromBase64Url,
  newChallenge,
  toBase64Url,
  verifyAssertion,
  type AuthenticationJson,
  type RegistrationJson,
} from './webauthnCrypto';

const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;

/** The demo's relying party: the page's own host and origin. */
const site = () => ({
  rpId: globalThis.location?.hostname ?? '',
  origin: globalThis.location?.origin ?? '',
});
const challenges = (db: DemoDatabase) => (state(db).challenges ??= []);

/**
 * The device type asked for, or the route's default. The body has passed the contract's schema,
 * after the client SDK's spelling was brought to its own (core/contract/requests-webauthn.ts).
 */
export const deviceTypeOf = (body: Json, fallback: DeviceType): DeviceType =>
  (body.deviceType as DeviceType | undefined) ?? fallback;

function issueChallenge(
  t: DemoMfaTools,
  db: DemoDatabase,
  purpose: string,
  userId: string | null,
  data: { deviceType: DeviceType; passkey: boolean },
): string {
  const live = challenges(db).filter((c) => !c.used && c.expiresAt > t.now());
  const challenge = newChallenge();
  live.push({
    challenge,
    purpose,
    userId,
    ...data,
    expiresAt: t.now() + WEBAUTHN_CHALLENGE_TTL_MS,
    used: false,
  });
  state(db).challenges = live.slice(-20);
  return challenge;
}

/** Takes a live challenge of this purpose (and user, when given) and burns it: single use, even when the rest fails. */
function consumeChallenge(
  t: DemoMfaTools,
  db: DemoDatabase,
  purpose: string,
  challenge: string,
  userId: string | null,
  webauthnToken?: string,
): DemoChallenge | null {
  const row = challenges(db).find(
    (c) =>
      c.challenge === challenge &&
      c.purpose === purpose &&
      !c.used &&
      c.expiresAt > t.now() &&
      (userId === null || c.userId === userId),
  );
  if (!row) return null;
  row.used = true;
  return webauthnToken === undefined || webauthnToken === challenge ? row : null;
}

export function registrationOptions(
  t: DemoMfaTools,
  db: DemoDatabase,
  user: DemoUser,
  input: { deviceType: DeviceType; passkey: boolean; purpose: string },
) {
  const challenge = issueChallenge(t, db, input.purpose, user.id, input);
  const options = {
    rp: { name: 'Auth Elements demo', id: site().rpId },
    user: {
      id: toBase64Url(new TextEncoder().encode(user.id)),
      name: user.email,
      displayName: user.name || user.email,
    },
    challenge,
    pubKeyCredParams: [
      { type: 'public-key', alg: COSE_ES256 },
      { type: 'public-key', alg: COSE_RS256 },
    ],
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    attestation: 'none',
    excludeCredentials: state(db)
      .devices.filter((d) => d.userId === user.id && d.kind === 'webauthn')
      .map((d) => ({ id: d.credentialId!, type: 'public-key' })),
    authenticatorSelection: {
      authenticatorAttachment: input.deviceType,
      residentKey: input.passkey ? 'required' : 'preferred',
      requireResidentKey: input.passkey,
      userVerification: input.passkey ? 'required' : 'preferred',
    },
  };
  return { options, webauthnToken: challenge };
}

/** Checks the browser's registration JSON against a live challenge of this user; stores the credential. Null when anything fails. */
export async function finishRegistration(
  t: DemoMfaTools,
  db: DemoDatabase,
  user: DemoUser,
  json: unknown,
  input: { purpose: string; webauthnToken?: string; deviceType?: unknown; name?: string },
) {
  if (!isObject(json) || !isObject(json.response)) return null;
  let row: DemoChallenge | null = null;
  const credential = await checkRegistration(json as unknown as RegistrationJson, {
    ...site(),
    userVerification: false,
    challenge: (challenge) =>
      (row = consumeChallenge(t, db, input.purpose, challenge, user.id, input.webauthnToken)) !== null,
  });
  const issued = row as DemoChallenge | null;
  if (!credential || !issued) return null;
  if (state(db).devices.some((d) => d.credentialId === credential.credentialId)) return null;
  const deviceType: DeviceType =
    input.deviceType === 'platform' || input.deviceType === 'cross-platform'
      ? input.deviceType
      : issued.deviceType;
  return addDevice(t, db, user.id, {
    kind: 'webauthn',
    ...credential,
    deviceType,
    passkey: issued.passkey,
    name: input.name ?? securityKeyName(deviceType),
  });
}

export function authenticationOptions(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string | null,
  purpose: string,
  devices: DemoMfaDevice[],
) {
  const challenge = issueChallenge(t, db, purpose, userId, { deviceType: 'cross-platform', passkey: false });
  return {
    options: {
      challenge,
      rpId: site().rpId,
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      userVerification: 'preferred',
      allowCredentials: devices.map((d) => ({ id: d.credentialId!, type: 'public-key' })),
    },
    webauthnToken: challenge,
  };
}

interface AuthenticationInput {
  purpose: string;
  userId: string | null;
  webauthnToken?: string;
  deviceId?: string;
  passkeyOnly?: boolean;
}

/** Whether a passkey's user handle (when sent) names the device's user. */
function handleFits(assertion: AuthenticationJson, device: DemoMfaDevice): boolean {
  const handle = assertion.response.userHandle;
  if (typeof handle !== 'string' || !handle) return true;
  try {
    return new TextDecoder().decode(fromBase64Url(handle)) === device.userId;
  } catch {
    return false;
  }
}

/** Burns the challenge an assertion names: a response is never retried against the same challenge. */
function burnChallenge(
  t: DemoMfaTools,
  db: DemoDatabase,
  assertion: AuthenticationJson,
  input: AuthenticationInput,
) {
  try {
    const client = JSON.parse(
      new TextDecoder().decode(fromBase64Url(String(assertion.response.clientDataJSON ?? ''))),
    ) as { challenge?: unknown };
    if (typeof client.challenge === 'string')
      consumeChallenge(t, db, input.purpose, client.challenge, input.userId);
  } catch {
    /* not even JSON: nothing to burn */
  }
}

/** Verifies an assertion with WebCrypto against the stored credential; returns the device, or null. */
export async function finishAuthentication(
  t: DemoMfaTools,
  db: DemoDatabase,
  json: unknown,
  input: AuthenticationInput,
): Promise<DemoMfaDevice | null> {
  if (!isObject(json) || !isObject(json.response) || typeof json.id !== 'string') return null;
  const assertion = json as unknown as AuthenticationJson;
  const device = state(db).devices.find((d) => d.kind === 'webauthn' && d.credentialId === assertion.id);
  const fits =
    device &&
    (!input.userId || device.userId === input.userId) &&
    (!input.deviceId || device.id === input.deviceId) &&
    (!input.passkeyOnly || device.passkey) &&
    (!input.passkeyOnly || handleFits(assertion, device));
  const checked = fits
    ? await verifyAssertion(
        assertion,
        { publicKey: device.publicKey!, algorithm: device.algorithm!, signCount: device.signCount ?? 0 },
        {
          ...site(),
          userVerification: input.passkeyOnly === true,
          challenge: (challenge) =>
            consumeChallenge(t, db, input.purpose, challenge, input.userId, input.webauthnToken) !== null,
        },
      )
    : null;
  if (!checked || !device) {
    burnChallenge(t, db, assertion, input);
    return null;
  }
  device.signCount = checked.signCount;
  device.lastUsedAt = new Date(t.now()).toISOString();
  return device;
}
