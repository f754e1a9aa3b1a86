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

  // vendor.getVendorPublicInfo of the client SDK: { name, logo, icon, whiteLabelMode }. This server
  // keeps no logo or icon: both are '' (none).
  app.get('/vendors/public', async () => {
    const settings = await getVendorSettings(ctx.db);
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM vendors WHERE id = $1', [
      settings.id,
    ]);
    return { name: rows[0]?.name ?? '', logo: '', icon: '', whiteLabelMode: settings.whiteLabelMode };
  });
}
