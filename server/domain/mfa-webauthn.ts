/**
 * WebAuthn for the server's MFA service (server/domain/mfa.ts): security keys as a second factor
 * and passkeys, with @simplewebauthn/server. Challenges are stored hashed (single-use, five
 * minutes, bound to the user and the purpose); origin and RP id must be the configured ones.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { contractError } from '../../core/contract/errors';
import { securityKeyName } from '../../core/domain/mfa';
import type { MfaDevice, WebauthnDeviceType } from '../../core/domain/mfa-ports';
import type { Database } from '../storage/database';
import { MfaBase } from './mfa-base';
import type { SecretBox } from './mfa-crypto';
import type { UserRow } from './users';

export type DeviceType = WebauthnDeviceType;
const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;

export interface WebAuthnSettings {
  rpId: string;
  rpName: string;
  origins: string[];
  /**
   * Development mode without WEBAUTHN_RP_ID: the relying party is the calling page's host name
   * (`rpIdFor`), so a page opened at http://localhost works whatever APP_URL says. `rpId` is then
   * only the fallback for a call that names no page.
   */
  rpIdFromRequest?: boolean;
}

/** The page a WebAuthn call comes from: its Origin header, else the Host it was sent to. */
interface WebAuthnCaller {
  origin?: string;
  host?: string;
}

function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname || null;
  } catch {
    return null;
  }
}

/** The challenge a WebAuthn response signed (from its clientDataJSON), or null. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (device: MfaDevice) => device.transports as AuthenticatorTransport[];

export class MfaWebauthn extends MfaBase {
  constructor(
    db: Database,
    box: SecretBox,
    readonly webauthn: WebAuthnSettings,
  ) {
    super(db, box);
  }

  /**
   * The relying-party id of a ceremony. Fixed by configuration (WEBAUTHN_RP_ID, else APP_URL's host
   * name), except in development mode without WEBAUTHN_RP_ID: there it is the calling page's host
   * name (its Origin when that is one the ceremonies may run on, else the Host header), because a
   * browser accepts only the page's own domain or a parent of it, never an IP address. The options
   * and the verification of one ceremony come from the same page, so they agree.
   */
  rpIdFor(caller: WebAuthnCaller): string {
    if (!this.webauthn.rpIdFromRequest) return this.webauthn.rpId;
    const origin = caller.origin && this.webauthn.origins.includes(caller.origin) ? caller.origin : undefined;
    const hostname = origin ? hostnameOf(origin) : caller.host ? hostnameOf(`http://${caller.host}`) : null;
    return hostname ?? this.webauthn.rpId;
  }

  /**
   * Registration options. The challenge is stored hashed (single-use, five minutes, bound to the
   * user and the purpose) and doubles as the `webauthnToken`.
   */
  async registrationOptions(
    user: Pick<UserRow, 'id' | 'email' | 'name'>,
    input: { deviceType: DeviceType; passkey: boolean; purpose: string; rpId: string },
  ) {
    const existing = (await this.devices(user.id)).filter((d) => d.kind === 'webauthn' && d.credentialId);
    const options = await generateRegistrationOptions({
      rpName: this.webauthn.rpName,
      rpID: input.rpId,
      userName: user.email,
      userDisplayName: user.name ?? user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((d) => ({ id: d.credentialId!, transports: transportsOf(d) })),
      authenticatorSelection: {
        authenticatorAttachment: input.deviceType,
        residentKey: input.passkey ? 'required' : 'preferred',
        userVerification: input.passkey ? 'required' : 'preferred',
      },
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.issueChallenge(
      input.purpose,
      user.id,
      { deviceType: input.deviceType, passkey: input.passkey },
      WEBAUTHN_CHALLENGE_TTL_SECONDS,
      options.challenge,
    );
    return { options, webauthnToken: options.challenge };
  }

  /**
   * Verifies a registration: the challenge in the response must be a live one of this user and
   * purpose (and the given webauthnToken, when there is one); origin and RP id must be the
   * configured ones. Nothing is stored unless everything checks.
   */
  async finishRegistration(
    userId: string,
    response: RegistrationResponseJSON,
    input: { purpose: string; webauthnToken?: string; deviceType?: DeviceType; name?: string; rpId: string },
  ) {
    let challengeData: Record<string, unknown> | null = null;
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: async (challenge) => {
          if (input.webauthnToken !== undefined && challenge !== input.webauthnToken) return false;
          const row = await this.consumeChallenge(input.purpose, challenge, userId);
          challengeData = row?.data ?? null;
          return row !== null;
        },
        expectedOrigin: this.webauthn.origins,
        expectedRPID: input.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw contractError('MFA_WEBAUTHN_FAILED');
    }
    if (!verification.verified || !challengeData) throw contractError('MFA_WEBAUTHN_FAILED');
    const data = challengeData as { deviceType?: DeviceType; passkey?: boolean };
    const { credential } = verification.registrationInfo;
    const deviceType: DeviceType = input.deviceType ?? data.deviceType ?? 'cross-platform';
    return this.addDevice(userId, {
      kind: 'webauthn',
      name: input.name ?? securityKeyName(deviceType),
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType,
      passkey: data.passkey === true,
    });
  }

  /** Authentication options for the user's WebAuthn devices, or for any passkey (userId null: discoverable credentials). */
  async authenticationOptions(userId: string | null, purpose: string, rpId: string, devices?: MfaDevice[]) {
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      allowCredentials: (devices ?? [])
        .filter((d) => d.credentialId)
        .map((d) => ({ id: d.credentialId!, transports: transportsOf(d) })),
      userVerification: 'preferred',
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.issueChallenge(purpose, userId, {}, WEBAUTHN_CHALLENGE_TTL_SECONDS, options.challenge);
    return { options, webauthnToken: options.challenge };
  }

  /**
   * Verifies an assertion against a stored credential: live challenge of this purpose (and user,
   * when known), configured origin and RP id, signature, and a counter that moved forward.
   * Returns the device.
   */
  async finishAuthentication(
    response: AuthenticationResponseJSON,
    input: {
      purpose: string;
      userId: string | null;
      webauthnToken?: string;
      deviceId?: string;
      passkeyOnly?: boolean;
      rpId: string;
    },
  ): Promise<MfaDevice> {
    const device = await this.store.devices.byCredential(response.id);
    const fits =
      device &&
      (!input.userId || device.userId === input.userId) &&
      (!input.deviceId || device.id === input.deviceId) &&
      (!input.passkeyOnly || device.passkey);
    if (!fits) {
      // Burn the challenge anyway: a response is never retried against the same challenge.
      const challenge = challengeOf(response);
      if (challenge) await this.consumeChallenge(input.purpose, challenge, input.userId);
      throw input.passkeyOnly
        ? contractError('MFA_WEBAUTHN_FAILED')
        : contractError('MFA_DEVICE_UNKNOWN').withStatus(400);
    }
    if (input.passkeyOnly && response.response.userHandle) {
      const handle = Buffer.from(response.response.userHandle, 'base64url').toString('utf8');
      if (handle !== device.userId) throw contractError('MFA_WEBAUTHN_FAILED');
    }
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: async (challenge) => {
          if (input.webauthnToken !== undefined && challenge !== input.webauthnToken) return false;
          return (await this.consumeChallenge(input.purpose, challenge, input.userId ?? undefined)) !== null;
        },
        expectedOrigin: this.webauthn.origins,
        expectedRPID: input.rpId,
        credential: {
          id: device.credentialId!,
          publicKey: new Uint8Array(Buffer.from(device.publicKey!, 'base64url')),
          counter: device.signCount,
          transports: transportsOf(device),
        },
        requireUserVerification: input.passkeyOnly === true,
      });
    } catch {
      throw contractError('MFA_WEBAUTHN_FAILED');
    }
    if (!verification.verified) throw contractError('MFA_WEBAUTHN_FAILED');
    await this.store.devices.recordUse(device.id, verification.authenticationInfo.newCounter);
    return device;
  }
}
