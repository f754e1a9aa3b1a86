/**
 * The request schemas of signing in through an OIDC or SAML connection (server/routes/sso.ts,
 * saml.ts; the demo: core/demo/hostedLogin.ts createDemoSso), by `METHOD path` as in
 * core/contract/requests.ts: the post-logins the page calls with what the identity provider sent
 * back. Not here: the SAML assertion consumer service (`POST .../sso/saml/:key/acs`), which the
 * identity provider's form posts to (the SAML POST binding, form-encoded), not the client.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

const oidcPostLogin: RequestSchema = {
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

export const SSO_SIGNIN_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  'POST /identity/resources/auth/v1/user/oidc/postlogin': oidcPostLogin,
  'POST /identity/resources/auth/v2/user/oidc/postlogin': oidcPostLogin,
  // `{ code }` (the kit: the ACS sent the browser on with it) or the client SDK's
  // `{ RelayState, SAMLResponse }` (the page received the identity provider's post itself).
  'POST /identity/resources/auth/v1/user/saml/postlogin': {
    body: {
      ...s.strictObject({ code: text(256), SAMLResponse: text(500_000), RelayState: text(1024) }),
      oneOf: [{ required: ['code'] }, { required: ['SAMLResponse', 'RelayState'] }],
    },
  },
};

/** The OIDC post-login's sign-in state, sent once as `RelayState` or `state`; null when sent neither or both. */
export function oidcSignInState(body: { RelayState?: string; state?: string }): string | null {
  if ((body.RelayState === undefined) === (body.state === undefined)) return null;
  return body.RelayState ?? body.state ?? null;
}
