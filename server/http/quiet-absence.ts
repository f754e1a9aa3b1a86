/**
 * "Nothing there" without an error status, for callers that ask (issue 24 §3.5). The client SDK's
 * contract answers a refresh without a session with 401, a silent authorize without a session with
 * 401 and an SSO pre-login for a domain without SSO with 404; clients read those statuses, so they
 * stay. But a browser prints a red network line for every 4xx a page's fetch gets, so a signed-out
 * page load and every sign-in would look broken. The kit therefore sends `Prefer: quiet-absence`
 * (RFC 7240) on these calls, and gets 204 No Content with `Preference-Applied: quiet-absence`
 * instead: the same answer, no body, no error line. docs/contract.md "Conventions".
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const PREFERENCE = 'quiet-absence';

/** Whether the caller's Prefer header names quiet-absence. */
export function prefersQuietAbsence(request: FastifyRequest): boolean {
  const header = request.headers.prefer;
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((value) =>
    value.split(',').some((token) => token.split(';')[0]!.trim().toLowerCase() === PREFERENCE),
  );
}

/** The quiet answer: 204, no body, the preference named as applied. */
export function answerAbsent(reply: FastifyReply) {
  return reply.status(204).header('preference-applied', PREFERENCE).send();
}
