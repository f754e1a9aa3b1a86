import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../storage/database';
import { migrate } from '../storage/migrations';
import { pgliteTemplate } from '../../test/support/server';
import { readMail, startTestSmtp, type TestSmtp } from '../../test/support/smtp';
import { createDelivery } from './index';
import { latestOutboxMessages } from './outbox';
import { createSmsWebhookSender, SmsDeliveryError } from './sms-webhook';
import { createSmtpSender } from './smtp';

describe('outbox delivery (development)', () => {
  let db: Database;
  before(async () => {
    db = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    await migrate(db);
  });
  after(() => db.close());

  it('stores emails and SMS; the latest come first, matched by address in any case', async () => {
    const delivery = createDelivery(db);
    assert.equal(delivery.describe(), 'email: outbox, SMS: outbox');
    await delivery.sendEmail({ to: 'Ada@Example.com', subject: 'first', text: 'one' });
    await delivery.sendEmail({ to: 'ada@example.com', subject: 'second', text: 'two' });
    await delivery.sendSms({ to: '+15550001111', text: 'code 123456' });
    const mails = await latestOutboxMessages(db, 'ADA@example.com');
    assert.deepEqual(
      mails.map((m) => [m.channel, m.subject, m.text]),
      [
        ['email', 'second', 'two'],
        ['email', 'first', 'one'],
      ],
    );
    const sms = await latestOutboxMessages(db, '+15550001111');
    assert.deepEqual(
      sms.map((m) => [m.channel, m.subject, m.text]),
      [['sms', null, 'code 123456']],
    );
  });
});

describe('SMS webhook delivery', () => {
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  let status = 202;
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  let url = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs { to, text } as JSON with the bearer token', async () => {
    await createSmsWebhookSender({ url, token: 'webhook-secret' }).sendSms({
      to: '+4915112345678',
      text: 'Your sign-in code is 123456',
    });
    const last = received.at(-1)!;
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers.authorization, 'Bearer webhook-secret');
    assert.deepEqual(JSON.parse(last.body), { to: '+4915112345678', text: 'Your sign-in code is 123456' });
  });

  it('a non-2xx answer is a failed delivery, and the error does not carry the message text', async () => {
    status = 500;
    await assert.rejects(
      createSmsWebhookSender({ url }).sendSms({ to: '+1', text: 'code 654321' }),
      (error: unknown) =>
        error instanceof SmsDeliveryError &&
        /500/.test((error as Error).message) &&
        !(error as Error).message.includes('654321'),
    );
    status = 202;
  });

  it('an unreachable webhook is a failed delivery', async () => {
    await assert.rejects(
      createSmsWebhookSender({ url: 'http://127.0.0.1:9/sms', timeoutMs: 2000 }).sendSms({
        to: '+1',
        text: 'x',
      }),
      SmsDeliveryError,
    );
  });

  it('only http(s) URLs are accepted', () => {
    assert.throws(() => createSmsWebhookSender({ url: 'file:///etc/passwd' }), /http/);
  });
});

describe('SMTP delivery (nodemailer) against a local SMTP server', () => {
  let smtp: TestSmtp;
  let port = 0;
  before(async () => {
    smtp = await startTestSmtp();
    port = smtp.port;
  });
  after(() => smtp.close());

  it('sends a plain-text email configured by one SMTP URL', async () => {
    const sender = createSmtpSender(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'Auth Elements <no-reply@example.com>',
    );
    await sender.sendEmail({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Choose a new password: https://app.example.com/x',
    });
    sender.close();
    const mail = smtp.mails.at(-1)!;
    assert.match(mail, /^To: ada@example\.com$/m);
    assert.match(mail, /^From: Auth Elements <no-reply@example\.com>$/m);
    assert.match(mail, /^Subject: Reset your password$/m);
    assert.match(mail, /Content-Type: text\/plain/);
    assert.match(mail, /https:\/\/app\.example\.com\/x/);
  });

  it('a message in another language says so (Content-Language) and arrives intact', async () => {
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    await sender.sendEmail({
      to: 'dana@example.com',
      subject: 'איפוס הסיסמה שלך',
      text: 'שלום',
      language: 'he',
    });
    sender.close();
    const mail = readMail(smtp.mails.at(-1)!);
    assert.equal(mail.headers['content-language'], 'he');
    assert.equal(mail.headers.subject, 'איפוס הסיסמה שלך');
    assert.equal(mail.text, 'שלום');
  });
});
