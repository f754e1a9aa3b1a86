/**
 * Demo mode's stand-ins for federated sign-in, whose real versions are the server's federation
 * (hosted login, social login, SAML and OIDC). Nothing leaves the page's origin:
 * - hosted login's calls (spec 000 §7 `/oauth/*`) answer from the demo session, which stands in for
 *   the server's session cookie. There is no hosted page (the page's own login route stands in for
 *   it, core/session/hostedLogin.ts), so no code is ever issued and the code grant is invalid_grant;
 * - one social provider, "Demo ID", and two SSO domains (OIDC, SAML) send the browser to the page's
 *   own callback route with a demo code, whose post-login signs in the provider's person, created
 *   the first time (the server's just-in-time creation), after the MFA step if they have one.
 */
import { fail, ok } from '../contract/answer';
import { contractError } from '../contract/errors';
import { oauthErrorBody, unsupportedGrantType } from '../contract/oauth';
import { oidcSignInState } from '../contract/requests-sso-signin';
import { idTokenClaims, oauthTokenAnswer } from '../domain/session-tokens';
import type { Placement } from '../domain/account-creation';
import {
  DEMO_TENANT_ID,
  DEMO_VENDOR_ID,
  demoUserOf,
  userByEmail,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { displayName } from '../domain/user-tables';
import type { DemoRoutes, Handler } from './dispatch';
import { demoRoles } from './teamAdmin';
import { DEMO_ISSUER, unsignedJwt, type DemoTokens } from './sessions';

type DemoFederationTools = Pick<DemoTokens, 'tokenFor' | 'startSession'> & {
  /** The MFA step (core/demo/mfaRepository.ts `gate`), as for password sign-in (a SAML first factor says so), or null to sign in now. */
  secondFactor(
    db: DemoDatabase,
    user: DemoUser,
    tenantId?: string | null,
    firstFactor?: 'saml',
  ): Promise<Record<string, unknown> | null>;
  random(): string;
  now(): number;
};

type FederatedPerson = { email: string; name: string; provider: string };
/** What the demo's hosted login grants (the server's silent authorization's scope). */
const SCOPE = 'openid email profile';
const SOCIAL = {
  provider: 'demo-id',
  code: 'demo-social-code',
  email: 'sam.social@demo.example',
  name: 'Sam Social',
};
const SSO = {
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

const oauthFail = (status: number, error: string, refusal = contractError('OAUTH_CLIENT_UNKNOWN')) => ({
  status,
  body: oauthErrorBody(error, refusal),
});
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
    const claims = idTokenClaims(
      { email: user.email, name: displayName(user), verified: user.verified },
      {
        nonce: nonce as string | undefined,
        sid: session.id,
        authTime: new Date(session.createdAt ?? tools.now()),
        tenantId: user.tenantId,
        scope: SCOPE,
      },
    );
    const iat = Math.floor(tools.now() / 1000);
    const times = { iss: DEMO_ISSUER, aud: clientId, iat, exp: iat + auth.expiresIn };
    const grant = refresh ? { refreshToken: session.refreshToken, scope: SCOPE } : undefined;
    return ok(oauthTokenAnswer(auth, unsignedJwt({ ...claims, sub: user.id, ...times }), grant), true);
  }

  /**
   * The user of `person`'s email, made the first time as the server's just-in-time creation makes
   * them (core/domain/account-creation.ts, loaded on first use), where `placement` says.
   */
  async function federatedUser(db: DemoDatabase, person: FederatedPerson, placement: Placement) {
    const found = userByEmail(db, person.email);
    if (found) return demoUserOf(db, found.id)!;
    const [{ newAccountOver }, { memoryTables }] = await Promise.all([
      import('../domain/account-creation'),
      import('./tables'),
    ]);
    demoRoles(db);
    const { email, name, provider } = person;
    const user = { vendorId: DEMO_VENDOR_ID, email, name, passwordHash: null, verified: true, provider };
    const clock = { now: tools.now, newId: tools.random };
    const created = await newAccountOver(memoryTables((db.tables ??= {})), clock, user, placement);
    return demoUserOf(db, created.user.id)!;
  }
  // A new SSO user joins the demo's account.
  const ssoSignIn = async (db: DemoDatabase, idp: keyof typeof SSO) => {
    const person = { ...SSO[idp], provider: idp };
    const user = await federatedUser(db, person, {
      kind: 'tenant',
      tenantId: DEMO_TENANT_ID,
      roleKeys: ['Viewer'],
    });
    // As the server's: a SAML first factor passes a policy of ForceExceptSAML.
    const mfa = await tools.secondFactor(db, user, null, idp === 'saml' ? 'saml' : undefined);
    return ok(mfa ?? (await tools.startSession(db, user)), true);
  };
  // The bodies passed the contract's schemas (core/contract/requests-sso-signin.ts).
  const oidc: Handler = (db, { body }) => {
    const state = oidcSignInState(body);
    if (state === null) return fail('SSO_STATE_ONCE');
    if (body.code !== SSO.oidc.code || state !== SSO.oidc.state) return fail('AUTHENTICATION_FAILED');
    return ssoSignIn(db, 'oidc');
  };

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
  const socialProviders: Handler = () => ok([provider]);

  return {
    postOauthAuthorizeSilent: (db, { body }) => {
      if (!body.client_id) return oauthFail(400, 'invalid_client');
      const user = userOfSession(db);
      if (!user) return oauthFail(401, 'login_required', contractError('SESSION_EXPIRED'));
      return oauthTokens(db, user, body.client_id as string, body.nonce, false);
    },
    postOauthToken: (db, { body }) => {
      if (!body.client_id) return oauthFail(401, 'invalid_client');
      if (body.grant_type === 'authorization_code')
        return oauthFail(400, 'invalid_grant', contractError('OAUTH_CODE_USED'));
      if (body.grant_type !== 'refresh_token')
        return oauthFail(400, 'unsupported_grant_type', unsupportedGrantType());
      const user = userOfSession(db);
      if (!user || body.refresh_token !== db.session!.refreshToken)
        return oauthFail(400, 'invalid_grant', contractError('OAUTH_REFRESH_INVALID'));
      return oauthTokens(db, user, body.client_id as string, undefined, true);
    },
    getOauthLogout: (db) => {
      db.session = null;
      return ok({}, true);
    },

    getSsoV2: socialProviders,
    // The access check has found the bearer's user: the same list.
    getSsoAuthenticated: socialProviders,
    // The client SDK's v1 read of the same list.
    getSsoV1: () =>
      ok([
        { type: provider.type, clientId: provider.clientId, redirectUrl: provider.redirectUrl, active: true },
      ]),
    getSsoCustom: () => ok({ providers: [] }),
    postAuthUserSsoByProviderPostlogin: async (db, { query, params }) => {
      // Only the demo's own provider signs in here; any other is not a route of the demo.
      if (params.provider !== SOCIAL.provider) return fail('NOT_FOUND');
      if (query.code !== SOCIAL.code || !query.code_verifier) return fail('AUTHENTICATION_FAILED');
      const isNewUser = !userByEmail(db, SOCIAL.email);
      // A new user has an account of their own, which they administer.
      const user = await federatedUser(db, SOCIAL, {
        kind: 'ownTenant',
        tenantName: `${SOCIAL.name}'s account`,
      });
      // Like the server: the ids and the name come only with a session.
      const mfa = await tools.secondFactor(db, user);
      if (mfa) return ok({ ...mfa, isNewUser }, true);
      const { id: userId, email, tenantId, name } = user;
      return ok({ ...(await tools.startSession(db, user)), isNewUser, email, userId, tenantId, name }, true);
    },
    postAuthV1UserOidcPostlogin: oidc,
    postAuthV2UserOidcPostlogin: oidc,
    postAuthUserSamlPostlogin: (db, { body }) =>
      body.code === SSO.saml.code ? ssoSignIn(db, 'saml') : fail('AUTHENTICATION_FAILED'),
  };
}
