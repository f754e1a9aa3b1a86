import { css } from '@emotion/react';
import { type createAccountMfaApi } from '../../../../core/api/accountMfa';
import { type createMfaApi, type DeviceType } from '../../../../core/api/mfa';
import type { MfaDevices } from '../../../../core/api/types';
import { en as base } from '../../../i18n/en';
import { enMfa } from '../../../i18n/en-mfa';

export const en = { ...base, ...enMfa };
export const t = en.portalMfa;
export const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '8px' });

/** The WebAuthn kinds the section offers to add: device type, MFA strategy, button label. */
export const WEBAUTHN_KINDS: Array<[DeviceType, string, string]> = [
  ['platform', 'WebAuthnPlatform', t.addPlatform],
  ['cross-platform', 'WebAuthnCrossPlatform', t.addCrossPlatform],
];

export type Device = {
  id: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  name: string;
  createdAt?: string;
};

export function flatten(devices: MfaDevices): Device[] {
  return [
    ...devices.authenticators.map((d) => ({
      id: d.id,
      kind: 'authenticator' as const,
      name: t.authenticator,
      createdAt: d.createdAt,
    })),
    ...devices.phones.map((d) => ({
      id: d.id,
      kind: 'sms' as const,
      name: t.phone(d.phoneNumber ?? ''),
      createdAt: d.createdAt,
    })),
    ...(devices.emails ?? []).map((d) => ({
      id: d.id,
      kind: 'email' as const,
      name: t.email(d.email ?? ''),
      createdAt: d.createdAt,
    })),
    ...devices.webauthn.map((d) => ({
      id: d.id,
      kind: 'webauthn' as const,
      name: t.webauthn(d.deviceType),
      createdAt: d.createdAt,
    })),
  ];
}

export type Api = ReturnType<typeof createMfaApi> & ReturnType<typeof createAccountMfaApi>;
