/**
 * Passkeys over HTTP: sign-in with one (`/auth/v1/webauthn/prelogin`, `/auth/v2/webauthn/postlogin`;
 * descriptors in core/contract/routes/sign-in.ts) and a signed-in person's passkey devices under
 * `/users/webauthn/v1/devices` (core/contract/routes/mfa.ts).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../context';
import type { FastifyInstance } from 'fastify';
import { contractError } from '../../core/contract/errors';
import { clientDeviceType } from '../../core/contract/requests-webauthn';
import { passkeyName } from '../../core/domain/mfa';
import type { DeviceType, MfaService } from '../domain/mfa';
import { assertTenantAllows, assertVendorAllows } from '../domain/sign-in-methods';
import { findUserById } from '../domain/users';
import { clientInfo } from '../http/client-info';
import { setRefreshCookie } from '../http/cookies';
import { activeTenantOf } from '../http/mfa-gate';
import { assertTrustedOrigin } from '../http/origin';
import { deviceParams, type Body, type DeviceParam, mfaSteps } from '../http/mfa-steps';

const AUTH = '/identity/resources/auth';
const PASSKEYS = '/identity/resources/users/webauthn/v1/devices';

export async function passkeyRoutes(app: FastifyInstance, ctx: AppContext, mfa: MfaService): Promise<void> {
  const h = mfaSteps(ctx, mfa);
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
      const { options } = await mfa.authenticationOptions(null, 'passkeyLogin', h.rpIdOf(request));
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
        { purpose: 'passkeyLogin', userId: null, passkeyOnly: true, rpId: h.rpIdOf(request) },
      );
      const user = await findUserById(ctx.db, device.userId);
      if (!user) throw contractError('MFA_WEBAUTHN_FAILED');
      // The account's sign-in methods, now that the passkey proved who signs in.
      await assertTenantAllows(ctx.db, await activeTenantOf(ctx, user), 'Passkeys');
      // A passkey is possession plus user verification: no second factor is asked after it.
      const signedIn = await ctx.auth.startSession(user, clientInfo(request));
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    });

  // ------------------------------------------------ passkey devices (bearer): new-device session, verify, list, delete
  app.post<Body<{ deviceType?: DeviceType }>>(PASSKEYS, async (request) => {
    const user = await h.accountUser(request);
    if (!(await mfa.vendorSettings()).passkeysEnabled) throw contractError('PASSKEYS_DISABLED');
    const { options } = await mfa.registrationOptions(user, {
      deviceType: request.body?.deviceType ?? 'platform',
      passkey: true,
      purpose: 'passkeyRegister',
      rpId: h.rpIdOf(request),
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
    const user = await h.accountUser(request);
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
      rpId: h.rpIdOf(request),
      deviceType: type,
      name: passkeyName(type),
    });
    return { id: added.deviceId };
  });

  app.get(PASSKEYS, async (request) => {
    const user = await h.accountUser(request);
    const devices = (await mfa.devices(user.id)).filter((d) => d.passkey);
    return {
      devices: devices.map((d) => ({
        id: d.id,
        // The client SDK's WebAuthnDeviceType spelling (the kit does not read it).
        deviceType: clientDeviceType(d.deviceType),
        name: d.name,
        createdAt: d.createdAt,
        lastUsedAt: d.lastUsedAt,
      })),
    };
  });

  app.delete<DeviceParam>(`${PASSKEYS}/:deviceId`, { schema: { params: deviceParams } }, async (request) => {
    const user = await h.accountUser(request);
    const device = await mfa.device(user.id, request.params.deviceId, 'webauthn');
    if (!device.passkey) throw contractError('MFA_DEVICE_UNKNOWN');
    await mfa.deleteDevice(user.id, device.id);
    return {};
  });
}
