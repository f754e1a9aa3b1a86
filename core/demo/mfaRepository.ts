/**
 * Demo mode's MFA store: the store of core/domain/mfa-store.ts (the server's own) over the page's
 * stored tables, with the gate's read of the policy rows (the server's one SQL statement,
 * server/storage/mfa.ts), and the gate of a first-factor sign-in (loaded by the first sign-in: the
 * sign-in page's first chunk has none of MFA). Keys are the values themselves (sample data in the
 * visitor's browser). server/storage/mfa.test.ts holds this store and the server's to the same cases.
 */
import { DEFAULT_MFA_POLICY, enforceMfaTypeOf } from '../domain/mfa-gate';
import type { MfaDeviceRepository, MfaGateReader, StoredMfaPolicies } from '../domain/mfa-ports';
import { mfaStorePorts } from '../domain/mfa-store';
import { mfaGateAnswer } from '../domain/mfa-steps';
import { MFA_POLICIES } from '../domain/security-policy-tables';
import { storedRows, type DemoDatabase, type DemoUser } from './data';
import type { DemoClock } from './rows';
import { memoryTables } from './tables';

/**
 * The policy rows of demo mode, as the server's gate reads them: the MFA policy the account saved on
 * its security page (its row of `tenant_mfa_policies`, core/domain/security-policy-tables.ts), with the remember-device
 * settings the server's columns default to (the page saves none); the demo's "enforce MFA" switch is
 * the vendor's.
 */
function demoMfaPolicies(db: DemoDatabase, tenantId: string | null): StoredMfaPolicies {
  const saved = storedRows(db.tables, MFA_POLICIES).find((row) => row.tenantId === tenantId);
  return {
    account: saved
      ? { ...DEFAULT_MFA_POLICY, enforceMFAType: enforceMfaTypeOf(saved.enforce, saved.exceptSaml) }
      : null,
    vendorEnforceMFAType: db.settings?.mfaEnforced ? 'Force' : null,
  };
}

/** The gate's read of a sign-in: the demo's policy rows and the user's second factors (of `devices`). */
export const demoMfaGate = (db: DemoDatabase, devices: () => MfaDeviceRepository): MfaGateReader => ({
  gateFacts: async (userId, tenantId) => ({
    ...demoMfaPolicies(db, tenantId),
    secondFactors: userId ? (await devices().list(userId)).filter((d) => !d.passkey) : [],
  }),
});

/** MFA's store (core/domain/mfa-store.ts, the server's own) over the demo's tables; keys are the tokens. */
export function demoMfaRepository(db: DemoDatabase, tools: DemoClock) {
  const clock = { now: tools.now, newId: tools.random };
  const store = mfaStorePorts(memoryTables((db.tables ??= {})), clock, {
    keyOf: (_purpose, token) => token,
    gate: demoMfaGate(db, () => store.devices),
  });
  return store;
}

/** Every strategy is on in demo mode, and passkeys too. */
export const DEMO_MFA_VENDOR = {
  strategies: ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'],
  passkeysEnabled: true,
};

/**
 * The MFA gate of the demo's first-factor sign-ins (core/domain/mfa-steps.ts, as the server's), over
 * the demo's devices, the account's saved policy, the demo's switch and this browser's remember-device
 * token. As the server's (server/http/mfa-gate.ts): the policy of the account the sign-in opens
 * (`tenantId`, else the user's active one), which the mfaToken keeps; a SAML first factor passes a
 * policy of ForceExceptSAML.
 */
export const gate = (
  t: DemoClock,
  db: DemoDatabase,
  user: DemoUser,
  tenantId?: string | null,
  firstFactor?: 'saml',
) =>
  mfaGateAnswer(
    { ...demoMfaRepository(db, t), vendor: async () => DEMO_MFA_VENDOR },
    user,
    tenantId ?? user.tenantId,
    db.rememberedBrowser,
    firstFactor,
  );
