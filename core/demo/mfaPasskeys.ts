/**
 * Demo mode's passkeys (server/routes/mfa.ts and sign-in.ts): a signed-in user adds, lists and
 * removes them (core/contract/routes/mfa.ts), and signs in with one (core/contract/routes/sign-in.ts).
 * A passkey is possession plus user verification: no second factor is asked after it.
 */
import { fail } from '../contract/answer';
import { passkeyName } from '../domain/mfa';
import type { DemoRoutes } from './dispatch';
import { withUsers } from './mfaAccount';
import { failSaved, ok, passkeysOf, removeDevices, type DemoMfaTools, type Json } from './mfaState';
import {
  authenticationOptions,
  deviceTypeOf,
  finishAuthentication,
  finishRegistration,
  registrationOptions,
} from './mfaWebauthn';

export function demoPasskeyRoutes(t: DemoMfaTools): DemoRoutes {
  const mine = withUsers(t, {
    // The client SDK's answer: the creation options themselves.
    postUsersWebauthnDevices: (db, user, { body }) =>
      ok(
        registrationOptions(t, db, user, {
          deviceType: deviceTypeOf(body, 'platform'),
          passkey: true,
          purpose: 'passkeyRegister',
        }).options,
      ),
    postUsersWebauthnDevicesVerify: async (db, user, { body }) => {
      const type = deviceTypeOf(body, 'platform');
      // The client SDK's body: `{ id, response: <the authenticator's response> }`; a whole credential is accepted too.
      const sent = body.response as Json;
      const credential =
        'rawId' in sent
          ? sent
          : { id: body.id, rawId: body.id, type: 'public-key', response: sent, clientExtensionResults: {} };
      if (body.id !== credential.id) return failSaved('MFA_WEBAUTHN_FAILED');
      const added = await finishRegistration(t, db, user, credential, {
        purpose: 'passkeyRegister',
        deviceType: type,
        name: passkeyName(type),
      });
      return added ? ok({ id: added.deviceId }) : failSaved('MFA_WEBAUTHN_FAILED');
    },
    getUsersWebauthnDevices: (db, user) =>
      ok(
        {
          devices: passkeysOf(db, user.id).map((d) => ({
            id: d.id,
            deviceType: d.deviceType === 'platform' ? 'Platform' : 'CrossPlatform',
            name: d.name ?? null,
            createdAt: d.createdAt,
            lastUsedAt: d.lastUsedAt ?? null,
          })),
        },
        false,
      ),
    deleteUsersWebauthnDevicesByDeviceId: (db, user, { params }) => {
      const device = passkeysOf(db, user.id).find((d) => d.id === params.deviceId);
      if (!device) return fail('MFA_DEVICE_UNKNOWN');
      return removeDevices(t, db, user.id, [device]);
    },
  });
  const postLogin: NonNullable<DemoRoutes['postAuthV2WebauthnPostlogin']> = async (db, { body }) => {
    const { recaptchaToken: _r, invitationToken: _i, ...assertion } = body;
    const device = await finishAuthentication(t, db, assertion, {
      purpose: 'passkeyLogin',
      userId: null,
      passkeyOnly: true,
    });
    const user = device && db.users.find((u) => u.id === device.userId);
    return user ? ok(t.startSession(db, user)) : failSaved('MFA_WEBAUTHN_FAILED');
  };
  return {
    ...mine,
    // Discoverable credentials: the browser offers the passkeys it holds for this site.
    postAuthWebauthnPrelogin: (db) => ok(authenticationOptions(t, db, null, 'passkeyLogin', []).options),
    postAuthV2WebauthnPostlogin: postLogin,
    postAuthV1WebauthnPostlogin: postLogin,
  };
}
