/**
 * Demo mode's stand-ins for federated sign-in, whose real versions are the server's federation
 * (hosted login, social login, SAML and OIDC). Nothing leaves the page's origin:
 * - hosted login's calls (spec 000 §7 `/oauth/*`) answer from the demo session, which stands in for
 *   the server's session cookie. There is no hosted page (the page's own login route stands in for
 *   it, core/session/hostedLogin.ts), so no code is ever issued and the code grant is invalid_grant;
 * - one social provider, "Demo ID", and two SSO domains (OIDC, SAML) send the browser to the page's
 *   own callback route with a demo code, whose post-login (core/demo/federatedSignIn.ts, loaded with
 *   the back office) signs in the provider's person.
 */
import { ok } from '../contract/answer';
import { oauthRefusal, unsupportedGrantRefusal } from '../contract/oauth';
import { idTokenClaims, oauthTokenAnswer, SILENT_SCOPE as SCOPE } from '../domain/session-tokens';
import { demoUserOf, type DemoDatabase, type DemoUser } from './data';
import { demoHandlers, type DemoRoutes } from './dispatch';
import { SOCIAL_PROVIDER_HANDLERS } from '../domain/social-login';
import { DEMO_ISSUER, unsignedJwt, type DemoTokens } from './sessions';

type DemoFederationTools = Pick<DemoTokens, 'tokenFor'> & { random(): string; now(): number };

/** The social provider's person and code. */
export const SOCIAL = {
  provider: 'demo-id',
  code: 'demo-social-code',
  email: 'sam.social@demo.example',
  name: 'Sam Social',
};
/** The SSO domains' people, codes and states. */
export const SSO = {
  oidc: {
    code: 'demo-oidc-code',
    state: 'demo-sso-state',
    email: 'olivia@sso.demo.example',
    name: 'Olivia OIDC',
  },
  saml: {
    code: 'demo-saml-code',
    state: '',
    email: 'sam@saml.demo.example',
    name: 'Sam SAML',
  },
};

/** Where an email of a demo SSO domain signs in (the kit appends its redirect_uri), else null. */
export function demoSsoRoute(domain: string) {
  const idpType = (['oidc', 'saml'] as const).find((idp) => SSO[idp].email.endsWith(`@${domain}`));
  if (!idpType) return null;
  const { code, state } = SSO[idpType];
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const address = `${origin}/account/${idpType}/callback?code=${code}${state ? `&state=${state}` : ''}`;
  return { address, idpType };
}

export function createDemoFederation(tools: DemoFederationTools): DemoRoutes {
  const userOfSession = (db: DemoDatabase) => db.session && demoUserOf(db, db.session.userId);

  /** Hosted login's tokens of the session, whose refresh token turns (the answer carries it when `refresh`). */
  async function oauthTokens(
    db: DemoDatabase,
    user: DemoUser,
    clientId: string,
    nonce: unknown,
    refresh: boolean,
  ) {
    const auth = await tools.tokenFor(db, user);
    const session = db.session!;
    session.refreshToken = tools.random();
    const iat = Math.floor(tools.now() / 1000);
    const facts = {
      nonce: nonce as string | undefined,
      sid: session.id,
      authTime: new Date(session.createdAt ?? tools.now()),
      tenantId: user.tenantId,
      scope: SCOPE,
    };
    const issue = { iss: DEMO_ISSUER, aud: clientId, iat, ttl: auth.expiresIn };
    const grant = refresh ? { refreshToken: session.refreshToken, scope: SCOPE } : undefined;
    return ok(oauthTokenAnswer(auth, unsignedJwt(idTokenClaims(user, facts, issue)), grant), true);
  }

  const provider = {
    provider: SOCIAL.provider,
    type: SOCIAL.provider,
    displayName: 'Demo ID',
    active: true,
    customised: false,
    authorizationUrl: `/account/social/success?code=${SOCIAL.code}`,
    clientId: 'demo-client',
    redirectUrl: '/account/social/success',
  };
  return {
    postOauthAuthorizeSilent: (db, { body }) => {
      if (!body.client_id) return oauthRefusal('silentClient');
      const user = userOfSession(db);
      if (!user) return oauthRefusal('loginRequired');
      return oauthTokens(db, user, body.client_id as string, body.nonce, false);
    },
    postOauthToken: (db, { body }) => {
      if (!body.client_id) return oauthRefusal('tokenClient');
      if (body.grant_type === 'authorization_code') return oauthRefusal('code');
      if (body.grant_type !== 'refresh_token') return unsupportedGrantRefusal();
      const user = userOfSession(db);
      if (!user || body.refresh_token !== db.session!.refreshToken) return oauthRefusal('refreshInvalid');
      return oauthTokens(db, user, body.client_id as string, undefined, true);
    },
    getOauthLogout: (db) => {
      db.session = null;
      return ok({}, true);
    },
    // The buttons' lists (core/domain/social-login.ts): the one provider, no custom one.
    ...demoHandlers(SOCIAL_PROVIDER_HANDLERS, () => ({
      list: async (custom) => (custom ? [] : [provider]),
    })),
  };
}
