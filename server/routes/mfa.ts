/**
 * Multi-factor authentication over HTTP (spec 000 §7; paths the spec does not show are this
 * server's choice, listed in docs/contract.md); the account's side is in mfa-account.ts, passkeys in
 * passkeys.ts, what they share in server/http/mfa-steps.ts. Here, the MFA step of a sign-in (spec 000 §7; descriptors: core/contract/routes/mfa-sign-in.ts),
 * under `/identity/resources/auth/v1/user/mfa/*`, authorised by the `mfaToken` of the login answer
 * (short-lived, single-purpose, bound to the user; used up on success); and the remember-device and
 * strategies reads under configurations v1.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contractError } from '../../core/contract/errors';
import { assertRecoveryEmail, assertRecoveryNeedsFirstFactor, webauthnStrategy } from '../../core/domain/mfa';
import { isMfaError, type DeviceType, type MfaService } from '../domain/mfa';
import { deviceParams, mfaSteps, type Body, type DeviceParam, type MfaSteps } from '../http/mfa-steps';

const base = '/identity/resources/auth/v1/user/mfa';

/** An authenticator app's code, enrolling one, and a recovery code. */
function mfaSignInAppRoutes(app: FastifyInstance, h: MfaSteps): void {
  const { mfa } = h;
  // ------------------------------------------------ login: authenticator app
  app.post<Body<{ mfaToken: string; value: string; rememberDevice?: boolean | null }>>(
    `${base}/verify`,
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      if (!(await mfa.verifyAnyAuthenticator(login.user.id, request.body.value.trim())))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return h.signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  app.post<Body<{ mfaToken: string; value: string; rememberDevice?: boolean | null }> & DeviceParam>(
    `${base}/authenticator/:deviceId/verify`,
    { schema: { params: deviceParams } },
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'authenticator');
      if (!(await mfa.verifyAuthenticator(device, request.body.value.trim())))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return h.signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  app.post<Body<{ mfaToken: string }>>(`${base}/authenticator/enroll`, async (request) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('AuthenticatorApp');
    const totp = await mfa.newTotp(login.user);
    await mfa.startTotpEnrolment(login.user.id, totp.secret);
    return { qrCode: totp.qrCode, secret: totp.secret };
  });

  app.post<Body<{ mfaToken: string; token: string }>>(
    `${base}/authenticator/enroll/verify`,
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const enrolled = await mfa.finishTotpEnrolment(login.user.id, request.body.token.trim());
      if (!enrolled) await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return h.signIn(request, reply, login, { recoveryCodes: enrolled!.recoveryCodes });
    },
  );

  // ------------------------------------------------ login: recovery code
  // The client SDK's recoverMfaToken sends `{ email, recoveryCode }`. A recovery code stands in for
  // the second factor only: without the mfaToken of a completed first factor it would sign in with
  // the code alone. Kept stronger (docs/contract.md): no mfaToken, 401 with a clear message; the
  // email is accepted and must be the signing-in user's.
  app.post<Body<{ mfaToken?: string; recoveryCode: string; email?: string }>>(
    `${base}/recover`,
    {},
    async (request, reply) => {
      assertRecoveryNeedsFirstFactor(request.body.mfaToken);
      const login = await h.loginContext(request, request.body.mfaToken);
      assertRecoveryEmail(request.body.email, login.user.email);
      if (!(await mfa.useRecoveryCode(login.user.id, request.body.recoveryCode)))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_RECOVERY_CODE_WRONG'));
      // The used code is gone; a new one is shown once, so the user is never left without one.
      return h.signIn(request, reply, login, {
        recoveryCodes: await mfa.recoveryCodesAfterUse(login.user.id),
      });
    },
  );
}

/** Codes sent by SMS or email: enrolling the phone or address, and signing in with one. */
function mfaSignInSentCodeRoutes(app: FastifyInstance, h: MfaSteps): void {
  const { mfa } = h;
  // ------------------------------------------------ login: SMS
  app.post<Body<{ mfaToken: string; phoneNumber: string }>>(`${base}/sms/enroll`, {}, async (request) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('SMS');
    const otcToken = await h.sendCode(login.user, { kind: 'sms', phone: request.body.phoneNumber });
    return { otcToken, phoneNumber: request.body.phoneNumber };
  });

  app.post<Body<{ mfaToken: string; otcToken: string; code: string }>>(
    `${base}/sms/enroll/verify`,
    {},
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const data = await h.checkCode(login.user, login.row, request.body.otcToken, request.body.code.trim(), {
        step: 'enrolSms',
      });
      const added = await mfa.addDevice(login.user.id, {
        kind: 'sms',
        phone: String(data.phone),
        name: 'Phone',
      });
      return h.signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
    },
  );

  app.post<Body<{ mfaToken: string }> & DeviceParam>(
    `${base}/sms/:deviceId`,
    { schema: { params: deviceParams } },
    async (request) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'sms');
      const otcToken = await h.sendCode(login.user, {
        kind: 'sms',
        phone: device.phone ?? '',
        deviceId: device.id,
      });
      return { otcToken, phoneNumber: mfa.describeDevices([device], true).phones[0]?.phoneNumber };
    },
  );

  app.post<
    Body<{ mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean | null }> & DeviceParam
  >(
    `${base}/sms/:deviceId/verify`,
    {
      schema: { params: deviceParams },
    },
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      await h.checkCode(login.user, login.row, request.body.otcToken, request.body.code.trim(), {
        step: 'signInSms',
        deviceId: request.params.deviceId,
      });
      return h.signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  // ------------------------------------------------ login: email code
  app.post<Body<{ mfaToken: string }>>(`${base}/emailcode/enroll`, async (request) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('EmailCode');
    return { otcToken: await h.sendCode(login.user, { kind: 'email', email: login.user.email }) };
  });

  app.post<Body<{ mfaToken: string; otcToken: string; code: string }>>(
    `${base}/emailcode/enroll/verify`,
    {},
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const data = await h.checkCode(login.user, login.row, request.body.otcToken, request.body.code.trim(), {
        step: 'enrolEmail',
      });
      const added = await mfa.addDevice(login.user.id, {
        kind: 'email',
        email: String(data.email),
        name: 'Email',
      });
      return h.signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
    },
  );

  app.post<Body<{ mfaToken: string }>>(`${base}/emailcode`, async (request) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    const device = (await mfa.secondFactors(login.user.id)).find((d) => d.kind === 'email');
    if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
    return {
      otcToken: await h.sendCode(login.user, {
        kind: 'email',
        email: device.email ?? login.user.email,
        deviceId: device.id,
      }),
    };
  });

  app.post<Body<{ mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean | null }>>(
    `${base}/emailcode/verify`,
    {},
    async (request, reply) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      await h.checkCode(login.user, login.row, request.body.otcToken, request.body.code.trim(), {
        step: 'signInEmail',
      });
      return h.signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );
}

/** WebAuthn as a second factor; the remember-device and strategies reads. */
function mfaSignInWebauthnRoutes(app: FastifyInstance, h: MfaSteps): void {
  const { mfa } = h;
  // ------------------------------------------------ login: WebAuthn as a second factor
  app.post<Body<{ mfaToken: string; deviceType?: DeviceType }>>(
    `${base}/webauthn/enroll`,
    async (request) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const type = request.body.deviceType ?? 'cross-platform';
      await mfa.assertStrategy(webauthnStrategy(type));
      return mfa.registrationOptions(login.user, {
        deviceType: type,
        passkey: false,
        purpose: 'mfaWebauthnRegister',
        rpId: h.rpIdOf(request),
      });
    },
  );

  app.post<
    Body<{
      mfaToken: string;
      webauthnToken: string;
      deviceType?: DeviceType;
      options: RegistrationResponseJSON;
    }>
  >(`${base}/webauthn/enroll/verify`, async (request, reply) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    const added = await mfa.finishRegistration(login.user.id, request.body.options, {
      purpose: 'mfaWebauthnRegister',
      webauthnToken: request.body.webauthnToken,
      deviceType: request.body.deviceType,
      rpId: h.rpIdOf(request),
    });
    return h.signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
  });

  app.post<Body<{ mfaToken: string }> & DeviceParam>(
    `${base}/webauthn/:deviceId`,
    { schema: { params: deviceParams } },
    async (request) => {
      const login = await h.loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'webauthn');
      return mfa.authenticationOptions(login.user.id, 'mfaWebauthnLogin', h.rpIdOf(request), [device]);
    },
  );

  app.post<
    Body<{
      mfaToken: string;
      webauthnToken: string;
      options: AuthenticationResponseJSON;
      rememberDevice?: boolean | null;
      recaptchaToken?: string | null;
    }> &
      DeviceParam
  >(`${base}/webauthn/:deviceId/verify`, { schema: { params: deviceParams } }, async (request, reply) => {
    const login = await h.loginContext(request, request.body.mfaToken);
    try {
      await mfa.finishAuthentication(request.body.options, {
        purpose: 'mfaWebauthnLogin',
        userId: login.user.id,
        webauthnToken: request.body.webauthnToken,
        deviceId: request.params.deviceId,
        rpId: h.rpIdOf(request),
      });
    } catch (error) {
      if (isMfaError(error)) await mfa.wrongAnswer(login.row, login.user.id, error);
      throw error;
    }
    return h.signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
  });

  // ------------------------------------------------ remember device, strategies (configurations)
  app.get<{ Querystring: { mfaToken: string } }>(
    '/identity/resources/configurations/v1/mfa-policy/allow-remember-device',
    async (request) => {
      const row = await mfa.requireMfaToken(request.query.mfaToken);
      const policy = await mfa.policyFor(typeof row.data.tenantId === 'string' ? row.data.tenantId : null);
      return {
        isAllowedToRemember: policy.allowRememberDevice,
        mfaDeviceExpiration: policy.deviceExpirationSeconds,
      };
    },
  );

  app.get('/identity/resources/configurations/v1/mfa/strategies', async () => ({
    strategies: await mfa.strategies(),
  }));
}

/**
 * Request schemas: core/contract/requests-mfa.ts and, for the WebAuthn calls, requests-webauthn.ts
 * (the demo backend's too), whose `clientWebAuthnBody` first brings the client SDK's spelling of a
 * body to the contract's (a preValidation hook that server/http/openapi.ts adds to those routes).
 */
export async function mfaRoutes(app: FastifyInstance, ctx: AppContext, mfa: MfaService): Promise<void> {
  const steps = mfaSteps(ctx, mfa);
  mfaSignInAppRoutes(app, steps);
  mfaSignInSentCodeRoutes(app, steps);
  mfaSignInWebauthnRoutes(app, steps);
}
