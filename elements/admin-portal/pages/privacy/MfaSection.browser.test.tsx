/// <reference types="mocha" />
// Recovery codes on the privacy page (issue 24): a new set, proven with a current recovery code,
// shown once as a list of 10 with Copy and Download (.txt); the old set stops working.
import { expect } from 'chai';
import { createDemoBackend } from '../../../../core/demo/backend';
import { DEMO_ADMIN } from '../../../../core/demo/data';
import { waitFor } from '../../../test-support/fixtures';
import {
  buttonNamed,
  confirmIn,
  describePortal,
  dialogNamed,
  labelled,
  portalOn,
  setValue,
} from '../../../test-support/portal';

const MFA = '/identity/resources/users/v1/mfa';

/** The demo admin with an authenticator app; the enrolment's recovery codes. */
async function enrolled(): Promise<string[]> {
  const demo = createDemoBackend({ delay: () => 0 });
  const login = await demo.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  const token = (login.body as { accessToken: string }).accessToken;
  const { secret } = (await demo.handle('POST', `${MFA}/enroll`, {}, token)).body as { secret: string };
  const { generate } = await import('otplib');
  const done = await demo.handle(
    'POST',
    `${MFA}/enroll/verify`,
    { token: await generate({ secret }) },
    token,
  );
  return (done.body as { recoveryCodes: string[] }).recoveryCodes;
}

describePortal('privacy page: MFA recovery codes', () => {
  it('makes a new set with a recovery code, shows 10 once with Copy and Download (.txt)', async () => {
    const old = await enrolled();
    expect(old).to.have.length(10);
    const portal = await portalOn('privacy');
    (await buttonNamed(portal, 'New recovery codes')).click();
    const confirm = await dialogNamed(portal, 'Make new recovery codes?');
    setValue(labelled(confirm, 'Code or recovery code'), 'AAAA-BBBB-CCCC-DDDD');
    confirmIn(confirm);
    await waitFor(() => confirm.textContent!.includes('That code is not correct.'));
    setValue(labelled(confirm, 'Code or recovery code'), old[1]!);
    confirmIn(confirm);
    const shown = await dialogNamed(portal, 'Save your recovery codes');
    const codes = [...shown.querySelectorAll('[part~="recovery-code"]')].map((li) => li.textContent);
    expect(codes).to.have.length(10);
    expect(codes.some((code) => old.includes(code!))).to.equal(false);

    const saved: Array<{ name: string; href: string }> = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    };
    try {
      (shown.querySelector('[part~="download-button"]') as HTMLButtonElement).click();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(saved.map((s) => s.name)).to.deep.equal(['recovery-codes.txt']);
    const text = await (await fetch(saved[0]!.href)).text();
    expect(text.trim().split('\n').slice(-10)).to.deep.equal(codes);
    expect(shown.querySelector('[part~="copy-button"]')!.textContent).to.equal('Copy codes');
  });
});
