// The reference server for the end-to-end tests: a fresh in-memory database on every run, seeded,
// serving cdn/ and demo-pages/ like `npm start` does. It opts in to what main.ts calls development
// mode (AUTH_ELEMENTS_DEV=1 or --dev) with the options themselves: `seed`, and `devOutbox` for
// GET /frontegg/dev/outbox and PUT /frontegg/dev/settings, which the tests use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../server/app';
import { SEED_TENANT_ID } from '../../server/seed';
import { seedSubAccounts } from './fixtures/sub-accounts';
import { seedLoginFlows } from './fixtures/login-flows';
import { seedMfa } from './fixtures/mfa';
import { seedSecurity } from './fixtures/security';
import { seedSecurityCenter } from './fixtures/security-center';
import { seedSignInMethods } from './fixtures/sign-in-methods';
import { seedLoginAlias } from './fixtures/login-alias';
import { seedConnectivity } from './fixtures/connectivity';
import { seedProvisioning } from './fixtures/provisioning';
import { seedSso } from './fixtures/sso';
import { seedBilling } from './fixtures/billing';
import { seedTeam } from './fixtures/team';
import { seedTeamAdmin } from './fixtures/team-admin';

const port = Number(process.env.E2E_API_PORT ?? 8787);
const root = fileURLToPath(new URL('../..', import.meta.url));
const origin = `http://127.0.0.1:${port}`;
// The static host plays a third-party application using hosted login (test/e2e/hosted-login.spec.ts).
const staticOrigin = `http://127.0.0.1:${Number(process.env.E2E_STATIC_PORT ?? 8788)}`;
// The OpenID provider that test/e2e/social-login.spec.ts starts plays a social provider on this port.
const idpPort = Number(process.env.E2E_IDP_PORT ?? port + 2);
// The SAML identity provider that test/e2e/sso-saml.spec.ts starts (test/idp/saml.ts) on this port.
const samlIdpPort = Number(process.env.E2E_SAML_IDP_PORT ?? port + 3);

const server = await buildServer({
  database: { kind: 'pglite' },
  seed: true,
  staticRoot: root,
  corsOrigins: [origin, `http://localhost:${port}`, staticOrigin],
  issuer: origin,
  // Low scrypt cost keeps the suite fast; production uses the default cost.
  passwordHashing: { N: 1024, r: 8, p: 1 },
  // Every browser of the suite signs up from 127.0.0.1.
  signUpsPerIp: 100_000,
  // Emails and SMS go to the outbox, which the tests read at /frontegg/dev/outbox; links point here.
  devOutbox: true,
  appUrl: origin,
  oauthClients: [
    {
      clientId: 'hosted-demo',
      name: 'Hosted login demo',
      redirectUris: [`${staticOrigin}/hosted-callback.html`, `${origin}/hosted-callback.html`],
      postLogoutRedirectUris: [`${staticOrigin}/hosted.html`, `${origin}/hosted.html`],
    },
  ],
  // Listed only while that provider answers its discovery document.
  socialProviders: [
    {
      key: 'e2e-idp',
      displayName: 'E2E IdP',
      issuer: `http://127.0.0.1:${idpPort}`,
      clientId: 'e2e-social',
      clientSecret: 'e2e-social-secret',
      redirectUris: [`${origin}/account/social/success`],
    },
  ],
  // Tenant SSO: emails of oidc-sso.example sign in through the same OpenID provider (test/e2e/sso-oidc.spec.ts).
  ssoConnections: [
    {
      key: 'e2e-oidc',
      tenantId: SEED_TENANT_ID,
      protocol: 'oidc',
      domains: ['oidc-sso.example'],
      issuer: `http://127.0.0.1:${idpPort}`,
      clientId: 'e2e-sso',
      clientSecret: 'e2e-sso-secret',
      redirectUris: [`${origin}/account/oidc/callback`],
      defaultRoles: ['Viewer'],
    },
    {
      // Emails of saml-sso.example sign in through the SAML identity provider (test/e2e/sso-saml.spec.ts).
      key: 'e2e-saml',
      tenantId: SEED_TENANT_ID,
      protocol: 'saml',
      domains: ['saml-sso.example'],
      entryPoint: `http://127.0.0.1:${samlIdpPort}/sso`,
      idpIssuer: `http://127.0.0.1:${samlIdpPort}/metadata`,
      idpCertificates: [readFileSync(new URL('../idp/saml-keys/idp.crt', import.meta.url), 'utf8')],
      callbackUrls: [`${origin}/account/saml/callback`],
      defaultRoles: ['Viewer'],
    },
  ],
  allowInsecureIdentityProviders: true,
  // The captcha verifier test/e2e/sign-in-methods.spec.ts starts (reCAPTCHA's siteverify protocol),
  // on the identity providers' port: the specs run one at a time.
  captchaVerifyUrl: `http://127.0.0.1:${idpPort}/recaptcha/api/siteverify`,
  // Tenant-managed SSO domains are validated by TXT lookups at the DNS server test/e2e/sso-config.spec.ts
  // runs (UDP, the API's port number: another protocol, so no clash).
  sso: { dnsServers: [`127.0.0.1:${port}`] },
  // test/e2e/connectivity.spec.ts delivers webhooks to a receiver on loopback, quickly.
  connectivity: { allowPrivateAddresses: true, pollIntervalMs: 200, retryBaseMs: 500 },
  // WebAuthn needs a domain as relying-party id (not an IP): the passkey tests use localhost.
  webauthn: { rpId: 'localhost', origins: [`http://localhost:${port}`] },
});
await seedTeam(server.db);
await seedSubAccounts(server.db);
await seedLoginFlows(server.db);
await seedMfa(server.db);
await seedTeamAdmin(server.db);
await seedSecurity(server.db);
await seedSecurityCenter(server.db);
await seedSignInMethods(server.db);
await seedLoginAlias(server.db);
await seedConnectivity(server.db);
await seedProvisioning(server.db);
await seedBilling(server.db);
await seedSso(server.db);
await server.app.listen({ port, host: '127.0.0.1' });
console.log(`e2e API server on ${origin}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
