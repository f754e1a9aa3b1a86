import type { AuthResponse } from '../api/types';
import { type Answer, fail } from '../contract/answer';
import { contractError, errorBody, type ContractError } from '../contract/errors';
import { unsupportedGrantType } from '../contract/oauth';
import { oidcSignInState } from '../contract/requests-sso-signin';
import type { DemoRoutes } from './dispatch';
import type { DemoDatabase, DemoUser } from './data';

/**
 * Demo mode's federated sign-in: hosted login and social login.
 *
 * Hosted login's calls (spec 000 §7 `/oauth/*`), answered from the demo session so
 * nothing leaves the page's origin: the silent authorize (the demo session stands in for the
 * server's session cookie), the refresh-token grant and the OAuth logout. There is no hosted
 * page in demo mode (the page's own login route stands in for it, core/session/hostedLogin.ts),
 * so no authorization code is ever issued and the code grant answers invalid_grant.
 */

type Json = Record<string, unknown>;
type Handler = (
  db: DemoDatabase,
  request: { body: Json; query: Record<string, string>; params: Record<string, string> },
) => Answer;

interface DemoHostedTools {
  tokenFor(db: DemoDatabase, user: DemoUser): AuthResponse;
  random(): string;
  now(): number;
}

const oauthFail = (status: number, error: string, refusal: ContractError): Answer => ({
  status,
  body: { error, error_description: refusal.message, ...errorBody(refusal) },
});
const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

export function createDemoHostedLogin(tools: DemoHostedTools): DemoRoutes<Handler> {
  const userOfSession = (db: DemoDatabase) =>
    db.session ? (db.users.find((u) => u.id === db.session!.userId) ?? null) : null;

  function tokens(db: DemoDatabase, user: DemoUser, clientId: string, nonce?: string, refreshToken?: string) {
    const auth = tools.tokenFor(db, user);
    const issuedAt = Math.floor(tools.now() / 1000);
    const idClaims = {
      iss: 'auth-elements-demo',
      sub: user.id,
      aud: clientId,
      email: user.email,
      name: user.name,
      iat: issuedAt,
      exp: issuedAt + (auth.expiresIn ?? 300),
      ...(nonce ? { nonce } : {}),
    };
    return {
      access_token: auth.accessToken,
      token_type: 'Bearer',
      expires_in: auth.expiresIn,
      id_token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(idClaims)}.demo`,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  return {
    postOauthAuthorizeSilent: (db, { body }) => {
      if (!isText(body.client_id, 100))
        return oauthFail(400, 'invalid_client', contractError('OAUTH_CLIENT_UNKNOWN'));
      const user = userOfSession(db);
      if (!user) return oauthFail(401, 'login_required', contractError('SESSION_EXPIRED'));
      db.session!.refreshToken = tools.random();
      return {
        status: 200,
        body: tokens(db, user, body.client_id, isText(body.nonce, 500) ? body.nonce : undefined),
        save: true,
      };
    },
    postOauthToken: (db, { body }) => {
      if (!isText(body.client_id, 100))
        return oauthFail(401, 'invalid_client', contractError('OAUTH_CLIENT_UNKNOWN'));
      if (body.grant_type === 'authorization_code')
        return oauthFail(400, 'invalid_grant', contractError('OAUTH_CODE_USED'));
      if (body.grant_type !== 'refresh_token')
        return oauthFail(400, 'unsupported_grant_type', unsupportedGrantType());
      const user = userOfSession(db);
      if (!user || body.refresh_token !== db.session!.refreshToken)
        return oauthFail(400, 'invalid_grant', contractError('OAUTH_REFRESH_INVALID'));
      db.session!.refreshToken = tools.random();
      return {
        status: 200,
        body: tokens(db, user, body.client_id, undefined, db.session!.refreshToken),
        save: true,
      };
    },
    getOauthLogout: (db) => {
      db.session = null;
      return { status: 200, body: {}, save: true };
    },
  };
}

/** The demo's social provider: its "authorization page" is the page's own social callback route, so nothing leaves the origin. */
const DEMO_SOCIAL_PROVIDER = 'demo-id';
const DEMO_SOCIAL_CODE = 'demo-social-code';
const DEMO_SOCIAL_USER = { email: 'sam.social@demo.example', name: 'Sam Social' };

interface DemoSocialTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  /** The demo's MFA gate (core/demo/mfaFlows.ts), as for password sign-in: the MFA answer, or null to sign in now. */
  secondFactor?(db: DemoDatabase, user: DemoUser): Record<string, unknown> | null;
  random(): string;
  now(): number;
}

/**
 * Demo mode's social login: one provider, "Demo ID", whose authorization address is the default
 * social callback route with a demo code. Its post-login signs in Sam Social, created (a new user)
 * the first time.
 */
export function createDemoSocialLogin(tools: DemoSocialTools): DemoRoutes<Handler> {
  const provider = {
    provider: DEMO_SOCIAL_PROVIDER,
    type: DEMO_SOCIAL_PROVIDER,
    displayName: 'Demo ID',
    active: true,
    customised: false,
    authorizationUrl: `/account/social/success?code=${DEMO_SOCIAL_CODE}`,
    clientId: 'demo-client',
    redirectUrl: '/account/social/success',
  };
  return {
    getSsoV2: () => ({ status: 200, body: [provider] }),
    // The client SDK's v1 read of the same list (its shape: type, clientId, redirectUrl, active).
    getSsoV1: () => ({
      status: 200,
      body: [
        {
          type: provider.type,
          clientId: provider.clientId,
          redirectUrl: provider.redirectUrl,
          active: provider.active,
        },
      ],
    }),
    getSsoCustom: () => ({ status: 200, body: { providers: [] } }),
    postAuthUserSsoByProviderPostlogin: (db, { query, params }) => {
      // Only the demo's own provider signs in here; any other is not a route of the demo.
      if (params.provider !== DEMO_SOCIAL_PROVIDER) return fail('NOT_FOUND');
      // The query passed the contract's schema (core/contract/requests-portal.ts).
      if (query.code !== DEMO_SOCIAL_CODE || !query.code_verifier) {
        return fail('AUTHENTICATION_FAILED');
      }
      let user = db.users.find((u) => u.email === DEMO_SOCIAL_USER.email);
      const isNewUser = !user;
      if (!user) {
        const tenantId = tools.random();
        const createdAt = new Date(tools.now()).toISOString();
        db.tenants.push({
          id: tenantId,
          tenantId,
          name: `${DEMO_SOCIAL_USER.name}'s account`,
          isReseller: false,
          metadata: '{}',
          vendorId: 'demo-vendor',
          createdAt,
        });
        user = {
          id: tools.random(),
          ...DEMO_SOCIAL_USER,
          password: tools.random(),
          tenantId,
          roleKeys: ['Admin'],
          createdAt,
          verified: true,
          provider: DEMO_SOCIAL_PROVIDER,
        };
        db.users.push(user);
      }
      // Like the server: the MFA step first when the user has a second factor (or the demo enforces MFA).
      const mfa = tools.secondFactor?.(db, user);
      if (mfa) return { status: 200, body: { ...mfa, isNewUser }, save: true };
      const auth = tools.startSession(db, user);
      return {
        status: 200,
        body: {
          ...auth,
          isNewUser,
          email: user.email,
          userId: user.id,
          tenantId: user.tenantId,
          name: user.name,
        },
        save: true,
      };
    },
  };
}

/** Demo mode's tenant SSO: emails of these domains sign in through the demo "identity provider" (OIDC, SAML). */
const DEMO_SSO_DOMAIN = 'sso.demo.example';
const DEMO_SAML_DOMAIN = 'saml.demo.example';
const DEMO_SSO_CODE = 'demo-oidc-code';
const DEMO_SAML_CODE = 'demo-saml-code';
const DEMO_SSO_STATE = 'demo-sso-state';

/**
 * Pre-login's answer for the demo SSO domains: the page's own callback route with a demo code, so
 * the redirect never leaves the page's origin. OIDC: the kit appends its redirect_uri. SAML: the
 * reference server's ACS would send the browser to the SAML callback route with a code just so.
 */
export function demoSsoPreLogin(email: string): Answer | null {
  const domain = email.trim().toLowerCase().split('@')[1];
  const origin = globalThis.location?.origin ?? 'http://localhost';
  if (domain === DEMO_SSO_DOMAIN) {
    return {
      status: 200,
      body: {
        address: `${origin}/account/oidc/callback?code=${DEMO_SSO_CODE}&state=${DEMO_SSO_STATE}`,
        idpType: 'oidc',
      },
    };
  }
  if (domain === DEMO_SAML_DOMAIN)
    return {
      status: 200,
      body: { address: `${origin}/account/saml/callback?code=${DEMO_SAML_CODE}`, idpType: 'saml' },
    };
  return null;
}

/**
 * The demo OIDC and SAML post-logins: the demo code signs in the domain's person, created in the
 * demo tenant (Viewer) the first time, as the reference server's just-in-time creation does.
 */
export function createDemoSso(tools: DemoSocialTools): DemoRoutes<Handler> {
  const signIn = (db: Parameters<Handler>[0], email: string, name: string, provider: 'oidc' | 'saml') => {
    let user = db.users.find((u) => u.email === email);
    if (!user) {
      const tenantId = db.users[0]?.tenantId ?? tools.random();
      user = {
        id: tools.random(),
        email,
        name,
        password: tools.random(),
        tenantId,
        roleKeys: ['Viewer'],
        createdAt: new Date(tools.now()).toISOString(),
        verified: true,
        provider,
      };
      db.users.push(user);
    }
    const mfa = tools.secondFactor?.(db, user);
    return { status: 200, body: mfa ?? tools.startSession(db, user), save: true };
  };
  const failed = fail('AUTHENTICATION_FAILED');
  // The bodies have passed the contract's schemas (core/contract/requests-sso-signin.ts).
  const oidc: Handler = (db, { body }) => {
    const state = oidcSignInState(body);
    if (state === null) return fail('SSO_STATE_ONCE');
    if (body.code !== DEMO_SSO_CODE || state !== DEMO_SSO_STATE) return failed;
    return signIn(db, `olivia@${DEMO_SSO_DOMAIN}`, 'Olivia OIDC', 'oidc');
  };
  return {
    postAuthV1UserOidcPostlogin: oidc,
    postAuthV2UserOidcPostlogin: oidc,
    postAuthUserSamlPostlogin: (db, { body }) => {
      return body.code === DEMO_SAML_CODE
        ? signIn(db, `sam@${DEMO_SAML_DOMAIN}`, 'Sam SAML', 'saml')
        : failed;
    },
  };
}
