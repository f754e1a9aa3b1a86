/**
 * The interop suite's test peer: the reference server listening on a real port, driven by the real
 * client `@frontegg/rest-api@3.1.18` as a browser page on another origin would drive it. Node has no
 * browser, so this file supplies the three things a browser would: a cookie jar around the global
 * `fetch` (the refresh cookie), the `Origin` header a cross-origin page sends, and a
 * `window.location` the client writes to when it navigates. The jar models a page and an API on
 * the same site but different origins (app.example.com and auth.example.com), where the server's
 * SameSite=Lax cookies travel with credentialed fetches: it honours Path and expiry, not SameSite.
 * Not a test file.
 */
import { ContextHolder } from '@frontegg/rest-api';
import type { BuiltServer } from '../../server/app';
import { SEED_TENANT_ID } from '../../server/seed';
import { startOidcIdp, type RunningIdp } from '../idp/oidc';
import { startSamlIdp, type RunningSamlIdp } from '../idp/saml';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { ALLOWED_ORIGIN, startTestServer } from '../support/server';
import { OUTBOX, type OutboxEntry } from '../support/account';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/** One browser profile: its cookies and the access token the client keeps in memory. */
export class Browser {
  /** Keyed by name and path, as a browser keeps them (one name may live at several paths). */
  readonly cookies = new Map<string, Cookie>();
  accessToken: string | null = null;
  /** Where the client last navigated (`window.location.href = ...`). */
  navigatedTo: string | null = null;
  /** The requests this browser sent, newest last: `METHOD /path?query`. */
  readonly sent: string[] = [];

  cookieHeader(path: string): string {
    return [...this.cookies.values()]
      .filter((c) => path.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Applies the Set-Cookie lines of an answer (expired or emptied cookies are removed). */
  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        const lower = key!.toLowerCase();
        if (lower === 'path') path = val;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const key = `${name}\u0000${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }
}

let current = new Browser();
const realFetch = globalThis.fetch;
let serverOrigin = '';

/**
 * The global `fetch` the client calls. To our server it goes as the current browser's request from
 * the page origin: its cookies (when the client asks for credentials), the Origin header, and
 * redirects not followed (the client handles a 302 itself by navigating). Anything else (the test
 * identity provider) passes through untouched.
 */
async function browserFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.origin !== serverOrigin) return realFetch(input, init);
  const browser = current;
  const headers = new Headers(init.headers);
  const cookie = browser.cookieHeader(url.pathname);
  if (cookie && init.credentials === 'include') headers.set('cookie', cookie);
  // The page is on another origin than the API: a browser sends Origin on every CORS request.
  headers.set('origin', ALLOWED_ORIGIN);
  browser.sent.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
  const response = await realFetch(url, { ...init, headers, redirect: 'manual' });
  browser.store(response.headers.getSetCookie());
  return response;
}

export interface InteropServer {
  server: BuiltServer;
  baseUrl: string;
  idp: RunningIdp;
  samlIdp: RunningSamlIdp;
  close(): Promise<void>;
}

/** Where the identity provider sends the browser back to after social sign-in and SSO. */
export const SOCIAL_CALLBACK = `${ALLOWED_ORIGIN}/account/social/success`;
export const SSO_CALLBACK = `${ALLOWED_ORIGIN}/account/oidc/callback`;
export const OAUTH_CALLBACK = `${ALLOWED_ORIGIN}/oauth/callback`;
export const OAUTH_CLIENT_ID = 'interop-app';
/** The email domain of the seed tenant's OIDC connection. */
export const SSO_DOMAIN = 'acme-sso.test';
/** The email domain of the seed tenant's SAML connection, its key, and where it sends the browser back. */
export const SAML_DOMAIN = 'acme-saml.test';
export const SAML_CONNECTION = 'acme-saml';
export const SAML_CALLBACK = `${ALLOWED_ORIGIN}/account/saml/callback`;
/** The server's issuer (the test server's default): the SAML service provider's addresses start with it. */
const ISSUER = 'http://issuer.test';

/**
 * Starts the dev-seeded server on 127.0.0.1 (a free port), installs the browser stand-ins and points
 * the client at it the way a host page configures it.
 */
export async function startInteropServer(): Promise<InteropServer> {
  // One OpenID provider plays both a social provider and the seed tenant's OIDC identity provider;
  // a SAML IdP plays the seed tenant's SAML identity provider.
  const idp = await startOidcIdp({
    port: 0,
    clients: [
      { client_id: 'interop-social', client_secret: 'social-secret', redirect_uris: [SOCIAL_CALLBACK] },
      { client_id: 'interop-sso', client_secret: 'sso-secret', redirect_uris: [SSO_CALLBACK] },
    ],
    // People of the SSO domain (other logins become <login>@idp.example, social sign-in's users).
    accounts: Object.fromEntries(
      ['olivia', 'oscar'].map((login) => [
        login,
        { email: `${login}@${SSO_DOMAIN}`, name: `${login} of Acme SSO` },
      ]),
    ),
  });
  const samlSso = `${ISSUER}/frontegg/identity/resources/auth/v1/sso/saml/${SAML_CONNECTION}`;
  const samlIdp = await startSamlIdp({
    port: 0,
    sp: { entityId: `${samlSso}/metadata`, acsUrl: `${samlSso}/acs` },
    accounts: { sam: { email: `sam@${SAML_DOMAIN}`, name: 'Sam SAML' } },
  });
  // Answers the TXT lookups that validate tenant-managed SSO domains (test/support/dns-server.ts).
  const dns = await startDnsServer();
  currentDns = dns;
  const server = await startTestServer({
    issuer: ISSUER,
    devOutbox: true,
    sso: { dnsServers: [dns.address] },
    // Connectivity's probes test webhooks against a receiver on loopback.
    connectivity: { allowPrivateAddresses: true },
    appUrl: ALLOWED_ORIGIN,
    allowInsecureIdentityProviders: true,
    socialProviders: [
      {
        key: 'idp',
        displayName: 'Test IdP',
        issuer: idp.issuer,
        clientId: 'interop-social',
        clientSecret: 'social-secret',
        redirectUris: [SOCIAL_CALLBACK],
      },
      {
        key: 'acme',
        displayName: 'Acme ID',
        custom: true,
        issuer: idp.issuer,
        clientId: 'interop-social',
        clientSecret: 'social-secret',
        redirectUris: [SOCIAL_CALLBACK],
      },
    ],
    ssoConnections: [
      {
        key: 'acme-oidc',
        tenantId: SEED_TENANT_ID,
        protocol: 'oidc',
        domains: [SSO_DOMAIN],
        issuer: idp.issuer,
        clientId: 'interop-sso',
        clientSecret: 'sso-secret',
        redirectUris: [SSO_CALLBACK],
        defaultRoles: ['Viewer'],
      },
      {
        key: SAML_CONNECTION,
        tenantId: SEED_TENANT_ID,
        protocol: 'saml',
        domains: [SAML_DOMAIN],
        entryPoint: samlIdp.ssoUrl,
        idpIssuer: samlIdp.entityId,
        idpCertificates: [samlIdp.certificate],
        callbackUrls: [SAML_CALLBACK],
        defaultRoles: ['Viewer'],
      },
    ],
    oauthClients: [
      {
        clientId: OAUTH_CLIENT_ID,
        name: 'Interop app',
        redirectUris: [OAUTH_CALLBACK],
        postLogoutRedirectUris: [`${ALLOWED_ORIGIN}/`],
      },
    ],
  });
  // The vendor's settings a product with passkeys has (an operator's choice, off by default).
  await server.db.query('UPDATE vendors SET passkeys_enabled = true');
  currentSamlIdp = samlIdp;
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverOrigin = new URL(address).origin;
  globalThis.fetch = browserFetch as typeof fetch;
  const location = {
    get href() {
      return current.navigatedTo ?? `${ALLOWED_ORIGIN}/`;
    },
    set href(value: string) {
      current.navigatedTo = value;
    },
  };
  (globalThis as { window?: unknown }).window = { location };
  ContextHolder.setContext({ baseUrl: address, urlPrefix: 'frontegg', requestCredentials: 'include' });
  return {
    server,
    baseUrl: address,
    idp,
    samlIdp,
    async close() {
      globalThis.fetch = realFetch;
      delete (globalThis as { window?: unknown }).window;
      await server.close();
      await idp.close();
      await samlIdp.close();
      await dns.close();
    },
  };
}

/**
 * The current browser opens `url` (a top-level navigation on our server, with its cookies): the
 * address it is redirected to. Anything but a redirect fails like a client call would, with the
 * status in `statusCode`.
 */
export async function navigate(url: string): Promise<URL> {
  const response = await browserFetch(url, { credentials: 'include' });
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    // Reported as the client reports a failed call: the errors list joined, and the status.
    const text = await response.text();
    let message = `GET ${new URL(url).pathname}: ${response.status}`;
    try {
      message = (JSON.parse(text) as { errors: string[] }).errors.join(', ');
    } catch {
      // not the server's JSON error body: keep the status line
    }
    throw Object.assign(new Error(message), { statusCode: response.status });
  }
  return new URL(location, url);
}

let currentSamlIdp: RunningSamlIdp | undefined;

let currentDns: TestDnsServer | undefined;
/** The DNS server the interop server validates SSO domains with. */
export function theDns(): TestDnsServer {
  if (!currentDns) throw new Error('the interop server is not started');
  return currentDns;
}

/** The SAML identity provider of the running peer. */
export function theSamlIdp(): RunningSamlIdp {
  if (!currentSamlIdp) throw new Error('the interop server is not started');
  return currentSamlIdp;
}

/** Makes `browser` the one the client's calls go out from (cookies and in-memory access token). */
export function useBrowser(browser: Browser): void {
  current.accessToken = ContextHolder.getAccessToken();
  current = browser;
  ContextHolder.setAccessToken(browser.accessToken);
  ContextHolder.setUser(null);
}

export function currentBrowser(): Browser {
  return current;
}

/** The dev outbox, newest first, read as the test's own side channel (not through the client). */
export async function outbox(server: BuiltServer, to: string): Promise<OutboxEntry[]> {
  const res = await server.app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  return res.json().messages;
}

/** The 6-digit code of the newest message to `to`. */
export async function latestCode(server: BuiltServer, to: string): Promise<string> {
  const [latest] = await outbox(server, to);
  const match = latest?.text.match(/\b\d{6}\b/);
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[0];
}

/** The first link of the newest message to `to`. */
export async function latestLink(server: BuiltServer, to: string): Promise<URL> {
  const [latest] = await outbox(server, to);
  const match = latest?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the outbox for ${to}`);
  return new URL(match[0]);
}
