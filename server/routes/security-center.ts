/**
 * The security centre (issue 15; spec 001 §3 "Security centre", §7 "Security centre: GET
 * recommendations; GET insights; ... bulk breached-password reset emails"), on the client SDK's
 * paths (`@frontegg/rest-api` 3.1.18 `securityCenter` and `users.sendResetBreachedPasswordEmails`):
 * - GET /security-center/resources/recommendations/v1: `{ scoring: { score }, recommendations: { items } }`;
 * - GET /security-center/resources/insights/v1: `{ insights: { items } }`;
 *   both computed on each call from the caller's active account (core/domain/security-center.ts), and
 *   both need fe.secure.read.securityPolicy (choice: spec 001 §6 names no permission of its own,
 *   and the centre reports on the account's security policies).
 * - POST /identity/resources/users/v1/passwords/breached/reset/bulk: a reset email to every member
 *   whose password is breached; fe.secure.write.users (it acts on members); 3 campaigns an account
 *   per 15 minutes (429 beyond); answers `{ sent, skipped }` (the client reads nothing).
 * The tables of the page are users v3 with the presets BREACHED_PASSWORDS, MFA_UNENROLLED and
 * INACTIVE (routes/team-users.ts). The flag `security-center-admin-portal` gates the portal's page
 * (core/portal/pages.ts), not these calls: the data is the account's own, read with its permission.
 * The handlers are core/domain/security-center.ts SECURITY_CENTRE_HANDLERS (demo mode runs them too).
 */
import type { FastifyInstance } from 'fastify';
import { SECURITY_CENTRE_HANDLERS } from '../../core/domain/security-center';
import type { AppContext } from '../context';
import { securityCentrePorts } from '../domain/security-center';
import { registerHandlers } from '../http/handlers';

export async function securityCenterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, SECURITY_CENTRE_HANDLERS, (request) =>
    securityCentrePorts(ctx, (m) => request.log.error(m)),
  );
}
