/**
 * The refresh-token cookie. httpOnly so page scripts (and any XSS) cannot read it; scoped to
 * the auth path so it is not sent with every API call; SameSite and Secure per deployment.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'ae_refresh';

export interface CookieSettings {
  prefix: string;
  secure: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  refreshTokenTtlSeconds: number;
}

/** The cookie's path: `/{prefix}/identity/resources/auth` (login, refresh and logout live there). */
export function refreshCookiePath(prefix: string): string {
  return `${prefix ? `/${prefix}` : ''}/identity/resources/auth`;
}

/**
 * Hosted login's folder, `/{prefix}/oauth` (the client SDK's `/frontegg/oauth/*`): the same cookie
 * is also set there, so authorize, silent authorize and logout see the browser session without the
 * cookie going to every other API call.
 */
function oauthCookiePath(prefix: string): string {
  return `${prefix ? `/${prefix}` : ''}/oauth`;
}

function baseOptions(settings: CookieSettings, path: string): CookieSerializeOptions {
  return { path, httpOnly: true, secure: settings.secure, sameSite: settings.sameSite };
}

const pathsOf = (settings: CookieSettings) => [
  refreshCookiePath(settings.prefix),
  oauthCookiePath(settings.prefix),
];

/** Sets the refresh cookie for `token` (at both paths), valid for the refresh TTL. */
export function setRefreshCookie(reply: FastifyReply, settings: CookieSettings, token: string): void {
  for (const path of pathsOf(settings))
    reply.setCookie(REFRESH_COOKIE, token, {
      ...baseOptions(settings, path),
      maxAge: settings.refreshTokenTtlSeconds,
    });
}

/** Deletes the refresh cookie (at both paths) in the browser. */
export function clearRefreshCookie(reply: FastifyReply, settings: CookieSettings): void {
  for (const path of pathsOf(settings)) reply.clearCookie(REFRESH_COOKIE, baseOptions(settings, path));
}
