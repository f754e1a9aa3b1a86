/**
 * MFA's ports (core/domain/mfa-steps.ts `MfaHandlerPorts`, what the handlers of mfa-handlers.ts and
 * mfa-sign-in-handlers.ts ask) assembled once for both backends from their tables and clock: the
 * store (core/domain/mfa-store.ts), a device's enrolment (mfa-devices.ts) and whether passkeys may
 * sign in (the sign-in methods, core/domain/sign-in-methods.ts). What differs by backend comes in
 * `MfaBackend`: how a token is keyed, the gate's read, WebAuthn's checks, the secret box, the
 * vendor's switches, the users, sending, the session and its cookies. The areas run it over the
 * platform (core/domain/platform.ts): a signed-in person's factors and passkeys (`mfaAreaPorts`,
 * MFA_HANDLERS) and the sign-in's second step and passkey sign-in (`mfaSignInAreaPorts`,
 * MFA_SIGN_IN_HANDLERS), whose `mfa` member is what differs by backend (`MfaPlatform`); the gate
 * of a first-factor sign-in is the platform's too (`mfaGateOn`).
 */
import { enrolDevice } from './mfa-devices';
import type { MfaGateReader, MfaPorts, WebauthnCrypto } from './mfa-ports';
import type { SecretBox } from './mfa-totp';
import type { Platform, PortsFor, PublicPortsFor, Visit } from './platform';
import { mfaGateAnswer, type MfaHandlerPorts, type MfaUser } from './mfa-steps';
import { mfaStorePorts } from './mfa-store';
import { signInMethodStore } from './sign-in-method-storage';
import {
  assertAccountAllows,
  assertVendorAllows,
  type SignInMethod,
  type SignInMethodPorts,
} from './sign-in-methods';
import type { RowClock, Tables } from './tables';
import { userRepository, type UserRow } from './user-tables';

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
function mfaPortsOver(tables: Tables, clock: RowClock, backend: MfaBackend): MfaHandlerPorts {
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
function mfaGateOver(
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

/** What MFA takes of a backend (core/domain/platform.ts `Platform.mfa`). */
export interface MfaPlatform {
  /** The key kept for a token of `purpose` (the server's SHA-256 of both; demo mode's the token itself). */
  keyOf: MfaPorts['keyOf'];
  /** The gate's read: the server's one statement; demo mode's over its tables. */
  gate: MfaGateReader;
  /**
   * WebAuthn's checks for the page a call comes from (its Origin header, else its Host): the server's
   * relying party and library; demo mode's WebCrypto on the page's own host.
   */
  webauthn(site: { origin?: string | undefined; host?: string | undefined }): WebauthnCrypto;
  /** How an authenticator's secret is kept (the server's AES-256-GCM, demo mode's plain text). */
  box: SecretBox;
  /** The vendor's active MFA strategies and its passkeys switch (demo mode: every one on). */
  vendor(): Promise<{ strategies: readonly string[]; passkeysEnabled: boolean }>;
  /** The issuer an authenticator app shows. */
  totpIssuer: string;
  /** The QR code of an otpauth URI, as a data: address. */
  qrCode(uri: string): Promise<string>;
  /**
   * Stores a verified device where the backend does more in the same transaction (the server tells
   * the account's webhooks); undefined: the store's enrolment (demo mode announces nothing).
   */
  addDevice: MfaHandlerPorts['addDevice'] | undefined;
  /** The account a user's sign-in opens: the server's active one among their memberships; demo mode's. */
  accountOf(user: UserRow): Promise<string | null>;
}

/** Sends an MFA code to its target in the recipient's language, over the platform's email and SMS. */
const deliverOn =
  (platform: Platform): MfaHandlerPorts['deliver'] =>
  async (user, target, code) => {
    if (target.kind === 'sms')
      await platform.sendSms({ userId: user.id, phone: target.phone }, 'verificationCode', code);
    else await platform.sendEmail({ userId: user.id, email: target.email }, 'verificationCode', { code });
  };

/** MFA's ports over the platform: `request` is what the call adds (its page, caller, session). */
function mfaOn(
  platform: Platform,
  request: Pick<MfaHandlerPorts, 'impersonating' | 'checkOrigin' | 'startSession'> & {
    site: { origin?: string | undefined; host?: string | undefined };
    accountOf: MfaBackend['accountOf'];
  },
): MfaHandlerPorts {
  const { webauthn, addDevice, accountOf: _account, ...mfa } = platform.mfa;
  const { site, ...rest } = request;
  return mfaPortsOver(platform.tables, platform.clock, {
    ...mfa,
    ...rest,
    webauthn: webauthn(site),
    ...(addDevice ? { addDevice } : {}),
    user: (id) => userRepository(platform.tables, platform.clock).byId(id),
    deliver: deliverOn(platform),
    signInMethods: signInMethodStore(platform.tables, platform.clock, platform.signInMethods),
  });
}

/**
 * The sign-in's second step and passkey sign-in (MFA_SIGN_IN_HANDLERS, public: the mfaToken names
 * the sign-in) over the platform and the request: the session opens with the visit's cookies.
 */
export const mfaSignInAreaPorts: PublicPortsFor<MfaHandlerPorts> = (platform, visit) =>
  mfaOn(platform, {
    site: visit.site,
    impersonating: false,
    checkOrigin: () => visit.checkOrigin(),
    // The user is a row of `users` (`user` above reads them).
    startSession: async (user, tenantId, remember) =>
      (await visit.startSession(user as UserRow, tenantId, remember)) as unknown as Record<string, unknown>,
    accountOf: (user) => platform.mfa.accountOf(user as UserRow),
  });

/**
 * A signed-in person's factors and passkeys (MFA_HANDLERS) over the platform and the caller: the
 * users are rows of `users`, a code goes by the platform's email or SMS in the recipient's language.
 * No session opens here (the sign-in's steps are the public handlers').
 */
export const mfaAreaPorts: PortsFor<MfaHandlerPorts> = (platform, caller) =>
  mfaOn(platform, {
    site: caller.site ?? {},
    impersonating: caller.impersonating,
    // A bearer's call: no cross-site page to refuse (the sign-in steps check theirs).
    checkOrigin: () => {},
    startSession: () => Promise.reject(new Error('a signed-in call opens no session')),
    // The caller's account: its sign-in methods apply.
    accountOf: async () => caller.tenantId,
  });

/**
 * The MFA gate of a first factor over the platform and the request: the account the sign-in opens
 * (the user's active one, or `signIn.tenantId` when they are its member: a login alias's), the
 * browser's remembered device; `method` (a local first factor's) refused when that account has it
 * off. `inAccount` is the gate in an account already picked (a federated sign-in answers with it):
 * `firstFactor` 'saml' lets a SAML sign-in through a policy of ForceExceptSAML.
 */
export function mfaGateOn(platform: Platform, visit: Pick<Visit, 'rememberedDevice'>) {
  const { keyOf, gate, vendor, accountOf } = platform.mfa;
  const signInMethods = signInMethodStore(platform.tables, platform.clock, platform.signInMethods);
  const check = mfaGateOver(platform.tables, platform.clock, { keyOf, gate, vendor, signInMethods });
  const inAccount = (user: UserRow, tenantId: string | null, firstFactor?: 'saml', method?: SignInMethod) =>
    check(user, { tenantId, remembered: visit.rememberedDevice, method, firstFactor });
  const gateOf = async (user: UserRow, method?: SignInMethod, signIn: { tenantId?: string | null } = {}) => {
    const preferred = signIn.tenantId ? { ...user, activeTenantId: signIn.tenantId } : user;
    return inAccount(user, await accountOf(preferred), undefined, method);
  };
  return Object.assign(gateOf, { inAccount });
}
