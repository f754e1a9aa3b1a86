/**
 * A signed-in person's own MFA (descriptors: core/contract/routes/mfa.ts), written once for the
 * server and demo mode (core/domain/handlers.ts): the second factors (authenticator app, SMS, email
 * code, security keys), their recovery codes, and the passkeys. The descriptor refuses API tokens;
 * an impersonated session reads and changes nothing (core/domain/mfa.ts `refuseFactorChange`).
 *
 * Removing a second factor takes a fresh proof of that very factor, in the client SDK's two steps:
 * SMS sends a code to that phone (`/disable`, answering the masked number) and removes it with the
 * code (`/disable/verify`); WebAuthn answers a challenge for that credential, then removes it with
 * the assertion; the authenticator app is removed with a code or a recovery code. The email factor
 * (no client call) goes in one step. Wrong answers count towards the user's MFA lock.
 */
import { contractError, isContractError } from '../contract/errors';
import { clientDeviceType } from '../contract/requests-webauthn';
import {
  describeDevices,
  isSixDigitCode,
  passkeyName,
  recoveryAnswer,
  refuseFactorChange,
  removalPhoneNumber,
  webauthnStrategy,
} from './mfa';
import { assertNotLocked, spendSentCode, wrongAnswer } from './mfa-challenges';
import { issueRecoveryCodes, redeemRecoveryCode, removeDevice } from './mfa-devices';
import type { MfaDeviceKind, WebauthnDeviceType } from './mfa-ports';
import { finishAuthenticatorEnrolment, requireProof, verifyAuthenticator } from './mfa-totp';
import { answer, type AreaHandler, type AreaHandlers, type HandlerCall } from './handlers';
import {
  assertStrategy,
  newAuthenticator,
  personOf,
  sendCode,
  type MfaHandlerPorts,
  type MfaUser,
} from './mfa-steps';
import {
  authenticatedDevice,
  authenticationOptions,
  registeredDevice,
  registrationOptions,
} from './mfa-webauthn';

type P = MfaHandlerPorts;
type Change = (p: P, user: MfaUser, call: HandlerCall) => Promise<unknown>;

/** A change to the caller's own factors (refused to an impersonator); its answer's body. */
const change =
  (run: Change): AreaHandler<P> =>
  async (p, call) => {
    refuseFactorChange(p.impersonating, 'POST');
    return answer(await run(p, await personOf(p, call.userId), call));
  };

/** One of the user's devices of `kind` that is a second factor (a passkey is not). */
async function factorOf(p: P, user: MfaUser, deviceId: string | undefined, kind: MfaDeviceKind) {
  const device = await p.devices.find(user.id, deviceId ?? '', kind);
  if (!device || device.passkey) throw contractError('MFA_DEVICE_UNKNOWN');
  return device;
}

const codeOf = (body: Record<string, unknown>, field: 'token' | 'code') => String(body[field] ?? '').trim();
const wrongCode = (p: P, user: MfaUser) => wrongAnswer(p, null, user.id, contractError('MFA_CODE_WRONG'));
const enrolled = (added: { deviceId: string; recoveryCodes: string[] | null }) => ({
  deviceId: added.deviceId,
  ...recoveryAnswer(added.recoveryCodes),
});
const removed = async (p: P, user: MfaUser, deviceId: string) => {
  await removeDevice(p, user.id, deviceId);
  return {};
};
const deviceTypeOf = (body: Record<string, unknown>) => body.deviceType as WebauthnDeviceType | undefined;

const newApp = change(async (p, user) => {
  await assertStrategy(p, 'AuthenticatorApp');
  return newAuthenticator(p, user);
});
const verifyApp = change(async (p, user, { body }) => {
  await assertNotLocked(p, user.id);
  const added = await finishAuthenticatorEnrolment(p, p.box, user.id, codeOf(body, 'token'), (device) =>
    p.addDevice(user.id, device),
  );
  return added ? enrolled(added) : wrongCode(p, user);
});

/** Adding a second factor, and the recovery codes. */
const ENROLMENT: AreaHandlers<P> = {
  getUsersMfaDevices: async (p, { userId }) =>
    answer(describeDevices(await p.devices.list((await personOf(p, userId)).id), false)),
  // The kit's paths and the client SDK's (pre)enrollMFAAuthenticatorApp under `/mfa/authenticator`.
  postUsersMfaEnroll: newApp,
  postUsersMfaAuthenticatorEnroll: newApp,
  postUsersMfaEnrollVerify: verifyApp,
  postUsersMfaAuthenticatorEnrollVerify: verifyApp,
  postUsersMfaSmsEnroll: change(async (p, user, { body }) => {
    await assertStrategy(p, 'SMS');
    const phoneNumber = String(body.phoneNumber);
    return { otcToken: await sendCode(p, user, { kind: 'sms', phone: phoneNumber }), phoneNumber };
  }),
  postUsersMfaSmsEnrollVerify: change(async (p, user, { body }) => {
    await assertNotLocked(p, user.id);
    const { phone } = await spendSentCode(p, {
      userId: user.id,
      row: null,
      otcToken: body.otcToken,
      code: codeOf(body, 'code'),
      use: { step: 'enrolSms' },
    });
    return enrolled(await p.addDevice(user.id, { kind: 'sms', phone: String(phone), name: 'Phone' }));
  }),
  postUsersMfaWebauthnEnroll: change(async (p, user, { body }) => {
    const deviceType = deviceTypeOf(body) ?? 'cross-platform';
    await assertStrategy(p, webauthnStrategy(deviceType));
    return registrationOptions(p, user, { deviceType, passkey: false, purpose: 'accountWebauthnRegister' });
  }),
  postUsersMfaWebauthnEnrollVerify: change(async (p, user, { body }) => {
    const device = await registeredDevice(p, user.id, body.options, {
      purpose: 'accountWebauthnRegister',
      webauthnToken: String(body.webauthnToken),
      ...(deviceTypeOf(body) ? { deviceType: deviceTypeOf(body) } : {}),
    });
    return enrolled(await p.addDevice(user.id, device));
  }),
  // A new set of recovery codes (this server's path, docs/contract.md), proven with a code of the
  // authenticator app or one of the current recovery codes; the old set stops working.
  postUsersMfaRecoveryCodes: change(async (p, user, { body }) => {
    if (!(await p.devices.list(user.id)).some((d) => !d.passkey)) throw contractError('MFA_NOT_ENROLLED');
    await requireProof(p, p.box, { userId: user.id, proof: String(body.token) });
    return recoveryAnswer(await p.atomically((store) => issueRecoveryCodes(store, user.id)));
  }),
};

/** Removing a second factor. */
const REMOVAL: AreaHandlers<P> = {
  // Turns the authenticator app off: every authenticator of the user's, after a code or a recovery code.
  postUsersMfaDisable: change(async (p, user, { body }) => {
    await requireProof(p, p.box, { userId: user.id, proof: String(body.token) });
    for (const device of await p.devices.list(user.id))
      if (device.kind === 'authenticator') await removeDevice(p, user.id, device.id);
    return {};
  }),
  // The client SDK's disableMFAAuthenticatorApp: `/disable/verify` with `{ token }` (a code or the recovery code).
  postUsersMfaAuthenticatorByDeviceIdDisableVerify: change(async (p, user, { body, params }) => {
    const device = await factorOf(p, user, params.deviceId, 'authenticator');
    await assertNotLocked(p, user.id);
    const value = codeOf(body, 'token');
    const ok = isSixDigitCode(value)
      ? await verifyAuthenticator(p, p.box, device, value)
      : await redeemRecoveryCode(p, user.id, value);
    if (!ok) await wrongCode(p, user);
    return removed(p, user, device.id);
  }),
  postUsersMfaEmailcodeByDeviceIdDisable: change(async (p, user, { params }) =>
    removed(p, user, (await factorOf(p, user, params.deviceId, 'email')).id),
  ),
  postUsersMfaSmsByDeviceIdDisable: change(async (p, user, { params }) => {
    const device = await factorOf(p, user, params.deviceId, 'sms');
    await assertNotLocked(p, user.id);
    const phone = device.phone ?? '';
    const otcToken = await sendCode(p, user, { kind: 'sms', phone, deviceId: device.id, removal: true });
    return { otcToken, phoneNumber: removalPhoneNumber(phone) };
  }),
  postUsersMfaSmsByDeviceIdDisableVerify: change(async (p, user, { body, params }) => {
    const device = await factorOf(p, user, params.deviceId, 'sms');
    await assertNotLocked(p, user.id);
    await spendSentCode(p, {
      userId: user.id,
      row: null,
      otcToken: body.otcToken,
      code: codeOf(body, 'code'),
      use: { step: 'removeSms', deviceId: device.id },
    });
    return removed(p, user, device.id);
  }),
  postUsersMfaWebauthnByDeviceIdDisable: change(async (p, user, { params }) => {
    const device = await factorOf(p, user, params.deviceId, 'webauthn');
    await assertNotLocked(p, user.id);
    return authenticationOptions(p, user.id, 'accountWebauthnDisable', [device]);
  }),
  postUsersMfaWebauthnByDeviceIdDisableVerify: change(async (p, user, { body, params }) => {
    const device = await factorOf(p, user, params.deviceId, 'webauthn');
    await assertNotLocked(p, user.id);
    try {
      await authenticatedDevice(p, body.options, {
        purpose: 'accountWebauthnDisable',
        userId: user.id,
        webauthnToken: String(body.webauthnToken),
        deviceId: device.id,
      });
    } catch (error) {
      if (isContractError(error) && error.codes.some((code) => code.startsWith('MFA_')))
        await wrongAnswer(p, null, user.id, error);
      throw error;
    }
    return removed(p, user, device.id);
  }),
};

/** Passkeys: a sign-in method of the person's, not a second factor. */
const PASSKEYS: AreaHandlers<P> = {
  // The client SDK's ICreateNewDeviceSessionResponse: the creation options themselves.
  postUsersWebauthnDevices: change(async (p, user, { body }) => {
    if (!(await p.vendor()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
    const deviceType = deviceTypeOf(body) ?? 'platform';
    return (await registrationOptions(p, user, { deviceType, passkey: true, purpose: 'passkeyRegister' }))
      .options;
  }),
  // The client SDK's IVerifyNewWebAuthnDevice: `{ id, response: { clientDataJSON, attestationObject }, deviceType? }`
  // (the authenticator's response); the whole credential JSON in `response` is accepted too.
  postUsersWebauthnDevicesVerify: change(async (p, user, { body }) => {
    const sent = body.response as Record<string, unknown>;
    const credential =
      'rawId' in sent
        ? sent
        : { id: body.id, rawId: body.id, type: 'public-key', response: sent, clientExtensionResults: {} };
    if (body.id !== credential.id) throw contractError('MFA_WEBAUTHN_FAILED');
    const deviceType = deviceTypeOf(body) ?? 'platform';
    const device = await registeredDevice(p, user.id, credential, {
      purpose: 'passkeyRegister',
      deviceType,
      name: passkeyName(deviceType),
    });
    return { id: (await p.addDevice(user.id, device)).deviceId };
  }),
  getUsersWebauthnDevices: async (p, { userId }) => {
    const devices = (await p.devices.list((await personOf(p, userId)).id)).filter((d) => d.passkey);
    return answer({
      devices: devices.map((d) => ({
        id: d.id,
        // The client SDK's WebAuthnDeviceType spelling (the kit does not read it).
        deviceType: clientDeviceType(d.deviceType),
        name: d.name,
        createdAt: d.createdAt,
        lastUsedAt: d.lastUsedAt,
      })),
    });
  },
  deleteUsersWebauthnDevicesByDeviceId: change(async (p, user, { params }) => {
    const device = await p.devices.find(user.id, params.deviceId ?? '', 'webauthn');
    if (!device?.passkey) throw contractError('MFA_DEVICE_UNKNOWN');
    return removed(p, user, device.id);
  }),
};

export const MFA_HANDLERS: AreaHandlers<MfaHandlerPorts> = { ...ENROLMENT, ...REMOVAL, ...PASSKEYS };
