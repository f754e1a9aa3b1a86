/**
 * WebAuthn for the server's MFA service (server/domain/mfa.ts): the relying party of a ceremony and
 * the server's WebAuthn port (core/domain/mfa-ports.ts `WebauthnCrypto`) over @simplewebauthn/server,
 * which reads attestation objects and COSE keys; the ceremonies' rules (challenges, which credential
 * fits) are core/domain/mfa-webauthn.ts. Origin and RP id must be the configured ones.
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
import type { MfaDevice, WebauthnCrypto } from '../../core/domain/mfa-ports';
import type { Database } from '../storage/database';
import { MfaBase } from './mfa-base';
import type { SecretBox } from './mfa-crypto';

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
}

/** The server's WebAuthn port for a ceremony of relying party `rpId` (@simplewebauthn/server). */
export function simpleWebauthn(settings: WebAuthnSettings, rpId: string): WebauthnCrypto {
  const allowed = (devices: MfaDevice[]) =>
    devices.map((d) => ({ id: d.credentialId!, transports: transportsOf(d) }));
  return {
    rpId,
    registrationOptions: ({ user, deviceType, passkey, exclude, timeoutMs }) =>
      generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: rpId,
        userName: user.email,
        userDisplayName: user.name ?? user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: allowed(exclude),
        authenticatorSelection: {
          authenticatorAttachment: deviceType,
          residentKey: passkey ? 'required' : 'preferred',
          userVerification: passkey ? 'required' : 'preferred',
        },
        timeout: timeoutMs,
      }),
    async verifyRegistration(response, challenge) {
      try {
        const sent = response as RegistrationResponseJSON;
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response: sent,
          expectedChallenge: challenge,
          expectedOrigin: settings.origins,
          expectedRPID: rpId,
          requireUserVerification: false,
        });
        if (!verified) return null;
        const { credential } = registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? sent.response.transports ?? [],
        };
      } catch {
        return null;
      }
    },
    authenticationOptions: ({ allow, timeoutMs }) =>
      generateAuthenticationOptions({
        rpID: rpId,
        allowCredentials: allowed(allow),
        userVerification: 'preferred',
        timeout: timeoutMs,
      }),
    async verifyAuthentication(response, device, { challenge, requireUserVerification }) {
      try {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: settings.origins,
          expectedRPID: rpId,
          credential: {
            id: device.credentialId!,
            publicKey: new Uint8Array(Buffer.from(device.publicKey!, 'base64url')),
            counter: device.signCount,
            transports: transportsOf(device),
          },
          requireUserVerification,
        });
        return verified ? authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}
