/**
 * Account settings of the active tenant (spec 001 §7 "Account settings: GET, PUT") under
 * /tenants/resources/account-settings/v1, and the admin-box metadata (GET /metadata).
 * Reading needs fe.secure.read.accountSettings, changing fe.secure.write.accountSettings.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { unknownLocation } from '../../core/domain/ip-addresses';
import { auditMetadata } from '../storage/audits';
import { ACCOUNT_SETTINGS_HANDLERS } from '../../core/domain/account-settings-handlers';
import { notificationsMetadata } from '../../core/domain/notifications';
import { accountSettingsRepository, getAdminBoxConfiguration } from '../storage/account-settings';
import { vendorIdOf } from '../storage/notifications';
import { contractError } from '../../core/contract/errors';
import { strictObject } from '../http/schemas';
import { registerHandlers } from '../http/handlers';
import { legacySsoOf } from '../http/sso-configurations';
import { accountOf, callerOf } from '../http/route-table';

export async function accountSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // GET and PUT: core/domain/account-settings-handlers.ts.
  registerHandlers(app, ACCOUNT_SETTINGS_HANDLERS, () => accountSettingsRepository(ctx.db));

  // GET /public (read before sign-in): core/domain/sign-in-settings-handlers.ts, registered by
  // routes/configurations.ts.

  /**
   * metadata.getAdminBoxMetadata of the client SDK: the same rows as `GET /metadata?entityName=adminBox`;
   * `{ rows: [] }` (a 200) while the vendor has saved nothing.
   */
  app.get('/metadata/admin-box', async (request) => {
    const claims = callerOf(request);
    const configuration = claims.tenantId ? await getAdminBoxConfiguration(ctx.db, claims.tenantId) : null;
    return { rows: configuration ? [{ entityName: 'adminBox', configuration }] : [] };
  });

  /**
   * metadata.getCurrentUserIpMetadata: the caller's address as this server sees it (`trustProxy`
   * decides whether a proxy's X-Forwarded-For counts). The server has no location database: the
   * location fields are null.
   */
  app.get('/metadata/ipme', async (request) => {
    return unknownLocation(request.ip);
  });

  /**
   * metadata.getIpAdressMetadata: the same shape for an address the caller names (a session's, an IP
   * restriction's). Its written form is checked and normalised; nothing else is known about it here
   * (no location database: latitude and longitude null, docs/contract.md). Signed in.
   */
  app.get<{ Params: { ip: string } }>(
    '/metadata/ip/:ip',
    { schema: { params: strictObject({ ip: { type: 'string', minLength: 2, maxLength: 45 } }, ['ip']) } },
    async (request) => {
      const given = request.params.ip.trim();
      if (!isIP(given)) throw contractError('NOT_AN_IP_ADDRESS');
      return unknownLocation(given.toLowerCase());
    },
  );

  app.get<{ Querystring: { entityName: string } }>('/metadata', async (request) => {
    const claims = callerOf(request);
    // The audit table's columns (spec 001 §7 "metadata reading properties (columns)").
    if (request.query.entityName === 'audits') return auditMetadata(ctx.db);
    // The SAML entity: the account's legacy SAML connection (core/domain/sso-legacy.ts), for SSO readers.
    if (request.query.entityName === 'saml')
      // The descriptor's `byQuery` made the route table check the SSO readers' permission.
      return (await legacySsoOf(ctx)).samlMetadata(accountOf(request));
    // The notifications entity (core/domain/notifications.ts): the bell's one channel.
    if (request.query.entityName === 'notifications') return notificationsMetadata(await vendorIdOf(ctx.db));
    if (request.query.entityName !== 'adminBox' || !claims.tenantId) return { rows: [] };
    const configuration = await getAdminBoxConfiguration(ctx.db, claims.tenantId);
    return { rows: configuration ? [{ entityName: 'adminBox', configuration }] : [] };
  });
}
