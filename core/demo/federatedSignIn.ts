/**
 * The post-logins of demo mode's stand-in providers (core/demo/hostedLogin.ts: "Demo ID" and two
 * SSO domains), loaded with the back office: the demo code checked instead of the server's exchange
 * with a provider, then the server's post-login (core/domain/federation.ts): the person found by
 * their identity at the provider, else created just in time, the MFA gate, else the session.
 */
import { fail } from '../contract/answer';
import { oidcSignInState } from '../contract/requests-sso-signin';
import { federatedSignInOn } from '../domain/federation';
import { answer, type PublicHandlers } from '../domain/handlers';
import { publicArea, type Platform, type Visit } from '../domain/platform';
import { DEMO_TENANT_ID } from './data';
import { SOCIAL, SSO } from './hostedLogin';

type Ports = { platform: Platform; visit: Visit };

/** The provider's person, identified by their email at the stand-in provider of `provider` (its namespace). */
const identityOf = ({ email, name }: { email: string; name: string }, provider: string) => ({
  provider,
  subject: email,
  email,
  emailVerified: true,
  name,
});

/** A new SSO user joins the demo's account as a Viewer, as a connection's default roles would make them. */
async function ssoSignIn({ platform, visit }: Ports, idp: keyof typeof SSO) {
  const identity = identityOf(SSO[idp], `${idp === 'saml' ? 'saml' : 'sso'}:demo`);
  const connection = { tenantId: DEMO_TENANT_ID, roleKeys: ['Viewer'] };
  return answer(await federatedSignInOn(platform, visit).sso(identity, connection));
}

// The bodies passed the contract's schemas (core/contract/requests-sso-signin.ts).
const oidc: NonNullable<PublicHandlers<Ports>['postAuthV1UserOidcPostlogin']> = async (ports, { body }) => {
  const state = oidcSignInState(body);
  if (state === null) return fail('SSO_STATE_ONCE');
  if (body.code !== SSO.oidc.code || state !== SSO.oidc.state) return fail('AUTHENTICATION_FAILED');
  return ssoSignIn(ports, 'oidc');
};

/** The post-logins, public routes over demo mode's platform and the page's visit (core/demo/backOffice.ts). */
export const DEMO_FEDERATED_SIGN_IN = publicArea<Ports>(
  {
    postAuthUserSsoByProviderPostlogin: async (ports, { query, params }) => {
      // Only the demo's own provider signs in here; any other is not a route of the demo.
      if (params.provider !== SOCIAL.provider) return fail('NOT_FOUND');
      if (query.code !== SOCIAL.code || !query.code_verifier) return fail('AUTHENTICATION_FAILED');
      // A new user has an account of their own, which they administer.
      const identity = identityOf(SOCIAL, `social:${SOCIAL.provider}`);
      return answer(await federatedSignInOn(ports.platform, ports.visit).social(identity));
    },
    postAuthV1UserOidcPostlogin: oidc,
    postAuthV2UserOidcPostlogin: oidc,
    postAuthUserSamlPostlogin: async (ports, { body }) =>
      body.code === SSO.saml.code ? ssoSignIn(ports, 'saml') : fail('AUTHENTICATION_FAILED'),
  },
  (platform, visit) => ({ platform, visit }),
);
