// Emails and SMS in the recipient's language (issue 29): the user's saved locale, else their
// account's, else English, through the real SMTP sender (nodemailer to a local SMTP server) and the
// SMS webhook (an HTTP server), as a production server is configured.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ADMIN, API, ME, bearer, login, startTestServer } from '../../test/support/server';
import { readMail, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const SETTINGS = '/frontegg/tenants/resources/account-settings/v1';
const RESET = `${API}/users/v1/passwords/reset`;

let server: BuiltServer;
let smtp: TestSmtp;
let token = '';
const texts: string[] = [];
const sms = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    texts.push((JSON.parse(body) as { text: string }).text);
    response.writeHead(202).end();
  });
});

before(async () => {
  smtp = await startTestSmtp();
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    delivery: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      smsWebhookUrl: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/sms`,
    },
  });
  token = (await login(server.app)).accessToken;
});
after(async () => {
  await server.close();
  await smtp.close();
  await new Promise<void>((resolve) => sms.close(() => resolve()));
});

const put = (url: string, payload: object) =>
  server.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

/** Asks for a password reset for the seed admin; the email the SMTP server received. */
async function resetEmail() {
  const before = smtp.mails.length;
  const res = await server.app.inject({ method: 'POST', url: RESET, payload: { email: ADMIN.email } });
  assert.equal(res.statusCode, 200);
  assert.equal(smtp.mails.length, before + 1);
  return readMail(smtp.mails.at(-1)!);
}

describe('the language of emails and SMS', () => {
  it('English when neither the user nor the account chose one', async () => {
    const mail = await resetEmail();
    assert.equal(mail.headers.subject, 'Reset your password');
    assert.match(mail.text, /^Someone asked to reset the password of your account\./);
    assert.equal(mail.headers['content-language'], 'en');
  });

  it("the account's locale (ja) when the user chose none", async () => {
    const saved = await put(SETTINGS, { locale: 'ja' });
    assert.equal(saved.statusCode, 200);
    assert.equal(saved.json().locale, 'ja');
    const mail = await resetEmail();
    assert.equal(mail.headers.subject, 'パスワードの再設定');
    assert.match(mail.text, /^お使いのアカウントのパスワード再設定がリクエストされました。/);
    assert.match(mail.text, /\n\S+\/account\/reset-password\?userId=\S+&token=\S+\n/);
    assert.equal(mail.headers['content-language'], 'ja');
  });

  it("the user's own locale (fr) over the account's, in emails and SMS", async () => {
    const saved = await put(ME, { locale: 'fr' });
    assert.equal(saved.statusCode, 200);
    assert.equal(saved.json().locale, 'fr');
    const me = await server.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
    assert.equal(me.json().locale, 'fr');
    const mail = await resetEmail();
    assert.equal(mail.headers.subject, 'Réinitialisez votre mot de passe');
    assert.match(mail.text, /^Quelqu’un a demandé à réinitialiser le mot de passe de votre compte\./);
    assert.equal(mail.headers['content-language'], 'fr');

    const phone = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/phone`,
      headers: bearer(token),
      payload: { phoneNumber: '+15550001234' },
    });
    assert.equal(phone.statusCode, 200);
    assert.match(
      texts.at(-1)!,
      /^Votre code pour confirmer ce numéro de téléphone est \d{6}\. Il ne fonctionne qu’une fois, pendant dix minutes\.$/,
    );
  });

  it('a locale the kit does not speak is refused; null clears it', async () => {
    const bad = await put(ME, { locale: 'xx' });
    assert.equal(bad.statusCode, 400);
    assert.ok(Array.isArray(bad.json().errors));
    assert.equal((await put(SETTINGS, { locale: 'tlh' })).statusCode, 400);
    const cleared = await put(ME, { locale: null });
    assert.equal(cleared.json().locale, null);
  });
});
