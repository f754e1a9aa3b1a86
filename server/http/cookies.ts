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

function baseOptions(settings: CookieSettings): CookieSerializeOptions {
  return {
    path: refreshCookiePath(settings.prefix),
    httpOnly: true,
    secure: settings.secure,
    sameSite: settings.sameSite,
  };
}

/** Sets the refresh cookie for `token`, valid for the refresh TTL. */
export function setRefreshCookie(reply: FastifyReply, settings: CookieSettings, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...baseOptions(settings),
    maxAge: settings.refreshTokenTtlSeconds,
  });
}

/** Deletes the refresh cookie in the browser. */
export function clearRefreshCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(REFRESH_COOKIE, baseOptions(settings));
}
