/**
 * Demo mode's MFA of a signed-in user's own account (server/routes/mfa.ts), by descriptor name
 * (core/contract/routes/mfa.ts): the devices, enrolment, recovery codes and removal. The descriptor's
 * access (a person's bearer) is checked before a handler runs (core/demo/dispatch.ts). The
 * authenticator app is removed at `/disable/verify` with a code (the client SDK's path), the email
 * factor in one step, SMS and WebAuthn in two, as the server does.
 */
import type { Answer } from '../contract/answer';
import { fail } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes, Handler } from './dispatch';
import {
  addDevice,
  describe,
  devicesOf,
  failSaved,
  issueRecoveryCodes,
  mfaStore,
  ok,
  recoveryAnswer,
  removeDevices,
  smsChallenge,
  smsEnrolment,
  spendCode,
  wrong,
  type DemoMfaTools,
} from './mfaState';
import { refuseFactorChange } from '../domain/mfa';
import { assertNotLocked } from '../domain/mfa-challenges';
import { finishTotp, newTotp, proof } from './mfaTotp';
import {
  authenticationOptions,
  deviceTypeOf,
  finishAuthentication,
  finishRegistration,
  registrationOptions,
} from './mfaWebauthn';

type UserHandler = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>;

/** Adding a second factor: the authenticator app, a phone, a security key. */
function enrolmentRoutes(t: DemoMfaTools): DemoRoutes<UserHandler> {
  const newApp: UserHandler = async (db, user) => ok(await newTotp(t, db, user));
  const verifyApp: UserHandler = async (db, user, { body }) => {
    await assertNotLocked(mfaStore(t, db), user.id);
    const done = await finishTotp(t, db, user, String(body.token ?? '').trim());
    return done
      ? ok({ deviceId: done.deviceId, ...recoveryAnswer(done.recoveryCodes) })
      : wrong(t, db, user.id, null, 'MFA_CODE_WRONG');
  };
  return {
    postUsersMfaEnroll: newApp,
    postUsersMfaAuthenticatorEnroll: newApp,
    postUsersMfaEnrollVerify: verifyApp,
    postUsersMfaAuthenticatorEnrollVerify: verifyApp,
    postUsersMfaWebauthnEnroll: (db, user, { body }) =>
      ok(
        registrationOptions(t, db, user, {
          deviceType: deviceTypeOf(body, 'cross-platform'),
          passkey: false,
          purpose: 'accountWebauthnRegister',
        }),
      ),
    postUsersMfaWebauthnEnrollVerify: async (db, user, { body }) => {
      const added = await finishRegistration(t, db, user, body.options, {
        purpose: 'accountWebauthnRegister',
        webauthnToken: String(body.webauthnToken ?? ''),
        deviceType: body.deviceType,
      });
      return added
        ? ok({ deviceId: added.deviceId, ...recoveryAnswer(added.recoveryCodes) })
        : failSaved('MFA_WEBAUTHN_FAILED');
    },
    postUsersMfaSmsEnroll: (db, user, { body }) => smsEnrolment(t, db, user.id, body),
    postUsersMfaSmsEnrollVerify: async (db, user, { body }) => {
      const target = await spendCode(t, db, user.id, null, body, { step: 'enrolSms' });
      const added = await addDevice(t, db, user.id, { kind: 'sms', phone: String(target.phone) });
      return ok({ deviceId: added.deviceId, ...recoveryAnswer(added.recoveryCodes) });
    },
  };
}

/** Removing a second factor. */
function removalRoutes(t: DemoMfaTools): DemoRoutes<UserHandler> {
  const byKind = (db: DemoDatabase, user: DemoUser, kind: 'sms' | 'webauthn', id: string | undefined) =>
    devicesOf(db, user.id).find((d) => d.id === id && d.kind === kind && !d.passkey);
  /** The authenticator apps (all, or the one the path names), removed with a code or a recovery code. */
  const removeApps: UserHandler = async (db, user, { body, params }) => {
    const targets = devicesOf(db, user.id).filter(
      (d) => d.kind === 'authenticator' && (!params.deviceId || d.id === params.deviceId),
    );
    if (targets.length === 0) return fail('MFA_DEVICE_UNKNOWN');
    await proof(t, db, user.id, body.token, params.deviceId ? [params.deviceId] : undefined);
    return removeDevices(t, db, user.id, targets);
  };
  return {
    postUsersMfaDisable: removeApps,
    postUsersMfaAuthenticatorByDeviceIdDisableVerify: removeApps,
    postUsersMfaEmailcodeByDeviceIdDisable: (db, user, { params }) => {
      const targets = devicesOf(db, user.id).filter((d) => d.kind === 'email' && d.id === params.deviceId);
      return targets.length ? removeDevices(t, db, user.id, targets) : fail('MFA_DEVICE_UNKNOWN');
    },
    postUsersMfaSmsByDeviceIdDisable: (db, user, { params }) => {
      const device = byKind(db, user, 'sms', params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      return smsChallenge(t, db, user.id, device, { kind: 'sms', deviceId: device.id, removal: true });
    },
    postUsersMfaSmsByDeviceIdDisableVerify: async (db, user, { body, params }) => {
      const device = byKind(db, user, 'sms', params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      await spendCode(t, db, user.id, null, body, { step: 'removeSms', deviceId: device.id });
      return removeDevices(t, db, user.id, [device]);
    },
    postUsersMfaWebauthnByDeviceIdDisable: (db, user, { params }) => {
      const device = byKind(db, user, 'webauthn', params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      return ok(authenticationOptions(t, db, user.id, 'accountWebauthnDisable', [device]));
    },
    postUsersMfaWebauthnByDeviceIdDisableVerify: async (db, user, { body, params }) => {
      const device = byKind(db, user, 'webauthn', params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      const used = await finishAuthentication(t, db, body.options, {
        purpose: 'accountWebauthnDisable',
        userId: user.id,
        webauthnToken: String(body.webauthnToken ?? ''),
        deviceId: device.id,
      });
      return used ? removeDevices(t, db, user.id, [device]) : failSaved('MFA_WEBAUTHN_FAILED');
    },
  };
}

/** The signed-in user's MFA routes. */
export function demoMfaAccountRoutes(t: DemoMfaTools): DemoRoutes {
  const area: DemoRoutes<UserHandler> = {
    ...enrolmentRoutes(t),
    ...removalRoutes(t),
    getUsersMfaDevices: (db, user) => ok(describe(devicesOf(db, user.id), false), false),
    postUsersMfaRecoveryCodes: async (db, user, { body }) => {
      // A new set, proven with an authenticator code or a current recovery code (as on the server).
      const devices = devicesOf(db, user.id);
      if (devices.length === 0) return fail('MFA_NOT_ENROLLED');
      await proof(t, db, user.id, body.token);
      return ok(recoveryAnswer(await issueRecoveryCodes(t, db, user.id)), true);
    },
  };
  return withUsers(t, area);
}

/**
 * Handlers of a signed-in caller (the descriptor's access has found one) as dispatch handlers; an
 * impersonated session's changes are refused (core/domain/mfa.ts `refuseFactorChange`).
 */
export function withUsers(t: DemoMfaTools, area: DemoRoutes<UserHandler>): DemoRoutes {
  const wrap =
    (handler: UserHandler): Handler =>
    (db, request) => {
      const user = t.userOfToken(db, request.token);
      if (!user) return fail('TOKEN_INVALID');
      refuseFactorChange(Boolean(db.session?.impersonatorId), request.method);
      return handler(db, user, request);
    };
  return Object.fromEntries(Object.entries(area).map(([name, handler]) => [name, wrap(handler!)]));
}
