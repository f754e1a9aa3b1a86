/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../../test-support/fixtures';
import {
  buttonNamed,
  checkDialog,
  describePortal,
  dialogNamed,
  inShadow,
  labelled,
  portalOn,
  rowAction,
  setValue,
} from '../../../test-support/portal';

const text = (host: HTMLElement) => host.shadowRoot!.textContent ?? '';

describePortal('admin portal: SSO page', () => {
  it("lists the demo's connection; Add connection's dialog traps focus; a new connection opens disabled, saves its settings at once without a domain (the list shows them), and a domain's failed validation is said", async function () {
    // About fifteen calls, each with the demo's 200-500 ms pause.
    this.timeout(30_000);
    const portal = await portalOn('sso');
    const row = await inShadow(portal, '[part~="sso-row"]');
    expect(row.textContent).to.contain('Okta (SAML)');
    expect(row.textContent).to.contain('acme-sso.demo.example');
    await checkDialog(portal, (await buttonNamed(portal, 'Add connection'))!, 'Add an SSO connection');

    (await buttonNamed(portal, 'Add connection'))!.click();
    const dialog = await dialogNamed(portal, 'Add an SSO connection');
    setValue(labelled<HTMLSelectElement>(dialog!, 'Identity provider'), 'oidc');
    (dialog!.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => text(portal).includes('Connection: OpenID Connect'), 8000);
    const toggle = await inShadow(portal, '[part~="sso-enabled"]');
    expect(toggle.getAttribute('aria-checked')).to.equal('false');

    setValue(labelled(portal.shadowRoot!, 'Issuer'), 'https://issuer.example.com');
    setValue(labelled(portal.shadowRoot!, 'Client ID'), 'client-1');
    (await buttonNamed(portal, 'Save'))!.click();
    await waitFor(
      () =>
        text(portal).includes(
          'Saved. Sign-ins go through this connection once it has a validated domain (Domains tab).',
        ),
      8000,
    );

    (await buttonNamed(portal, 'Domains'))!.click();
    setValue(labelled(portal.shadowRoot!, 'Domain'), 'unverified.example.com');
    (await buttonNamed(portal, 'Add domain'))!.click();
    (await buttonNamed(portal, 'Validate unverified.example.com'))!.click();
    await waitFor(
      () => text(portal).includes('The TXT record was not found on the domain: publish it and try again'),
      8000,
    );
    const txt = labelled(portal.shadowRoot!, 'TXT record value');
    expect(txt.value).to.match(/^auth-elements-sso=/);

    (await buttonNamed(portal, 'All connections'))!.click();
    await waitFor(() => portal.shadowRoot!.querySelectorAll('[part~="sso-row"]').length === 2, 8000);
    const saved = [...portal.shadowRoot!.querySelectorAll('[part~="sso-row"]')].find((r) =>
      r.textContent!.includes('OpenID Connect'),
    )!;
    expect(saved.textContent).to.contain('https://issuer.example.com');
    expect(saved.textContent).not.to.contain('Not configured yet');
    const { item } = await rowAction(portal, 'OpenID Connect', 'Delete OpenID Connect');
    item.click();
    const confirm = await dialogNamed(portal, 'Delete this SSO connection?');
    (confirm!.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => portal.shadowRoot!.querySelectorAll('[part~="sso-row"]').length === 1, 8000);
    expect(portal.shadowRoot!.querySelector('[part~="sso-row"]')!.textContent).to.contain('Okta (SAML)');
  });
});
