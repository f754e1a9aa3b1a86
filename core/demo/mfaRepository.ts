/**
 * Demo mode's MFA: what differs from the server's in the MFA ports both backends assemble
 * (core/domain/mfa-assembly.ts) over the page's stored tables, among them the gate's read of the
 * policy rows (the server's one SQL statement, server/storage/mfa.ts): the platform's `mfa` member
 * (core/demo/platform.ts), loaded with the back office. Keys are the values themselves (sample
 * data in the visitor's browser). server/storage/mfa.test.ts holds this store and the server's to
 * the same cases.
 */
import type { MfaPlatform } from '../domain/mfa-assembly';
import { DEFAULT_MFA_POLICY, enforceMfaTypeOf } from '../domain/mfa-gate';
import type { MfaGateReader, WebauthnCrypto } from '../domain/mfa-ports';
import { MFA_STRATEGIES } from '../domain/mfa-steps';
import { mfaStorePorts } from '../domain/mfa-store';
import { MFA_POLICIES } from '../domain/security-policy-tables';
import type { RowClock, Tables } from '../domain/tables';
import { demoUserOf, type DemoDatabase } from './data';

const NAME = 'Auth Elements demo';

/**
 * WebAuthn's checks with WebCrypto on the page's own host (core/domain/webauthn-crypto.ts), loaded
 * with the first ceremony: the sign-in page's demo chunk does not carry them.
 */
function lazyWebauthn(): WebauthnCrypto {
  const site = {
    rpId: globalThis.location?.hostname ?? '',
    rpName: NAME,
    origin: globalThis.location?.origin ?? '',
  };
  const checks = () => import('../domain/webauthn-crypto').then((m) => m.webCryptoWebauthn(site));
  return {
    rpId: site.rpId,
    registrationOptions: async (input) => (await checks()).registrationOptions(input),
    verifyRegistration: async (response, challenge) =>
      (await checks()).verifyRegistration(response, challenge),
    authenticationOptions: async (input) => (await checks()).authenticationOptions(input),
    verifyAuthentication: async (response, device, input) =>
      (await checks()).verifyAuthentication(response, device, input),
  };
}

/**
 * Demo mode's `mfa` member of the platform (core/domain/mfa-assembly.ts `MfaPlatform`): tokens and
 * secrets kept as they are, the gate's read of its tables, every strategy on, WebAuthn on the
 * page's own host, an SVG QR code, the store's enrolment (it announces nothing); over the
 * platform's tables and clock.
 */
export function demoMfaPlatform(db: DemoDatabase, tables: Tables, clock: RowClock): MfaPlatform {
  const keyOf = (_purpose: string, token: string) => token;
  /**
   * The gate's read, as the server's one statement: the user's second factors, the MFA policy the
   * account saved on its security page (its row of `tenant_mfa_policies`) with the remember-device
   * settings the server's columns default to (the page saves none), and the demo's "enforce MFA"
   * switch as the vendor's.
   */
  const gate: MfaGateReader = {
    async gateFacts(userId, tenantId) {
      const devices = userId ? await mfaStorePorts(tables, clock, { keyOf, gate }).devices.list(userId) : [];
      const saved = tenantId ? await tables.of(MFA_POLICIES).row({ tenantId }) : null;
      return {
        account: saved
          ? { ...DEFAULT_MFA_POLICY, enforceMFAType: enforceMfaTypeOf(saved.enforce, saved.exceptSaml) }
          : null,
        vendorEnforceMFAType: db.settings?.mfaEnforced ? 'Force' : null,
        secondFactors: devices.filter((d) => !d.passkey),
      };
    },
  };
  return {
    keyOf,
    gate,
    webauthn: lazyWebauthn,
    box: { seal: (secret) => secret, open: (secret) => secret },
    // Every strategy is on in demo mode, as the server's default, and passkeys too.
    vendor: async () => ({ strategies: MFA_STRATEGIES, passkeysEnabled: true }),
    totpIssuer: NAME,
    async qrCode(uri) {
      const { default: QRCode } = await import('qrcode');
      return `data:image/svg+xml;base64,${btoa(await QRCode.toString(uri, { type: 'svg', margin: 1 }))}`;
    },
    addDevice: undefined,
    // The account the sign-in opens: the one the row names (a login alias's), else the active one.
    accountOf: async (user) => demoUserOf(db, user.id, user.activeTenantId ?? undefined)?.tenantId ?? null,
  };
}
