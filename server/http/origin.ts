/**
 * The request's own origin, and the cross-site request check for the cookie endpoints.
 */
import type { FastifyRequest } from 'fastify';
import { contractError } from '../../core/contract/errors';

/** Host names and ports only: a Host header is reflected into pages, so nothing else passes. */
const HOST_SHAPE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `protocol://host` of this request, or null when the Host header is not a plain host name. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || host.length > 255 || !HOST_SHAPE.test(host)) return null;
  return `${request.protocol}://${host}`;
}

/**
 * Refuses a browser request sent from a page on a foreign origin (cross-site request forgery on
 * the endpoints that read or set the refresh cookie). Browsers always send Origin on cross-origin
 * POSTs; requests without one (same-origin navigation, server-to-server) pass. The allowed
 * origins are the same list CORS uses, so a page that may read the answer may also send it.
 */
export function assertTrustedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === requestOrigin(request) || allowedOrigins.includes(origin)) return;
  throw contractError('ORIGIN_NOT_ALLOWED');
}
