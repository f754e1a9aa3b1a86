/**
 * The request schemas of signing in through an OIDC or SAML connection (server/routes/sso.ts,
 * saml.ts; the demo: core/demo/federatedSignIn.ts), by `METHOD path` as in
 * core/contract/requests.ts: the post-logins the page calls with what the identity provider sent
 * back. Not here: the SAML assertion consumer service (`POST .../sso/saml/:key/acs`), which the
 * identity provider's form posts to (the SAML POST binding, form-encoded), not the client.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

export const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

export const oidcPostLogin: RequestSchema = {
  body: s.strictObject(
    {
      code: text(2048),
      redirectUri: text(2048),
      RelayState: text(2048),
      // The client SDK's v1 body names it `state` (oidcPostLogin); v2 `RelayState`.
      state: text(2048),
    },
    ['code', 'redirectUri'],
  ),
};

/** The OIDC post-login's sign-in state, sent once as `RelayState` or `state`; null when sent neither or both. */
export function oidcSignInState(body: { RelayState?: string; state?: string }): string | null {
  if ((body.RelayState === undefined) === (body.state === undefined)) return null;
  return body.RelayState ?? body.state ?? null;
}
