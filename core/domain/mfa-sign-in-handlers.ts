/**
 * The sign-in's second step (spec 000 §7; descriptors: core/contract/routes/mfa-sign-in.ts, the MFA
 * reads of security.ts and the passkey sign-in of sign-in.ts), written once for the server and demo
 * mode (core/domain/handlers.ts). The `mfaToken` of the first factor's answer names the sign-in
 * (short-lived, bound to the user, used up on success); a code, a security key or a recovery code
 * ends it with a session, and a user without a second factor enrols one here. A passkey is
 * possession plus user verification: no second factor is asked after it.
 */
import { contractError, isContractError, type ContractError } from '../contract/errors';
import {
  assertRecoveryEmail,
  assertRecoveryNeedsFirstFactor,
  describeDevices,
  webauthnStrategy,
  type SentCodeUse,
} from './mfa';
import { requireMfaToken, spendSentCode, wrongAnswer } from './mfa-challenges';
import { recoveryCodesAfterUse, redeemRecoveryCode } from './mfa-devices';
import type { MfaDevice, WebauthnDeviceType } from './mfa-ports';
import { finishAuthenticatorEnrolment, verifyAnyAuthenticator, verifyAuthenticator } from './mfa-totp';
import { answer, type PublicCall, type PublicHandlers } from './handlers';
import {
  assertStrategy,
  endStep,
  loginOf,
  mfaStrategies,
  newAuthenticator,
  policyOf,
  sendCode,
  type MfaHandlerPorts,
  type MfaLogin,
} from './mfa-steps';
import {
  authenticatedDevice,
  authenticationOptions,
  registeredDevice,
  registrationOptions,
} from './mfa-webauthn';

type P = MfaHandlerPorts;
type Step = (p: P, login: MfaLogin, call: PublicCall) => Promise<unknown>;

/** A step of the sign-in the body's mfaToken names; its answer's body. */
const step = (run: Step) => async (p: P, call: PublicCall) =>
  answer(await run(p, await loginOf(p, call.body.mfaToken), call));

const codeOf = (body: Record<string, unknown>, field: 'value' | 'token' | 'code') =>
  String(body[field] ?? '').trim();
/** A wrong answer of this sign-in: counted against its mfaToken and its user. */
const wrong = (p: P, login: MfaLogin, code: ContractError) => wrongAnswer(p, login.row, login.user.id, code);

async function deviceOf(p: P, login: MfaLogin, deviceId: string | undefined, kind: MfaDevice['kind']) {
  const device = await p.devices.find(login.user.id, deviceId ?? '', kind);
  if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
  return device;
}

/** Spends the body's sent code for `use`: what it was sent for. */
const spend = (p: P, login: MfaLogin, body: Record<string, unknown>, use: SentCodeUse) =>
  spendSentCode(p, {
    userId: login.user.id,
    row: login.row,
    otcToken: body.otcToken,
    code: codeOf(body, 'code'),
    use,
  });

/** An authenticator code: any of the user's apps (spec: POST /user/mfa/verify names none), or the path's. */
const byApp: Step = async (p, login, { body, params }) => {
  const code = codeOf(body, 'value');
  const ok = params.deviceId
    ? await verifyAuthenticator(p, p.box, await deviceOf(p, login, params.deviceId, 'authenticator'), code)
    : await verifyAnyAuthenticator(p, p.box, login.user.id, code);
  if (!ok) await wrong(p, login, contractError('MFA_CODE_WRONG'));
  return endStep(p, login, { rememberDevice: body.rememberDevice });
};

/** A code sent to a device at this sign-in (a phone the path names, or the email factor). */
const bySentCode: Step = async (p, login, { body, params }) => {
  await spend(
    p,
    login,
    body,
    params.deviceId ? { step: 'signInSms', deviceId: params.deviceId } : { step: 'signInEmail' },
  );
  return endStep(p, login, { rememberDevice: body.rememberDevice });
};

/** A phone or address enrolled with the code sent to it. */
const enrolByCode =
  (use: 'enrolSms' | 'enrolEmail'): Step =>
  async (p, login, { body }) => {
    const target = await spend(p, login, body, { step: use });
    const device =
      use === 'enrolSms'
        ? { kind: 'sms' as const, phone: String(target.phone), name: 'Phone' }
        : { kind: 'email' as const, email: String(target.email), name: 'Email' };
    const added = await p.addDevice(login.user.id, device);
    return endStep(p, login, { recoveryCodes: added.recoveryCodes });
  };

const deviceTypeOf = (body: Record<string, unknown>) => body.deviceType as WebauthnDeviceType | undefined;

export const MFA_SIGN_IN_HANDLERS: PublicHandlers<MfaHandlerPorts> = {
  postAuthUserMfaVerify: step(byApp),
  postAuthUserMfaAuthenticatorByDeviceIdVerify: step(byApp),
  postAuthUserMfaAuthenticatorEnroll: step(async (p, login) => {
    await assertStrategy(p, 'AuthenticatorApp');
    return newAuthenticator(p, login.user);
  }),
  postAuthUserMfaAuthenticatorEnrollVerify: step(async (p, login, { body }) => {
    const enrolled = await finishAuthenticatorEnrolment(
      p,
      p.box,
      login.user.id,
      codeOf(body, 'token'),
      (device) => p.addDevice(login.user.id, device),
    );
    if (!enrolled) return wrong(p, login, contractError('MFA_CODE_WRONG'));
    return endStep(p, login, { recoveryCodes: enrolled.recoveryCodes });
  }),
  // The client SDK's recoverMfaToken sends `{ email, recoveryCode }`. A recovery code stands in for
  // the second factor only: without the mfaToken of a completed first factor it would sign in with
  // the code alone (docs/contract.md); the email, when sent, must be the signing-in user's.
  postAuthUserMfaRecover: async (p, call) => {
    assertRecoveryNeedsFirstFactor(call.body.mfaToken);
    return step(async (p, login, { body }) => {
      assertRecoveryEmail(body.email, login.user.email);
      if (!(await redeemRecoveryCode(p, login.user.id, String(body.recoveryCode ?? ''))))
        await wrong(p, login, contractError('MFA_RECOVERY_CODE_WRONG'));
      // The used code is gone; after the last of a set, a new set is shown once.
      const recoveryCodes = await p.atomically((store) => recoveryCodesAfterUse(store, login.user.id));
      return endStep(p, login, { recoveryCodes });
    })(p, call);
  },
  postAuthUserMfaSmsEnroll: step(async (p, login, { body }) => {
    await assertStrategy(p, 'SMS');
    const phoneNumber = String(body.phoneNumber);
    return { otcToken: await sendCode(p, login.user, { kind: 'sms', phone: phoneNumber }), phoneNumber };
  }),
  postAuthUserMfaSmsEnrollVerify: step(enrolByCode('enrolSms')),
  postAuthUserMfaSmsByDeviceId: step(async (p, login, { params }) => {
    const device = await deviceOf(p, login, params.deviceId, 'sms');
    const target = { kind: 'sms' as const, phone: device.phone ?? '', deviceId: device.id };
    const otcToken = await sendCode(p, login.user, target);
    return { otcToken, phoneNumber: describeDevices([device], true).phones[0]?.phoneNumber };
  }),
  postAuthUserMfaSmsByDeviceIdVerify: step(bySentCode),
  postAuthUserMfaEmailcodeEnroll: step(async (p, login) => {
    await assertStrategy(p, 'EmailCode');
    return { otcToken: await sendCode(p, login.user, { kind: 'email', email: login.user.email }) };
  }),
  postAuthUserMfaEmailcodeEnrollVerify: step(enrolByCode('enrolEmail')),
  postAuthUserMfaEmailcode: step(async (p, login) => {
    const device = (await p.devices.list(login.user.id)).find((d) => d.kind === 'email' && !d.passkey);
    if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
    const target = { kind: 'email' as const, email: device.email ?? login.user.email, deviceId: device.id };
    return { otcToken: await sendCode(p, login.user, target) };
  }),
  postAuthUserMfaEmailcodeVerify: step(bySentCode),
  postAuthUserMfaWebauthnEnroll: step(async (p, login, { body }) => {
    const deviceType = deviceTypeOf(body) ?? 'cross-platform';
    await assertStrategy(p, webauthnStrategy(deviceType));
    return registrationOptions(p, login.user, { deviceType, passkey: false, purpose: 'mfaWebauthnRegister' });
  }),
  postAuthUserMfaWebauthnEnrollVerify: step(async (p, login, { body }) => {
    const device = await registeredDevice(p, login.user.id, body.options, {
      purpose: 'mfaWebauthnRegister',
      webauthnToken: String(body.webauthnToken),
      ...(deviceTypeOf(body) ? { deviceType: deviceTypeOf(body) } : {}),
    });
    const added = await p.addDevice(login.user.id, device);
    return endStep(p, login, { recoveryCodes: added.recoveryCodes });
  }),
  postAuthUserMfaWebauthnByDeviceId: step(async (p, login, { params }) =>
    authenticationOptions(p, login.user.id, 'mfaWebauthnLogin', [
      await deviceOf(p, login, params.deviceId, 'webauthn'),
    ]),
  ),
  postAuthUserMfaWebauthnByDeviceIdVerify: step(async (p, login, { body, params }) => {
    try {
      await authenticatedDevice(p, body.options, {
        purpose: 'mfaWebauthnLogin',
        userId: login.user.id,
        webauthnToken: String(body.webauthnToken),
        deviceId: params.deviceId!,
      });
    } catch (error) {
      // A refusal of the key counts as a wrong answer.
      if (isContractError(error) && error.codes.some((code) => code.startsWith('MFA_')))
        await wrong(p, login, error);
      throw error;
    }
    return endStep(p, login, { rememberDevice: body.rememberDevice });
  }),
  // The remember-device settings and the strategies (configurations v1).
  getConfigurationsMfaPolicyAllowRememberDevice: async (p, { query }) => {
    const row = await requireMfaToken(p, query.mfaToken);
    const policy = await policyOf(p, typeof row.data.tenantId === 'string' ? row.data.tenantId : null);
    return answer({
      isAllowedToRemember: policy.allowRememberDevice,
      mfaDeviceExpiration: policy.deviceExpirationSeconds,
    });
  },
  getConfigurationsMfaStrategies: async (p) => answer({ strategies: await mfaStrategies(p) }),
  ...passkeySignIn(),
};

/** Passkeys as a first factor: discoverable credentials, so the answer never tells whether an email has an account. */
function passkeySignIn(): PublicHandlers<MfaHandlerPorts> {
  const allowed = async (p: P) => {
    p.checkOrigin();
    if (!(await p.vendor()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
    await p.assertPasskeySignIn();
  };
  // The client SDK posts passkey sign-ins to v1 (webAuthnPostLogin and V2 alike); the kit to v2.
  const postLogin = async (p: P, { body }: PublicCall) => {
    await allowed(p);
    const { recaptchaToken: _r, invitationToken: _i, ...sent } = body;
    const device = await authenticatedDevice(
      p,
      { clientExtensionResults: {}, ...sent },
      {
        purpose: 'passkeyLogin',
        userId: null,
        passkeyOnly: true,
      },
    );
    const user = await p.user(device.userId);
    if (!user) throw contractError('MFA_WEBAUTHN_FAILED');
    // The account's sign-in methods, now that the passkey proved who signs in.
    await p.assertPasskeySignIn(user);
    return answer(await p.startSession(user));
  };
  return {
    postAuthWebauthnPrelogin: async (p) => {
      await allowed(p);
      return answer((await authenticationOptions(p, null, 'passkeyLogin')).options);
    },
    postAuthV1WebauthnPostlogin: postLogin,
    postAuthV2WebauthnPostlogin: postLogin,
  };
}
