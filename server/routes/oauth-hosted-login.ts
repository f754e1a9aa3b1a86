/**
 * The hosted sign-in page, `GET /oauth/login` at the root (routes/oauth.ts): the kit's own login
 * box, served by this server from its CDN files. The authorization endpoint sends a browser without
 * a session here, and the login box comes back to it after sign-in.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { findClient } from '../domain/oauth-clients';
import { requestOrigin } from '../http/origin';
import { HOSTED_LOGIN_PAGE, oauthProvider, single, unknownApplicationPage } from '../http/oauth';
import { escapeHtml, page } from '../http/page';

/** The page's HTML: the login box on this origin, under the server's prefix. */
function hostedLoginHtml(clientName: string, origin: string, prefix: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in to ${escapeHtml(clientName)}</title>
  <style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1d2733}main{max-width:28rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.25rem;text-align:center;margin:0 0 1rem}</style>
  <script type="module" src="/cdn/loader.js"></script>
</head>
<body>
  <main>
    <h1>Sign in to continue to ${escapeHtml(clientName)}</h1>
    <auth-login-box base-url="${escapeHtml(origin)}"${prefix === 'frontegg' ? '' : ` url-prefix="${escapeHtml(prefix)}"`}></auth-login-box>
  </main>
</body>
</html>`;
}

/** Registers the hosted sign-in page on the root app, when hosted login is on. */
export async function hostedLoginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!oauthProvider(ctx)) return;
  app.get(HOSTED_LOGIN_PAGE, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const client = await findClient(ctx.db, single(query, 'client_id').value);
    const origin = requestOrigin(request);
    if (!client || !origin) return unknownApplicationPage(reply);
    if (!ctx.options.staticRoot)
      return page(
        reply,
        503,
        'Sign-in unavailable',
        'This server does not serve the sign-in page (no static files configured).',
      );
    return reply
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', "frame-ancestors 'none'")
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(hostedLoginHtml(client.name, origin, ctx.options.prefix));
  });
}
