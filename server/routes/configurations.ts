/**
 * Public configuration routes: the public policy and the vendor's public info. No authentication.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { getVendorSettings, publicPolicy } from '../domain/vendor';

/** Registers the configuration routes on `app` (already scoped to the URL prefix). */
export async function configurationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/identity/resources/configurations/v1/public', async () =>
    publicPolicy(await getVendorSettings(ctx.db)),
  );

  app.get('/vendors/public', async () => {
    const settings = await getVendorSettings(ctx.db);
    return { whiteLabelMode: settings.whiteLabelMode };
  });
}
