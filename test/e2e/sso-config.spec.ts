// SSO configured by a tenant administrator on the portal's SSO page (issue 16), end to end: the
// administrator of an account of its own (fixtures/sso.ts) adds a SAML connection from the test
// IdP's metadata file (samlify, test/idp/saml.ts) and an OpenID Connect one (oidc-provider,
// test/idp/oidc.ts), adds a domain to each, publishes the TXT record on a local DNS server
// (test/support/dns-server.ts; the API server asks it, serve-api.ts) and validates it, enables
// the connection; then a person of that domain signs in through each.
import { expect, test, type Page } from '@playwright/test';
import { startOidcIdp, type RunningIdp } from '../idp/oidc';
import { startSamlIdp, type RunningSamlIdp } from '../idp/saml';
import { API_ORIGIN } from '../playwright.config';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { SSO_ADMIN } from './fixtures/sso';
import { axeViolations, box, expectSignedInAs, partOf, signIn } from './helpers';

const API_PORT = Number(process.env.E2E_API_PORT ?? 8787);
let dns: TestDnsServer;
let samlIdp: RunningSamlIdp;
let oidcIdp: RunningIdp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dns = await startDnsServer(API_PORT);
  samlIdp = await startSamlIdp({
    port: 0,
    sp: { entityId: 'urn:not-yet', acsUrl: 'http://not-yet.invalid/acs' },
    accounts: { sally: { email: 'sally@saml-config.example', name: 'Sally Configured' } },
  });
  oidcIdp = await startOidcIdp({
    port: 0,
    clients: [
      {
        client_id: 'configured-client',
        client_secret: 'configured-secret',
        redirect_uris: [`${API_ORIGIN}/account/oidc/callback`],
      },
    ],
    accounts: { otto: { email: 'otto@oidc-config.example', name: 'Otto Configured' } },
  });
});
test.afterAll(async () => {
  await samlIdp?.close();
  await oidcIdp?.close();
  await dns?.close();
});

const portal = (page: Page) => page.locator('auth-admin-portal');

async function openSsoPage(page: Page) {
  await page.goto('/portal.html#/portal/sso');
  await signIn(page, SSO_ADMIN.email, SSO_ADMIN.password);
  await expect(portal(page).getByRole('heading', { name: 'Single sign-on', level: 2 })).toBeVisible();
}

async function addConnection(page: Page, type: string) {
  const sso = portal(page);
  await sso.getByRole('button', { name: 'Add connection' }).click();
  await sso.getByLabel('Identity provider').selectOption({ label: type });
  await sso.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sso.getByRole('heading', { name: `Connection: ${type}` })).toBeVisible();
  await expect(sso.getByRole('switch', { name: /^Connection/ })).toHaveAttribute('aria-checked', 'false');
}

/** Adds `domain`, publishes the TXT record shown, validates: the badge says Validated. */
async function validateDomain(page: Page, domain: string) {
  const sso = portal(page);
  await sso.getByRole('tab', { name: 'Domains' }).click();
  const panel = sso.getByRole('tabpanel', { name: 'Domains' });
  await panel.getByLabel('Domain', { exact: true }).fill(domain);
  await panel.getByRole('button', { name: 'Add domain' }).click();
  const row = panel.locator('[part~="sso-domain"]', { hasText: domain });
  await expect(row.getByText('Not validated')).toBeVisible();
  // Not published yet: the server's real lookup finds nothing.
  await row.getByRole('button', { name: `Validate ${domain}` }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'The TXT record was not found on the domain: publish it and try again',
  );
  const record = await panel.getByRole('textbox', { name: 'TXT record value' }).inputValue();
  expect(record).toMatch(/^auth-elements-sso=/);
  dns.txt.set(domain, [record]);
  await row.getByRole('button', { name: `Validate ${domain}` }).click();
  await expect(row.getByText('Validated', { exact: true })).toBeVisible();
}

async function enable(page: Page) {
  const toggle = portal(page).getByRole('switch', { name: /^Connection/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
}

test('SAML: the administrator uploads the IdP metadata, copies our ACS URL and entity ID, validates the domain by DNS and enables it; a person of the domain signs in through it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openSsoPage(page);
  await addConnection(page, 'Okta (SAML)');
  const sso = portal(page);
  const acsUrl = await sso
    .getByRole('textbox', { name: 'Assertion consumer service (ACS) URL' })
    .inputValue();
  const entityId = await sso.getByRole('textbox', { name: 'Service provider entity ID' }).inputValue();
  expect(acsUrl).toMatch(
    new RegExp(`^${API_ORIGIN}/frontegg/identity/resources/auth/v1/sso/saml/t-[0-9a-f-]+/acs$`),
  );
  // What the administrator gives the identity provider.
  samlIdp.setServiceProvider({ entityId, acsUrl });
  await sso.getByLabel('Metadata file (XML)').setInputFiles({
    name: 'idp-metadata.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(samlIdp.metadata),
  });
  await sso.getByRole('button', { name: 'Read metadata' }).click();
  await expect(sso.locator('[part~="sso-saved"]')).toHaveText('Saved.');
  await expect(sso.getByText(`Single sign-on URL: ${samlIdp.ssoUrl}`)).toBeVisible();
  await validateDomain(page, 'saml-config.example');
  await enable(page);
  expect(await axeViolations(page)).toEqual([]);
  await sso.getByRole('button', { name: 'All connections' }).click();
  await expect(
    sso.locator('[part~="sso-row"]', { hasText: 'Okta (SAML)' }).getByText('Enabled'),
  ).toBeVisible();

  // A person of the domain, in another browser.
  const context = await browser.newContext({ baseURL: API_ORIGIN });
  const person = await context.newPage();
  await person.goto('/login.html');
  await partOf(box(person), 'email-input').fill('sally@saml-config.example');
  await partOf(box(person), 'submit-button').click();
  await person.waitForURL(`${samlIdp.ssoUrl}?**`);
  await person.getByLabel('User name').fill('sally');
  await person.getByRole('button', { name: 'Sign in' }).click();
  await person.getByRole('button', { name: 'Continue' }).click();
  await person.waitForURL(`${API_ORIGIN}/`);
  await person.goto('/login.html');
  await expectSignedInAs(person, 'Sally Configured (sally@saml-config.example)');
  await context.close();
});

test('SAML details entered by hand are saved at once, before the connection has a domain: the list shows them, and so does the form after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSsoPage(page);
  await addConnection(page, 'Okta (SAML)');
  const sso = portal(page);
  await sso.getByRole('combobox', { name: 'How to set it up' }).selectOption({ label: 'Enter the details' });
  await sso.getByLabel('Identity provider entity ID').fill('https://idp.typed.example/entity');
  await sso.getByLabel('Single sign-on URL').fill('https://idp.typed.example/sso');
  await sso.getByLabel('Signing certificate (PEM)').fill(samlIdp.certificate);
  await sso.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sso.locator('[part~="sso-saved"]')).toHaveText(
    'Saved. Sign-ins go through this connection once it has a validated domain (Domains tab).',
  );
  await sso.getByRole('tab', { name: 'Domains' }).click();
  const panel = sso.getByRole('tabpanel', { name: 'Domains' });
  await panel.getByLabel('Domain', { exact: true }).fill('typed.example');
  await panel.getByRole('button', { name: 'Add domain' }).click();
  await expect(panel.locator('[part~="sso-domain"]', { hasText: 'typed.example' })).toBeVisible();
  await sso.getByRole('button', { name: 'All connections' }).click();
  const row = sso.locator('[part~="sso-row"]', { hasText: 'typed.example' });
  await expect(row).toContainText('https://idp.typed.example/sso');
  await expect(row.getByText('Not configured yet')).toHaveCount(0);

  await page.reload();
  await row.getByRole('button', { name: 'Actions for Okta (SAML)' }).click();
  await sso.getByRole('menuitem', { name: 'Configure Okta (SAML)' }).click();
  await sso.getByRole('combobox', { name: 'How to set it up' }).selectOption({ label: 'Enter the details' });
  await expect(sso.getByLabel('Identity provider entity ID')).toHaveValue('https://idp.typed.example/entity');
  await expect(sso.getByLabel('Single sign-on URL')).toHaveValue('https://idp.typed.example/sso');
  await expect(sso.getByLabel('Signing certificate (PEM)')).toHaveValue(samlIdp.certificate.trim());
});

test('OIDC: settings are saved at once, before the connection has a domain; the secret is never shown again; a person of the domain signs in through it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openSsoPage(page);
  await addConnection(page, 'OpenID Connect');
  const sso = portal(page);
  await expect(sso.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
    `${API_ORIGIN}/account/oidc/callback`,
  );
  await sso.getByLabel('Issuer').fill(oidcIdp.issuer);
  await sso.getByLabel('Client ID').fill('configured-client');
  await sso.getByLabel('Client secret').fill('configured-secret');
  await sso.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sso.locator('[part~="sso-saved"]')).toHaveText(
    'Saved. Sign-ins go through this connection once it has a validated domain (Domains tab).',
  );
  await expect(sso.getByLabel('Client secret')).toHaveValue('');
  await validateDomain(page, 'oidc-config.example');
  await sso.getByRole('tab', { name: 'Identity provider' }).click();
  await expect(sso.getByLabel('Issuer')).toHaveValue(oidcIdp.issuer);
  await expect(sso.getByLabel('Client ID')).toHaveValue('configured-client');
  await expect(sso.getByText('A secret is stored (encrypted). Leave empty to keep it.')).toBeVisible();
  await enable(page);
  expect(await axeViolations(page)).toEqual([]);

  const context = await browser.newContext({ baseURL: API_ORIGIN });
  const person = await context.newPage();
  await person.goto('/login.html');
  await partOf(box(person), 'email-input').fill('otto@oidc-config.example');
  await partOf(box(person), 'submit-button').click();
  await person.waitForURL(`${oidcIdp.issuer}/**`);
  await person.locator('input[name="login"]').fill('otto');
  await person.locator('input[name="password"]').fill('anything');
  await person.locator('button[type="submit"]').click();
  await person.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  await person.waitForURL(`${API_ORIGIN}/`);
  await person.goto('/login.html');
  await expectSignedInAs(person, 'Otto Configured (otto@oidc-config.example)');
  await context.close();
});
