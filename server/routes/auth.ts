/**
 * Authentication routes (under `/{prefix}/identity/resources/auth`): sign-in, refresh, sign-out,
 * SSO pre-login. The refresh token travels only in the httpOnly cookie, never in a body.
 */
import { aliasOfHeader, LOGIN_ALIAS_HEADER } from '../../core/domain/login-alias';
import {
  PASSWORD_SIGN_IN_HANDLERS,
  SSO_PRE_LOGIN_HANDLERS,
  type PasswordSignInPorts,
} from '../../core/domain/sign-in-handlers';
import { passwordSignInSteps, type SignedIn, type SignInRow } from '../domain/auth';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { registerPublicHandlers } from '../http/handlers';
import { loginAliasRepository } from '../storage/login-alias';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { verifyCaptcha } from '../domain/captcha';
import { inviteLinksOn } from '../../core/domain/invite-links';
import { notifyJoinedOn } from '../../core/domain/account-flow-ports';
import { serverPlatform } from '../platform';
import { invitationStore } from '../../core/domain/invitation-store';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { SIGN_UP_HANDLERS, type SignUpPorts } from '../../core/domain/sign-up-handlers';
import { createAccount } from '../domain/signup';
import { sendActivationEmail } from '../domain/activation';
import { emailDomainAllowed } from '../domain/email-domain-restrictions';
import { countSignUp } from '../domain/attempts';
import { isBreachedPassword } from '../domain/breached-passwords';
import { getVendorSettings } from '../domain/vendor';
import { listUserTenants } from '../storage/tenants';
import { loadUserProfile } from '../domain/users';
import { findUserById } from '../storage/users';
import { tenantSsoRoute, vendorSsoDomain } from '../storage/sso-config';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { mfaGate } from '../http/mfa-gate';
import { clientInfo } from '../http/client-info';
import { answerAbsent, prefersQuietAbsence } from '../http/quiet-absence';

/**
 * Registers the auth routes on `app` (already scoped to the URL prefix). Request schemas:
 * core/contract/requests.ts (the demo backend validates with them too).
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/auth';
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const ssoIssuer = ctx.options.issuer.replace(/\/+$/, '');
  const noBody = { bodyLimit: 1024 };

  // Sign-in by password: the shared handler (core/domain/sign-in-handlers.ts) over this server's
  // ports; the session's refresh token goes on the reply as the httpOnly cookie, never in the body.
  registerPublicHandlers(app, PASSWORD_SIGN_IN_HANDLERS, (request, reply) =>
    signInPorts(ctx, request, reply),
  );
  registerPublicHandlers(app, SIGN_UP_HANDLERS, (request, reply) => signUpPorts(ctx, request, reply));
  // SSO pre-login: the domains the vendor configured, then the validated domains of the
  // accounts' enabled connections.
  registerPublicHandlers(app, SSO_PRE_LOGIN_HANDLERS, (request, reply) => ({
    async ssoRoute(domain) {
      const own = await vendorSsoDomain(ctx.db, domain);
      if (own) return { address: own.address, idpType: own.idp_type };
      const route = await tenantSsoRoute(ctx.db, domain);
      return (
        route && {
          address: `${ssoIssuer}${apiPrefix}/identity/resources/auth/v1/sso/${route.protocol}/${route.key}/start`,
          idpType: route.protocol,
        }
      );
    },
    quietAbsence() {
      if (!prefersQuietAbsence(request)) return null;
      reply.header('preference-applied', 'quiet-absence');
      return { status: 204, body: undefined };
    },
  }));

  app.post(`${base}/v1/user/token/refresh`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    const token = request.cookies[REFRESH_COOKIE];
    const signedIn = token ? await ctx.auth.refresh(token, clientInfo(request)) : null;
    if (!signedIn) return refuse(request, reply);
    if (signedIn.refreshToken) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return signedIn.authResponse;
  });

  app.post(`${base}/v1/logout`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    await ctx.auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, ctx.cookies);
    return {};
  });

  function refuse(request: FastifyRequest, reply: FastifyReply) {
    // The cookie is useless now; remove it so the browser stops sending it.
    clearRefreshCookie(reply, ctx.cookies);
    if (prefersQuietAbsence(request)) return answerAbsent(reply);
    throw contractError('SESSION_EXPIRED');
  }
}

/** The ports of the shared password sign-in over this server, for one request. */
function signInPorts(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const client = clientInfo(request);
  const steps = passwordSignInSteps(ctx.db, ctx.hasher, client);
  const gate = mfaGate(ctx, ctx.mfa, request, 'EmailAndPassword');
  // The principal the password's statement read serves the first session; one reopened in the
  // account an invite link joined reads the user again (a new membership).
  let known = true;
  const start = (user: SignInRow, tenantId: string | null) =>
    ctx.auth.startSession(
      { ...user.row, ...(tenantId ? { activeTenantId: tenantId } : {}) },
      client,
      tenantId,
      undefined,
      known ? steps.principal() : null,
    );
  const ports: PasswordSignInPorts<SignInRow, SignedIn> = {
    ...steps,
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    methods: signInMethodRepository(ctx.db),
    verifyCaptcha: (email, token) =>
      verifyCaptcha(ctx, { token: token as string | null | undefined, email, ip: request.ip }),
    loginAlias: {
      port: loginAliasRepository(ctx.db),
      alias: aliasOfHeader(request.headers[LOGIN_ALIAS_HEADER]),
    },
    secondFactor: (user, tenantId) => gate(user.row, tenantId),
    sessions: {
      start,
      end: (session) => {
        known = false;
        return ctx.auth.logout(session.refreshToken);
      },
      keep: (session) => setRefreshCookie(reply, ctx.cookies, session.refreshToken),
    },
    invitations: {
      links: inviteLinksOn(serverPlatform(ctx)),
      emailDomainAllowed: (tenantId, email) => emailDomainAllowed(ctx.db, tenantId, email),
      join: (userId, tenantId) =>
        invitationStore(sqlTables(ctx.db), SERVER_ROW_CLOCK).joinByLink(userId, tenantId),
    },
  };
  return ports as unknown as PasswordSignInPorts;
}

/** The ports of the shared sign-up over this server, for one request. */
function signUpPorts(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const client = clientInfo(request);
  const log = (message: string) => request.log.error(message);
  let vendorId = '';
  const ports: SignUpPorts<SignedIn> = {
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    verifyCaptcha: (email, token) =>
      verifyCaptcha(ctx, { token: token as string | null | undefined, email, ip: request.ip }),
    inviteLinks: inviteLinksOn(serverPlatform(ctx)),
    emailDomainAllowed: (tenantId, email) => emailDomainAllowed(ctx.db, tenantId, email),
    async settings() {
      const settings = await getVendorSettings(ctx.db);
      vendorId = settings.id;
      return settings;
    },
    methods: signInMethodRepository(ctx.db),
    isBreached: isBreachedPassword,
    countSignUp: () => countSignUp(ctx.db, request.ip, ctx.options.signUpsPerIp),
    createAccount: (account) => createAccount(ctx, vendorId, account),
    async startSession(userId, tenantId) {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw contractError('USER_NOT_FOUND');
      return ctx.auth.startSession({ ...user, activeTenantId: tenantId }, client, tenantId);
    },
    keepSession: (session) => setRefreshCookie(reply, ctx.cookies, session.refreshToken),
    async profile(userId, tenantId) {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw contractError('USER_NOT_FOUND');
      // A new user has no second factor yet.
      return loadUserProfile(ctx.db, user, await listUserTenants(ctx.db, userId), tenantId);
    },
    // A delivery failure is logged; the user can ask again with POST /activate/reset.
    sendActivation: (id, email) => sendActivationEmail(ctx, { id, email }, log),
    notifyJoined: (to, tenant) => notifyJoinedOn(serverPlatform(ctx), to, tenant, log),
  };
  return ports as unknown as SignUpPorts;
}
