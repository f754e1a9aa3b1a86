/**
 * Demo mode's MFA step of a sign-in (server/routes/mfa-sign-in.ts), by descriptor name
 * (core/contract/routes/mfa-sign-in.ts): the MFA token of the password step names the sign-in;
 * a code, a security key or a recovery code ends it with a session; a user without a second factor
 * enrols one here. Bodies passed the contract's schemas before a handler runs.
 */
import type { Answer } from '../contract/answer';
import { fail } from '../contract/answer';
import { assertRecoveryEmail, assertRecoveryNeedsFirstFactor } from '../domain/mfa';
import type { DemoDatabase } from './data';
import type { DemoRequest, DemoRoutes, Handler } from './dispatch';
import {
  addDevice,
  devicesOf,
  finish,
  issueCode,
  loginOf,
  ok,
  recoverySetAfterUse,
  rememberSettings,
  smsChallenge,
  smsEnrolment,
  spendCode,
  spendRecoveryCode,
  strategyList,
  wrong,
  type DemoMfaTools,
  type MfaLogin,
} from './mfaState';
import { appCode, finishTotp, newTotp } from './mfaTotp';
import {
  authenticationOptions,
  deviceTypeOf,
  finishAuthentication,
  finishRegistration,
  registrationOptions,
} from './mfaWebauthn';

type LoginHandler = (db: DemoDatabase, login: MfaLogin, request: DemoRequest) => Answer | Promise<Answer>;

/** The sign-in's routes that need no device of the user's: codes sent, enrolment, recovery. */
function enrolmentRoutes(t: DemoMfaTools): DemoRoutes<LoginHandler> {
  /** An SMS or email code sent at enrolment: the device it names, and the session. */
  const enrolByCode =
    (step: 'enrolSms' | 'enrolEmail'): LoginHandler =>
    async (db, login, { body }) => {
      const target = await spendCode(t, db, login.user.id, login, body, { step });
      const added = await addDevice(
        t,
        db,
        login.user.id,
        target.kind === 'sms'
          ? { kind: 'sms', phone: String(target.phone) }
          : { kind: 'email', email: login.user.email },
      );
      return finish(t, db, login, { recoveryCodes: added.recoveryCodes });
    };
  return {
    postAuthUserMfaAuthenticatorEnroll: async (db, login) => ok(await newTotp(t, db, login.user)),
    postAuthUserMfaAuthenticatorEnrollVerify: async (db, login, { body }) => {
      const done = await finishTotp(t, db, login.user, String(body.token ?? '').trim());
      return done
        ? finish(t, db, login, { recoveryCodes: done.recoveryCodes })
        : wrong(t, db, login.user.id, login, 'MFA_CODE_WRONG');
    },
    postAuthUserMfaWebauthnEnroll: (db, login, { body }) =>
      ok(
        registrationOptions(t, db, login.user, {
          deviceType: deviceTypeOf(body, 'cross-platform'),
          passkey: false,
          purpose: 'mfaWebauthnRegister',
        }),
      ),
    postAuthUserMfaWebauthnEnrollVerify: async (db, login, { body }) => {
      const added = await finishRegistration(t, db, login.user, body.options, {
        purpose: 'mfaWebauthnRegister',
        webauthnToken: String(body.webauthnToken ?? ''),
        deviceType: body.deviceType,
      });
      return added
        ? finish(t, db, login, { recoveryCodes: added.recoveryCodes })
        : wrong(t, db, login.user.id, login, 'MFA_WEBAUTHN_FAILED');
    },
    postAuthUserMfaSmsEnroll: (db, login, { body }) => smsEnrolment(t, db, login.user.id, body),
    postAuthUserMfaSmsEnrollVerify: enrolByCode('enrolSms'),
    postAuthUserMfaEmailcodeEnroll: async (db, login) =>
      ok({ otcToken: await issueCode(t, db, login.user.id, { kind: 'email' }, login.user.email, 'email') }),
    postAuthUserMfaEmailcodeEnrollVerify: enrolByCode('enrolEmail'),
    postAuthUserMfaRecover: async (db, login, { body }) => {
      assertRecoveryEmail(body.email, login.user.email);
      if (!(await spendRecoveryCode(t, db, login.user.id, String(body.recoveryCode ?? ''))))
        return wrong(t, db, login.user.id, login, 'MFA_RECOVERY_CODE_WRONG');
      // The other codes of the set still work; after the last one, a new set (as on the server).
      return finish(t, db, login, { recoveryCodes: await recoverySetAfterUse(t, db, login.user.id) });
    },
  };
}

/** The sign-in's routes that prove one of the user's devices. */
function verificationRoutes(t: DemoMfaTools): DemoRoutes<LoginHandler> {
  /** An authenticator code: any of the user's apps, or the one the path names. */
  const byApp: LoginHandler = async (db, login, { body, params }) =>
    (await appCode(t, db, login.user.id, String(body.value ?? '').trim(), params.deviceId))
      ? finish(t, db, login, { rememberDevice: body.rememberDevice })
      : wrong(t, db, login.user.id, login, 'MFA_CODE_WRONG');
  /** A code sent to a device at this sign-in. */
  const bySentCode: LoginHandler = async (db, login, { body, params }) => {
    const use = params.deviceId
      ? { step: 'signInSms' as const, deviceId: params.deviceId }
      : { step: 'signInEmail' as const };
    await spendCode(t, db, login.user.id, login, body, use);
    return finish(t, db, login, { rememberDevice: body.rememberDevice });
  };
  const securityKey = (db: DemoDatabase, login: MfaLogin, deviceId: string | undefined) =>
    devicesOf(db, login.user.id).find((d) => d.id === deviceId && d.kind === 'webauthn');
  return {
    postAuthUserMfaVerify: byApp,
    postAuthUserMfaAuthenticatorByDeviceIdVerify: byApp,
    postAuthUserMfaSmsByDeviceId: (db, login, { params }) => {
      const device = devicesOf(db, login.user.id).find((d) => d.id === params.deviceId && d.kind === 'sms');
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      return smsChallenge(t, db, login.user.id, device, { kind: 'sms', deviceId: device.id });
    },
    postAuthUserMfaSmsByDeviceIdVerify: bySentCode,
    postAuthUserMfaEmailcode: async (db, login) => {
      const device = devicesOf(db, login.user.id).find((d) => d.kind === 'email');
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      const to = device.email ?? login.user.email;
      return ok({
        otcToken: await issueCode(t, db, login.user.id, { kind: 'email', deviceId: device.id }, to, 'email'),
      });
    },
    postAuthUserMfaEmailcodeVerify: bySentCode,
    postAuthUserMfaWebauthnByDeviceId: (db, login, { params }) => {
      const device = securityKey(db, login, params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      return ok(authenticationOptions(t, db, login.user.id, 'mfaWebauthnLogin', [device]));
    },
    postAuthUserMfaWebauthnByDeviceIdVerify: async (db, login, { body, params }) => {
      const device = securityKey(db, login, params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      const used = await finishAuthentication(t, db, body.options, {
        purpose: 'mfaWebauthnLogin',
        userId: login.user.id,
        webauthnToken: String(body.webauthnToken ?? ''),
        deviceId: device.id,
      });
      return used
        ? finish(t, db, login, { rememberDevice: body.rememberDevice })
        : wrong(t, db, login.user.id, login, 'MFA_WEBAUTHN_FAILED');
    },
  };
}

/** The MFA routes of a sign-in, and the MFA configuration its page reads. */
export function demoMfaSignInRoutes(t: DemoMfaTools): DemoRoutes {
  const withLogin =
    (handler: LoginHandler): Handler =>
    async (db, request) =>
      handler(db, await loginOf(t, db, request.body.mfaToken), request);
  const area = { ...enrolmentRoutes(t), ...verificationRoutes(t) };
  const routes: DemoRoutes = Object.fromEntries(
    Object.entries(area).map(([name, handler]) => [name, withLogin(handler!)]),
  );
  return {
    ...routes,
    // Without the first factor's mfaToken, a recovery code is refused before anything else.
    postAuthUserMfaRecover: (db, request) => {
      assertRecoveryNeedsFirstFactor(request.body.mfaToken);
      return routes.postAuthUserMfaRecover!(db, request);
    },
    getConfigurationsMfaStrategies: () => ok({ strategies: strategyList() }, false),
    getConfigurationsMfaPolicyAllowRememberDevice: async (db, { query }) =>
      ok(await rememberSettings(t, db, query.mfaToken), false),
  };
}
