/**
 * A signed-in person's own MFA over HTTP (descriptors: core/contract/routes/mfa.ts), under users v1
 * `/mfa/*` with a bearer token: the devices, enrolment, recovery codes and removal.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractError } from '../../core/contract/errors';
import { isSixDigitCode, removalPhoneNumber, webauthnStrategy } from '../../core/domain/mfa';
import { isMfaError, type DeviceType, type MfaService } from '../domain/mfa';
import {
  deviceParams,
  recoveryAnswer,
  type Body,
  type DeviceParam,
  type MfaSteps,
  mfaSteps,
} from '../http/mfa-steps';

const USERS = '/identity/resources/users/v1';

/** The devices, enrolment and recovery codes. */
function mfaEnrolmentRoutes(app: FastifyInstance, h: MfaSteps): void {
  const { mfa } = h;
  app.get(`${USERS}/mfa/devices`, async (request) => {
    const user = await h.accountUser(request);
    return mfa.describeDevices(await mfa.devices(user.id), false);
  });

  // The kit's paths and the client SDK's (pre)enrollMFAAuthenticatorApp under `/mfa/authenticator`.
  for (const path of [`${USERS}/mfa/enroll`, `${USERS}/mfa/authenticator/enroll`])
    app.post(path, { bodyLimit: 1024 }, async (request) => {
      const user = await h.accountUser(request);
      await mfa.assertStrategy('AuthenticatorApp');
      const totp = await mfa.newTotp(user);
      await mfa.startTotpEnrolment(user.id, totp.secret);
      return { qrCode: totp.qrCode, secret: totp.secret };
    });

  for (const path of [`${USERS}/mfa/enroll/verify`, `${USERS}/mfa/authenticator/enroll/verify`])
    app.post<Body<{ token: string }>>(path, async (request) => {
      const user = await h.accountUser(request);
      await mfa.assertNotLocked(user.id);
      const enrolled = await mfa.finishTotpEnrolment(user.id, request.body.token.trim());
      if (!enrolled) await mfa.wrongAnswer(null, user.id, contractError('MFA_CODE_WRONG'));
      return {
        deviceId: enrolled!.deviceId,
        ...recoveryAnswer(enrolled!.recoveryCodes),
      };
    });

  /** Turns the authenticator app off: every authenticator device, after a code or the recovery code. */
  app.post<Body<{ token: string }>>(`${USERS}/mfa/disable`, async (request) => {
    const user = await h.accountUser(request);
    await h.requireProof(user, request.body.token);
    for (const device of (await mfa.devices(user.id)).filter((d) => d.kind === 'authenticator'))
      await mfa.deleteDevice(user.id, device.id);
    return {};
  });

  /**
   * A new set of recovery codes (this server's path, docs/contract.md): proven with a code of the
   * authenticator app or one of the current recovery codes; the old set stops working.
   */
  app.post<Body<{ token: string }>>(`${USERS}/mfa/recovery-codes`, async (request) => {
    const user = await h.accountUser(request);
    if ((await mfa.secondFactors(user.id)).length === 0) throw contractError('MFA_NOT_ENROLLED');
    await h.requireProof(user, request.body.token);
    return recoveryAnswer(await mfa.regenerateRecoveryCodes(user.id));
  });

  // The client SDK's disableMFAAuthenticatorApp: `/disable/verify` with `{ token }` (a code or the recovery code).
  app.post<Body<{ token: string }> & DeviceParam>(
    `${USERS}/mfa/authenticator/:deviceId/disable/verify`,
    { schema: { params: deviceParams } },
    async (request) => {
      const user = await h.accountUser(request);
      const device = await mfa.device(user.id, request.params.deviceId, 'authenticator');
      await mfa.assertNotLocked(user.id);
      const value = request.body.token.trim();
      const ok = isSixDigitCode(value)
        ? await mfa.verifyAuthenticator(device, value)
        : await mfa.useRecoveryCode(user.id, value);
      if (!ok) await mfa.wrongAnswer(null, user.id, contractError('MFA_CODE_WRONG'));
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );

  app.post<Body<{ phoneNumber: string }>>(`${USERS}/mfa/sms/enroll`, async (request) => {
    const user = await h.accountUser(request);
    await mfa.assertStrategy('SMS');
    return {
      otcToken: await h.sendCode(user, { kind: 'sms', phone: request.body.phoneNumber }),
      phoneNumber: request.body.phoneNumber,
    };
  });

  app.post<Body<{ otcToken: string; code: string }>>(`${USERS}/mfa/sms/enroll/verify`, async (request) => {
    const user = await h.accountUser(request);
    await mfa.assertNotLocked(user.id);
    const data = await h.checkCode(user, null, request.body.otcToken, request.body.code.trim(), {
      step: 'enrolSms',
    });
    const added = await mfa.addDevice(user.id, { kind: 'sms', phone: String(data.phone), name: 'Phone' });
    return {
      deviceId: added.deviceId,
      ...recoveryAnswer(added.recoveryCodes),
    };
  });

  app.post<Body<{ deviceType?: DeviceType }>>(`${USERS}/mfa/webauthn/enroll`, async (request) => {
    const user = await h.accountUser(request);
    const type = request.body?.deviceType ?? 'cross-platform';
    await mfa.assertStrategy(webauthnStrategy(type));
    return mfa.registrationOptions(user, {
      deviceType: type,
      passkey: false,
      purpose: 'accountWebauthnRegister',
      rpId: h.rpIdOf(request),
    });
  });

  app.post<Body<{ webauthnToken: string; deviceType?: DeviceType; options: RegistrationResponseJSON }>>(
    `${USERS}/mfa/webauthn/enroll/verify`,
    async (request) => {
      const user = await h.accountUser(request);
      const added = await mfa.finishRegistration(user.id, request.body.options, {
        purpose: 'accountWebauthnRegister',
        webauthnToken: request.body.webauthnToken,
        deviceType: request.body.deviceType,
        rpId: h.rpIdOf(request),
      });
      return {
        deviceId: added.deviceId,
        ...recoveryAnswer(added.recoveryCodes),
      };
    },
  );
}

/** Removing a second factor. */
function mfaRemovalRoutes(app: FastifyInstance, h: MfaSteps): void {
  const { mfa } = h;
  /**
   * Removing a second factor takes a fresh proof of that very factor, in the client SDK's two steps:
   * - SMS: POST `/mfa/sms/{id}/disable` sends a code to that phone and answers `{ otcToken,
   *   phoneNumber }` (masked); POST `/mfa/sms/{id}/disable/verify` `{ otcToken, code }` removes it;
   * - WebAuthn: POST `/mfa/webauthn/{id}/disable` answers `{ webauthnToken, options }` (a challenge
   *   for that credential only); POST `.../disable/verify` `{ webauthnToken, options: assertion }`
   *   removes it.
   * Wrong codes and assertions count towards the account's MFA lock like any other. The email
   * factor (no client call) is still removed in one step with the bearer token.
   */
  const removable = async (request: FastifyRequest<DeviceParam>, kind: 'sms' | 'email' | 'webauthn') => {
    const user = await h.accountUser(request);
    const device = await mfa.device(user.id, request.params.deviceId, kind);
    if (device.passkey) throw contractError('MFA_DEVICE_UNKNOWN');
    return { user, device };
  };

  app.post<DeviceParam>(
    `${USERS}/mfa/emailcode/:deviceId/disable`,
    { schema: { params: deviceParams }, bodyLimit: 1024 },
    async (request) => {
      const { user, device } = await removable(request, 'email');
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );

  app.post<DeviceParam>(
    `${USERS}/mfa/sms/:deviceId/disable`,
    { schema: { params: deviceParams }, bodyLimit: 1024 },
    async (request) => {
      const { user, device } = await removable(request, 'sms');
      await mfa.assertNotLocked(user.id);
      const phoneNumber = device.phone ?? '';
      const otcToken = await h.sendCode(user, {
        kind: 'sms',
        phone: phoneNumber,
        deviceId: device.id,
        removal: true,
      });
      return { otcToken, phoneNumber: removalPhoneNumber(phoneNumber) };
    },
  );

  app.post<Body<{ otcToken: string; code: string }> & DeviceParam>(
    `${USERS}/mfa/sms/:deviceId/disable/verify`,
    {
      schema: { params: deviceParams },
    },
    async (request) => {
      const { user, device } = await removable(request, 'sms');
      await mfa.assertNotLocked(user.id);
      await h.checkCode(user, null, request.body.otcToken, request.body.code.trim(), {
        step: 'removeSms',
        deviceId: device.id,
      });
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );

  app.post<DeviceParam>(
    `${USERS}/mfa/webauthn/:deviceId/disable`,
    { schema: { params: deviceParams }, bodyLimit: 1024 },
    async (request) => {
      const { user, device } = await removable(request, 'webauthn');
      await mfa.assertNotLocked(user.id);
      return mfa.authenticationOptions(user.id, 'accountWebauthnDisable', h.rpIdOf(request), [device]);
    },
  );

  app.post<Body<{ webauthnToken: string; options: AuthenticationResponseJSON }> & DeviceParam>(
    `${USERS}/mfa/webauthn/:deviceId/disable/verify`,
    { schema: { params: deviceParams } },
    async (request) => {
      const { user, device } = await removable(request, 'webauthn');
      await mfa.assertNotLocked(user.id);
      try {
        await mfa.finishAuthentication(request.body.options, {
          purpose: 'accountWebauthnDisable',
          userId: user.id,
          webauthnToken: request.body.webauthnToken,
          deviceId: device.id,
          rpId: h.rpIdOf(request),
        });
      } catch (error) {
        if (isMfaError(error)) await mfa.wrongAnswer(null, user.id, error);
        throw error;
      }
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );
}

export async function mfaAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  mfa: MfaService,
): Promise<void> {
  const steps = mfaSteps(ctx, mfa);
  mfaEnrolmentRoutes(app, steps);
  mfaRemovalRoutes(app, steps);
}
