/**
 * Account settings of the active tenant (spec 001 §7 "Account settings: GET, PUT") under
 * /tenants/resources/account-settings/v1, the public settings, and an address's metadata (the
 * caller's own and GET /metadata by entity: core/domain/host-info-handlers.ts).
 * Reading needs fe.secure.read.accountSettings, changing fe.secure.write.accountSettings.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { unknownLocation } from '../../core/domain/ip-addresses';
import { contractError } from '../../core/contract/errors';
import { strictObject } from '../http/schemas';

export async function accountSettingsRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // GET and PUT: core/domain/account-settings-handlers.ts, an area (core/domain/back-office-areas.ts).

  // GET /public (read before sign-in): core/domain/sign-in-settings-handlers.ts, registered by
  // routes/configurations.ts.

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
}
