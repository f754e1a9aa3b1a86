/**
 * MFA's ports (core/domain/mfa-steps.ts `MfaHandlerPorts`, what the handlers of mfa-handlers.ts and
 * mfa-sign-in-handlers.ts ask) assembled once for both backends from their tables and clock: the
 * store (core/domain/mfa-store.ts), a device's enrolment (mfa-devices.ts) and whether passkeys may
 * sign in (the sign-in methods, core/domain/sign-in-methods.ts). What differs by backend comes in
 * `MfaBackend`: how a token is keyed, the gate's read, WebAuthn's checks, the secret box, the
 * vendor's switches, the users, sending, the session and its cookies. server/routes/mfa.ts and
 * core/demo/mfaFlows.ts call it; the gate of a first-factor sign-in (`mfaGateOver`) is assembled
 * the same way for server/http/mfa-gate.ts and core/demo/mfaRepository.ts.
 */
import { enrolDevice } from './mfa-devices';
import type { MfaPorts } from './mfa-ports';
import { mfaGateAnswer, type MfaHandlerPorts, type MfaUser } from './mfa-steps';
import { mfaStorePorts } from './mfa-store';
import {
  assertAccountAllows,
  assertVendorAllows,
  type SignInMethod,
  type SignInMethodPorts,
} from './sign-in-methods';
import type { RowClock, Tables } from './tables';

/** What the store assembles here; the rest of the handlers' ports is the backend's. */
type Assembled = keyof MfaPorts | 'limitSend' | 'atomically' | 'addDevice' | 'assertPasskeySignIn';

/** What MFA's ports take of a backend besides its tables and clock. */
type MfaBackend = Omit<MfaHandlerPorts, Assembled> &
  Pick<MfaPorts, 'keyOf' | 'gate'> & {
    /** The sign-in methods passkeys are checked against: the application's, and a user's account's. */
    signInMethods: SignInMethodPorts;
    /** The account a user's sign-in opens (its sign-in methods apply). */
    accountOf(user: MfaUser): Promise<string | null>;
    /**
     * Stores a verified device, where the backend does more in the same transaction (the server tells
     * the account's webhooks); else the enrolment in one transaction of the store.
     */
    addDevice?: MfaHandlerPorts['addDevice'];
  };

/** MFA's ports over `tables` (the server's database, the demo's stored tables), for one request. */
export function mfaPortsOver(tables: Tables, clock: RowClock, backend: MfaBackend): MfaHandlerPorts {
  const { keyOf, gate, signInMethods, accountOf, addDevice, ...rest } = backend;
  const store = mfaStorePorts(tables, clock, { keyOf, gate });
  return {
    ...rest,
    ...store,
    addDevice:
      addDevice ?? ((userId, device) => store.atomically((over) => enrolDevice(over, userId, device))),
    async assertPasskeySignIn(user) {
      if (user) await assertAccountAllows(signInMethods, await accountOf(user), 'Passkeys');
      else await assertVendorAllows(signInMethods, 'Passkeys');
    },
  };
}

/** A first factor proven, as the gate reads it. */
interface FirstFactor {
  /** The account the sign-in opens: its policy applies, and the mfaToken keeps it. */
  tenantId: string | null;
  /** The browser's remember-device token (the server's cookie), if any. */
  remembered: unknown;
  /** A local first factor's sign-in method: refused when the account has it off (after the proof). */
  method?: SignInMethod | undefined;
  /** 'saml' lets a SAML sign-in through an MFA policy of ForceExceptSAML. */
  firstFactor?: 'saml' | undefined;
}

/**
 * The MFA gate of a first-factor sign-in over `tables`: the account's sign-in method, then
 * mfa-steps.ts `mfaGateAnswer` (null: sign in now; else the answer that asks for the second factor).
 */
export function mfaGateOver(
  tables: Tables,
  clock: RowClock,
  backend: Pick<MfaBackend, 'keyOf' | 'gate' | 'vendor' | 'signInMethods'>,
) {
  const { keyOf, gate, vendor, signInMethods } = backend;
  const store = { ...mfaStorePorts(tables, clock, { keyOf, gate }), vendor };
  return async (user: MfaUser, signIn: FirstFactor) => {
    if (signIn.method) await assertAccountAllows(signInMethods, signIn.tenantId, signIn.method);
    return mfaGateAnswer(store, user, signIn.tenantId, signIn.remembered, signIn.firstFactor);
  };
}
