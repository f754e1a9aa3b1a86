/**
 * Multi-factor authentication and passkeys over HTTP (spec 000 §7; paths the spec does not show are
 * this server's choice, listed in docs/contract.md):
 *
 * - login-time MFA under `/identity/resources/auth/v1/user/mfa/*`, authorised by the `mfaToken`
 *   of the login answer (short-lived, single-purpose, bound to the user; used up on success);
 * - the remember-device check under configurations v1;
 * - passkey sign-in (`/auth/v1/webauthn/prelogin`, `/auth/v2/webauthn/postlogin`);
 * - account-side MFA under users v1 (`/mfa/*`, bearer token) and passkey devices under
 *   `/users/webauthn/v1/devices`.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { isMfaError, type ChallengeRow, type DeviceType, type MfaService } from '../domain/mfa';
import { maskPhone } from '../../core/contract/phone';
import { clientDeviceType } from '../../core/contract/requests-webauthn';
import { findUserById, type UserRow } from '../domain/users';
import { refreshCookiePath, setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { activeTenantOf, REMEMBER_DEVICE_COOKIE } from '../http/mfa-gate';
import { callerOf } from '../http/route-table';
import { assertTenantAllows, assertVendorAllows } from '../domain/sign-in-methods';
import { verificationCodeEmail, verificationCodeSms } from '../delivery/messages';
import { localeOfRecipient } from '../storage/locales';

const AUTH = '/identity/resources/auth';
const USERS = '/identity/resources/users/v1';
const PASSKEYS = '/identity/resources/users/webauthn/v1/devices';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const deviceParams = {
  type: 'object',
  properties: { deviceId: { type: 'string', pattern: UUID } },
  required: ['deviceId'],
} as const;

type Body<T> = { Body: T };

/**
 * A new set of recovery codes in an answer, shown once: `recoveryCodes`, and the client SDK's
 * `recoveryCode` (the first of them) for callers that know one code only (docs/contract.md).
 */
const recoveryAnswer = (codes: string[] | null | undefined) =>
  codes?.length ? { recoveryCode: codes[0]!, recoveryCodes: codes } : {};
type DeviceParam = { Params: { deviceId: string } };

function rememberCookieOptions(ctx: AppContext, maxAge?: number) {
  return {
    path: refreshCookiePath(ctx.options.prefix),
    httpOnly: true,
    secure: ctx.cookies.secure,
    sameSite: ctx.cookies.sameSite,
    ...(maxAge ? { maxAge } : {}),
  };
}

/**
 * Request schemas: core/contract/requests-mfa.ts and, for the WebAuthn calls, requests-webauthn.ts
 * (the demo backend's too), whose `clientWebAuthnBody` first brings the client SDK's spelling of a
 * body to the contract's (a preValidation hook that server/http/openapi.ts adds to those routes).
 */
export async function mfaRoutes(app: FastifyInstance, ctx: AppContext, mfa: MfaService): Promise<void> {
  /** The WebAuthn relying party of the page that calls (fixed unless development mode derives it). */
  const rpIdOf = (request: FastifyRequest) =>
    mfa.rpIdFor({ origin: request.headers.origin, host: request.headers.host });

  /** The live mfaToken and its user; refuses a cross-site caller like the other cookie endpoints. */
  async function loginContext(request: FastifyRequest, mfaToken: string) {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    const row = await mfa.requireMfaToken(mfaToken);
    const user = await findUserById(ctx.db, row.user_id);
    if (!user) throw contractError('MFA_TOKEN_EXPIRED');
    return { row, user };
  }

  /** Ends the MFA step: uses the mfaToken up, opens the session, remembers the browser when asked. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    login: { row: ChallengeRow; user: UserRow },
    extra: { rememberDevice?: boolean | null; recoveryCodes?: string[] | null },
  ) {
    await mfa.finishMfaToken(mfaTokenOf(request), login.user.id);
    const tenantId = typeof login.row.data.tenantId === 'string' ? login.row.data.tenantId : null;
    if (extra.rememberDevice) {
      const policy = await mfa.policyFor(tenantId);
      if (policy.allowRememberDevice) {
        const remember = await mfa.rememberBrowser(login.user.id, policy.deviceExpirationSeconds);
        reply.setCookie(
          REMEMBER_DEVICE_COOKIE,
          remember,
          rememberCookieOptions(ctx, policy.deviceExpirationSeconds),
        );
      }
    }
    const signedIn = await ctx.auth.startSession(login.user, clientInfo(request), tenantId);
    setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return { ...signedIn.authResponse, ...recoveryAnswer(extra.recoveryCodes) };
  }

  const mfaTokenOf = (request: FastifyRequest) =>
    String((request.body as { mfaToken?: unknown }).mfaToken ?? '');

  async function sendCode(
    user: UserRow,
    target:
      | { kind: 'sms'; phone: string; deviceId?: string; removal?: boolean }
      | { kind: 'email'; email: string; deviceId?: string },
  ) {
    const { otcToken, code } = await mfa.issueCode(user.id, 'otc', target);
    const locale = await localeOfRecipient(ctx.db, user.id);
    if (target.kind === 'sms') await ctx.delivery.sendSms(verificationCodeSms(target.phone, code, locale));
    else await ctx.delivery.sendEmail(verificationCodeEmail(target.email, code, locale));
    return otcToken;
  }

  /** Checks an SMS or email code; the target the code was sent to must be the one expected. */
  async function checkCode(
    user: UserRow,
    mfaRow: ChallengeRow | null,
    otcToken: string,
    value: string,
    expect: (data: Record<string, unknown>) => boolean,
  ) {
    const result = await mfa.checkCode(user.id, otcToken, value);
    if (!result.ok) {
      if (result.reason === 'expired') {
        await mfa.recordFailure(user.id);
        throw contractError('MFA_CODE_EXPIRED');
      }
      await mfa.wrongAnswer(mfaRow, user.id, contractError('MFA_CODE_WRONG'));
    }
    if (!result.ok || !expect(result.data)) throw contractError('MFA_CODE_EXPIRED');
    return result.data;
  }

  const base = `${AUTH}/v1/user/mfa`;

  // ------------------------------------------------ login: authenticator app
  app.post<Body<{ mfaToken: string; value: string; rememberDevice?: boolean | null }>>(
    `${base}/verify`,
    async (request, reply) => {
      const login = await loginContext(request, request.body.mfaToken);
      if (!(await mfa.verifyAnyAuthenticator(login.user.id, request.body.value.trim())))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  app.post<Body<{ mfaToken: string; value: string; rememberDevice?: boolean | null }> & DeviceParam>(
    `${base}/authenticator/:deviceId/verify`,
    { schema: { params: deviceParams } },
    async (request, reply) => {
      const login = await loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'authenticator');
      if (!(await mfa.verifyAuthenticator(device, request.body.value.trim())))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  app.post<Body<{ mfaToken: string }>>(`${base}/authenticator/enroll`, async (request) => {
    const login = await loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('AuthenticatorApp');
    const totp = await mfa.newTotp(login.user);
    await mfa.startTotpEnrolment(login.user.id, totp.secret);
    return { qrCode: totp.qrCode, secret: totp.secret };
  });

  app.post<Body<{ mfaToken: string; token: string }>>(
    `${base}/authenticator/enroll/verify`,
    async (request, reply) => {
      const login = await loginContext(request, request.body.mfaToken);
      const enrolled = await mfa.finishTotpEnrolment(login.user.id, request.body.token.trim());
      if (!enrolled) await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_CODE_WRONG'));
      return signIn(request, reply, login, { recoveryCodes: enrolled!.recoveryCodes });
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
      if (!request.body.mfaToken) throw contractError('MFA_RECOVERY_NEEDS_FIRST_FACTOR');
      const login = await loginContext(request, request.body.mfaToken);
      if (request.body.email && request.body.email.toLowerCase() !== login.user.email.toLowerCase())
        throw contractError('MFA_EMAIL_MISMATCH');
      if (!(await mfa.useRecoveryCode(login.user.id, request.body.recoveryCode)))
        await mfa.wrongAnswer(login.row, login.user.id, contractError('MFA_RECOVERY_CODE_WRONG'));
      // The used code is gone; a new one is shown once, so the user is never left without one.
      return signIn(request, reply, login, { recoveryCodes: await mfa.recoveryCodesAfterUse(login.user.id) });
    },
  );

  // ------------------------------------------------ login: SMS
  app.post<Body<{ mfaToken: string; phoneNumber: string }>>(`${base}/sms/enroll`, {}, async (request) => {
    const login = await loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('SMS');
    const otcToken = await sendCode(login.user, { kind: 'sms', phone: request.body.phoneNumber });
    return { otcToken, phoneNumber: request.body.phoneNumber };
  });

  app.post<Body<{ mfaToken: string; otcToken: string; code: string }>>(
    `${base}/sms/enroll/verify`,
    {},
    async (request, reply) => {
      const login = await loginContext(request, request.body.mfaToken);
      const data = await checkCode(
        login.user,
        login.row,
        request.body.otcToken,
        request.body.code.trim(),
        (d) => d.kind === 'sms' && !d.deviceId,
      );
      const added = await mfa.addDevice(login.user.id, {
        kind: 'sms',
        phone: String(data.phone),
        name: 'Phone',
      });
      return signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
    },
  );

  app.post<Body<{ mfaToken: string }> & DeviceParam>(
    `${base}/sms/:deviceId`,
    { schema: { params: deviceParams } },
    async (request) => {
      const login = await loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'sms');
      const otcToken = await sendCode(login.user, {
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
      const login = await loginContext(request, request.body.mfaToken);
      await checkCode(
        login.user,
        login.row,
        request.body.otcToken,
        request.body.code.trim(),
        (d) => d.deviceId === request.params.deviceId,
      );
      return signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  // ------------------------------------------------ login: email code
  app.post<Body<{ mfaToken: string }>>(`${base}/emailcode/enroll`, async (request) => {
    const login = await loginContext(request, request.body.mfaToken);
    await mfa.assertStrategy('EmailCode');
    return { otcToken: await sendCode(login.user, { kind: 'email', email: login.user.email }) };
  });

  app.post<Body<{ mfaToken: string; otcToken: string; code: string }>>(
    `${base}/emailcode/enroll/verify`,
    {},
    async (request, reply) => {
      const login = await loginContext(request, request.body.mfaToken);
      const data = await checkCode(
        login.user,
        login.row,
        request.body.otcToken,
        request.body.code.trim(),
        (d) => d.kind === 'email' && !d.deviceId,
      );
      const added = await mfa.addDevice(login.user.id, {
        kind: 'email',
        email: String(data.email),
        name: 'Email',
      });
      return signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
    },
  );

  app.post<Body<{ mfaToken: string }>>(`${base}/emailcode`, async (request) => {
    const login = await loginContext(request, request.body.mfaToken);
    const device = (await mfa.secondFactors(login.user.id)).find((d) => d.kind === 'email');
    if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
    return {
      otcToken: await sendCode(login.user, {
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
      const login = await loginContext(request, request.body.mfaToken);
      await checkCode(
        login.user,
        login.row,
        request.body.otcToken,
        request.body.code.trim(),
        (d) => d.kind === 'email' && typeof d.deviceId === 'string',
      );
      return signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
    },
  );

  // ------------------------------------------------ login: WebAuthn as a second factor
  app.post<Body<{ mfaToken: string; deviceType?: DeviceType }>>(
    `${base}/webauthn/enroll`,
    async (request) => {
      const login = await loginContext(request, request.body.mfaToken);
      const type = request.body.deviceType ?? 'cross-platform';
      await mfa.assertStrategy(type === 'platform' ? 'WebAuthnPlatform' : 'WebAuthnCrossPlatform');
      return mfa.registrationOptions(login.user, {
        deviceType: type,
        passkey: false,
        purpose: 'mfaWebauthnRegister',
        rpId: rpIdOf(request),
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
    const login = await loginContext(request, request.body.mfaToken);
    const added = await mfa.finishRegistration(login.user.id, request.body.options, {
      purpose: 'mfaWebauthnRegister',
      webauthnToken: request.body.webauthnToken,
      deviceType: request.body.deviceType,
      rpId: rpIdOf(request),
    });
    return signIn(request, reply, login, { recoveryCodes: added.recoveryCodes });
  });

  app.post<Body<{ mfaToken: string }> & DeviceParam>(
    `${base}/webauthn/:deviceId`,
    { schema: { params: deviceParams } },
    async (request) => {
      const login = await loginContext(request, request.body.mfaToken);
      const device = await mfa.device(login.user.id, request.params.deviceId, 'webauthn');
      return mfa.authenticationOptions(login.user.id, 'mfaWebauthnLogin', rpIdOf(request), [device]);
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
    const login = await loginContext(request, request.body.mfaToken);
    try {
      await mfa.finishAuthentication(request.body.options, {
        purpose: 'mfaWebauthnLogin',
        userId: login.user.id,
        webauthnToken: request.body.webauthnToken,
        deviceId: request.params.deviceId,
        rpId: rpIdOf(request),
      });
    } catch (error) {
      if (isMfaError(error)) await mfa.wrongAnswer(login.row, login.user.id, error);
      throw error;
    }
    return signIn(request, reply, login, { rememberDevice: request.body.rememberDevice });
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

  // ------------------------------------------------ passkeys as a first factor
  app.post<Body<{ email?: string | null; recaptchaToken?: string | null }>>(
    `${AUTH}/v1/webauthn/prelogin`,
    {},
    async (request) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      if (!(await mfa.vendorSettings()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
      await assertVendorAllows(ctx.db, 'Passkeys');
      // Discoverable credentials: the browser offers the passkeys it has for this site, so the
      // answer never tells whether an email has an account.
      const { options } = await mfa.authenticationOptions(null, 'passkeyLogin', rpIdOf(request));
      return options;
    },
  );

  // The client SDK posts passkey sign-ins to v1 (webAuthnPostLogin and V2 alike); the kit to v2.
  for (const version of ['v1', 'v2'])
    app.post<
      Body<{
        id: string;
        rawId: string;
        type: 'public-key';
        response: AuthenticationResponseJSON['response'];
        clientExtensionResults?: object;
        authenticatorAttachment?: string;
        recaptchaToken?: string | null;
        invitationToken?: string | null;
      }>
    >(`${AUTH}/${version}/webauthn/postlogin`, async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      if (!(await mfa.vendorSettings()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
      await assertVendorAllows(ctx.db, 'Passkeys');
      const { recaptchaToken: _r, invitationToken: _i, ...response } = request.body;
      const device = await mfa.finishAuthentication(
        { clientExtensionResults: {}, ...response } as AuthenticationResponseJSON,
        { purpose: 'passkeyLogin', userId: null, passkeyOnly: true, rpId: rpIdOf(request) },
      );
      const user = await findUserById(ctx.db, device.user_id);
      if (!user) throw contractError('MFA_WEBAUTHN_FAILED');
      // The account's sign-in methods, now that the passkey proved who signs in.
      await assertTenantAllows(ctx.db, await activeTenantOf(ctx, user), 'Passkeys');
      // A passkey is possession plus user verification: no second factor is asked after it.
      const signedIn = await ctx.auth.startSession(user, clientInfo(request));
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    });

  // ------------------------------------------------ account-side MFA (bearer)
  // A person's sign-in factors are theirs to manage: API tokens are refused (403), and so is an
  // impersonator (403 on every change): a factor enrolled while impersonating would be a way back in
  // as the person later, also into their other accounts, where the impersonator has no say.
  async function accountUser(request: FastifyRequest): Promise<UserRow> {
    const claims = callerOf(request);
    if (claims.act && request.method !== 'GET') throw contractError('IMPERSONATING_NOT_AVAILABLE');
    const user = await findUserById(ctx.db, claims.sub);
    if (!user) throw contractError('TOKEN_INVALID');
    return user;
  }

  /** Account changes need a fresh proof: a code of an enrolled authenticator, or the recovery code. */
  async function requireProof(user: UserRow, proof: string) {
    await mfa.assertNotLocked(user.id);
    const value = proof.trim();
    if (
      /^[0-9]{6}$/.test(value)
        ? await mfa.verifyAnyAuthenticator(user.id, value)
        : await mfa.useRecoveryCode(user.id, value)
    )
      return;
    await mfa.wrongAnswer(null, user.id, contractError('MFA_CODE_WRONG'));
  }

  app.get(`${USERS}/mfa/devices`, async (request) => {
    const user = await accountUser(request);
    return mfa.describeDevices(await mfa.devices(user.id), false);
  });

  // The kit's paths and the client SDK's (pre)enrollMFAAuthenticatorApp under `/mfa/authenticator`.
  for (const path of [`${USERS}/mfa/enroll`, `${USERS}/mfa/authenticator/enroll`])
    app.post(path, { bodyLimit: 1024 }, async (request) => {
      const user = await accountUser(request);
      await mfa.assertStrategy('AuthenticatorApp');
      const totp = await mfa.newTotp(user);
      await mfa.startTotpEnrolment(user.id, totp.secret);
      return { qrCode: totp.qrCode, secret: totp.secret };
    });

  for (const path of [`${USERS}/mfa/enroll/verify`, `${USERS}/mfa/authenticator/enroll/verify`])
    app.post<Body<{ token: string }>>(path, async (request) => {
      const user = await accountUser(request);
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
    const user = await accountUser(request);
    await requireProof(user, request.body.token);
    for (const device of (await mfa.devices(user.id)).filter((d) => d.kind === 'authenticator'))
      await mfa.deleteDevice(user.id, device.id);
    return {};
  });

  /**
   * A new set of recovery codes (this server's path, docs/contract.md): proven with a code of the
   * authenticator app or one of the current recovery codes; the old set stops working.
   */
  app.post<Body<{ token: string }>>(`${USERS}/mfa/recovery-codes`, async (request) => {
    const user = await accountUser(request);
    if ((await mfa.secondFactors(user.id)).length === 0) throw contractError('MFA_NOT_ENROLLED');
    await requireProof(user, request.body.token);
    return recoveryAnswer(await mfa.regenerateRecoveryCodes(user.id));
  });

  // The client SDK's disableMFAAuthenticatorApp: `/disable/verify` with `{ token }` (a code or the recovery code).
  app.post<Body<{ token: string }> & DeviceParam>(
    `${USERS}/mfa/authenticator/:deviceId/disable/verify`,
    { schema: { params: deviceParams } },
    async (request) => {
      const user = await accountUser(request);
      const device = await mfa.device(user.id, request.params.deviceId, 'authenticator');
      await mfa.assertNotLocked(user.id);
      const value = request.body.token.trim();
      const ok = /^[0-9]{6}$/.test(value)
        ? await mfa.verifyAuthenticator(device, value)
        : await mfa.useRecoveryCode(user.id, value);
      if (!ok) await mfa.wrongAnswer(null, user.id, contractError('MFA_CODE_WRONG'));
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );

  app.post<Body<{ phoneNumber: string }>>(`${USERS}/mfa/sms/enroll`, async (request) => {
    const user = await accountUser(request);
    await mfa.assertStrategy('SMS');
    return {
      otcToken: await sendCode(user, { kind: 'sms', phone: request.body.phoneNumber }),
      phoneNumber: request.body.phoneNumber,
    };
  });

  app.post<Body<{ otcToken: string; code: string }>>(`${USERS}/mfa/sms/enroll/verify`, async (request) => {
    const user = await accountUser(request);
    await mfa.assertNotLocked(user.id);
    const data = await checkCode(
      user,
      null,
      request.body.otcToken,
      request.body.code.trim(),
      (d) => d.kind === 'sms' && !d.deviceId,
    );
    const added = await mfa.addDevice(user.id, { kind: 'sms', phone: String(data.phone), name: 'Phone' });
    return {
      deviceId: added.deviceId,
      ...recoveryAnswer(added.recoveryCodes),
    };
  });

  app.post<Body<{ deviceType?: DeviceType }>>(`${USERS}/mfa/webauthn/enroll`, async (request) => {
    const user = await accountUser(request);
    const type = request.body?.deviceType ?? 'cross-platform';
    await mfa.assertStrategy(type === 'platform' ? 'WebAuthnPlatform' : 'WebAuthnCrossPlatform');
    return mfa.registrationOptions(user, {
      deviceType: type,
      passkey: false,
      purpose: 'accountWebauthnRegister',
      rpId: rpIdOf(request),
    });
  });

  app.post<Body<{ webauthnToken: string; deviceType?: DeviceType; options: RegistrationResponseJSON }>>(
    `${USERS}/mfa/webauthn/enroll/verify`,
    async (request) => {
      const user = await accountUser(request);
      const added = await mfa.finishRegistration(user.id, request.body.options, {
        purpose: 'accountWebauthnRegister',
        webauthnToken: request.body.webauthnToken,
        deviceType: request.body.deviceType,
        rpId: rpIdOf(request),
      });
      return {
        deviceId: added.deviceId,
        ...recoveryAnswer(added.recoveryCodes),
      };
    },
  );

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
    const user = await accountUser(request);
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
      const otcToken = await sendCode(user, {
        kind: 'sms',
        phone: phoneNumber,
        deviceId: device.id,
        removal: true,
      });
      return { otcToken, phoneNumber: maskPhone(phoneNumber) };
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
      await checkCode(
        user,
        null,
        request.body.otcToken,
        request.body.code.trim(),
        (d) => d.kind === 'sms' && d.deviceId === device.id && d.removal === true,
      );
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
      return mfa.authenticationOptions(user.id, 'accountWebauthnDisable', rpIdOf(request), [device]);
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
          rpId: rpIdOf(request),
        });
      } catch (error) {
        if (isMfaError(error)) await mfa.wrongAnswer(null, user.id, error);
        throw error;
      }
      await mfa.deleteDevice(user.id, device.id);
      return {};
    },
  );

  // ------------------------------------------------ passkey devices (bearer): new-device session, verify, list, delete
  app.post<Body<{ deviceType?: DeviceType }>>(PASSKEYS, async (request) => {
    const user = await accountUser(request);
    if (!(await mfa.vendorSettings()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
    const { options } = await mfa.registrationOptions(user, {
      deviceType: request.body?.deviceType ?? 'platform',
      passkey: true,
      purpose: 'passkeyRegister',
      rpId: rpIdOf(request),
    });
    // The client SDK's ICreateNewDeviceSessionResponse: the creation options themselves.
    return options;
  });

  // The client SDK's IVerifyNewWebAuthnDevice: `{ id, response: { clientDataJSON, attestationObject }, deviceType? }`
  // (the authenticator's response); the whole credential JSON in `response` is accepted too.
  app.post<{
    Body: {
      id: string;
      response: RegistrationResponseJSON | RegistrationResponseJSON['response'];
      deviceType?: DeviceType;
    };
  }>(`${PASSKEYS}/verify`, async (request) => {
    const user = await accountUser(request);
    const { id } = request.body;
    const sent = request.body.response;
    const credential: RegistrationResponseJSON =
      'rawId' in sent
        ? sent
        : { id, rawId: id, type: 'public-key', response: sent, clientExtensionResults: {} };
    if (id !== credential.id) throw contractError('MFA_WEBAUTHN_FAILED');
    const type = request.body.deviceType ?? 'platform';
    const added = await mfa.finishRegistration(user.id, credential, {
      purpose: 'passkeyRegister',
      rpId: rpIdOf(request),
      deviceType: type,
      name: type === 'platform' ? 'Passkey on this device' : 'Passkey on a security key or phone',
    });
    return { id: added.deviceId };
  });

  app.get(PASSKEYS, async (request) => {
    const user = await accountUser(request);
    const devices = (await mfa.devices(user.id)).filter((d) => d.passkey);
    return {
      devices: devices.map((d) => ({
        id: d.id,
        // The client SDK's WebAuthnDeviceType spelling (the kit does not read it).
        deviceType: clientDeviceType(d.device_type),
        name: d.name,
        createdAt: d.created_at.toISOString(),
        lastUsedAt: d.last_used_at?.toISOString() ?? null,
      })),
    };
  });

  app.delete<DeviceParam>(`${PASSKEYS}/:deviceId`, { schema: { params: deviceParams } }, async (request) => {
    const user = await accountUser(request);
    const device = await mfa.device(user.id, request.params.deviceId, 'webauthn');
    if (!device.passkey) throw contractError('MFA_DEVICE_UNKNOWN');
    await mfa.deleteDevice(user.id, device.id);
    return {};
  });
}
