/**
 * A real OpenID Connect provider (`oidc-provider`, OpenID Certified) on localhost, playing a
 * social provider or a tenant's identity provider in the tests. Its development interactions
 * (a plain login form that takes any login, then a consent form) are the user's part.
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface IdpClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

export interface IdpAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface RunningIdp {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

/** Starts the provider on `port` (0: any free port). Unknown logins get `<login>@idp.example`, verified. */
export async function startOidcIdp(options: {
  port: number;
  clients: IdpClient[];
  accounts?: Record<string, IdpAccount>;
}): Promise<RunningIdp> {
  const server: Server = await new Promise((resolve) => {
    // The issuer needs the port before the provider exists: reserve it with a plain server first.
    const s = createServer();
    s.listen(options.port, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = options.accounts ?? {};
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-only-cookie-key-not-secret'] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const known = accounts[sub];
        return {
          sub,
          email: known?.email ?? `${sub}@idp.example`,
          email_verified: known?.email_verified ?? true,
          name: known?.name ?? `User ${sub}`,
        };
      },
    }),
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('oidc-provider error', error));
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's part of the authorization request, with a cookie jar: follows redirects, signs in
 * on the development login form as `login`, confirms consent, and returns the address the
 * provider finally sends the browser to (the client's redirect URI with code and state).
 */
export async function authorizeAtIdp(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin !== origin) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    remember(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt)
      throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const posted = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    remember(posted);
    if (posted.status < 300 || posted.status >= 400)
      throw new Error(`form ${prompt} answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
    url = new URL(posted.headers.get('location')!, url);
  }
  throw new Error('too many redirects');
}
