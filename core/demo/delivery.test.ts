// Demo mode's emails and SMS (its outbox) are written in the recipient's language, word for word as
// the server writes them: the same catalogues and the same function (core/domain/delivery-texts/).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeEmail, composeSms } from '../domain/delivery-texts/compose';
import { en } from '../domain/delivery-texts/en';
import { es } from '../domain/delivery-texts/es';
import { fr } from '../domain/delivery-texts/fr';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, type DemoDatabase, type DemoMessage } from './data';
import { tenantById } from '../test-support/demoUsers';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { demoUserRow } from '../test-support/demoUsers';

type Answer = { status: number; body: any };

async function signedIn() {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const signIn = (await backend.handle(
    'POST',
    '/identity/resources/auth/v1/user',
    { ...DEMO_ADMIN },
    null,
  )) as Answer;
  const token = signIn.body.accessToken as string;
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown> = {},
    bearer: string | null = token,
  ) => backend.handle(method, path, body, bearer) as Promise<Answer>;
  const db = () => JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
  /** The last message the demo "sent" to `to`. */
  const last = (to: string): DemoMessage => db().outbox!.find((m) => m.to === to)!;
  return { call, db, last };
}

/** The link of a message (the demo's tokens are random). */
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe('demo outbox in the recipient language', () => {
  it('a password reset to a user whose saved locale is es is the server es email', async () => {
    const { call, last } = await signedIn();
    assert.equal((await call('PUT', '/identity/resources/users/v2/me', { locale: 'es' })).status, 200);
    const reset = await call(
      'POST',
      '/identity/resources/users/v1/passwords/reset',
      { email: DEMO_ADMIN.email },
      null,
    );
    assert.equal(reset.status, 200);
    const mail = last(DEMO_ADMIN.email);
    const expected = composeEmail(es, 'resetPassword', { link: linkIn(mail.text) });
    assert.deepEqual({ subject: mail.subject, text: mail.text }, expected);
    assert.notEqual(mail.subject, en.email.resetPassword.subject);
  });

  it('an invitation into an account whose locale is fr is the server fr email', async () => {
    const { call, db, last } = await signedIn();
    assert.equal((await call('PUT', '/tenants/resources/account-settings/v1', { locale: 'fr' })).status, 200);
    const email = 'nouveau@example.com';
    assert.equal(
      (await call('POST', '/identity/resources/users/v2', { email, name: 'Nouveau' })).status,
      201,
    );
    const mail = last(email);
    const admin = demoUserRow(db(), DEMO_ADMIN.email);
    const tenantName = tenantById(db(), admin.activeTenantId!)!.name;
    const expected = composeEmail(fr, 'invitation', {
      link: linkIn(mail.text),
      tenantName,
      inviterName: admin.name,
    });
    assert.deepEqual({ subject: mail.subject, text: mail.text }, expected);
    assert.notEqual(
      mail.subject,
      composeEmail(en, 'invitation', { link: '', tenantName, inviterName: null }).subject,
    );
  });

  it("an MFA code by SMS in the user's es over the account's fr", async () => {
    const { call, last } = await signedIn();
    await call('PUT', '/tenants/resources/account-settings/v1', { locale: 'fr' });
    await call('PUT', '/identity/resources/users/v2/me', { locale: 'es' });
    const phone = '+15555550123';
    const enroll = await call('POST', '/identity/resources/users/v1/mfa/sms/enroll', { phoneNumber: phone });
    assert.equal(enroll.status, 200);
    const sms = last(phone);
    const code = /\d{6}/.exec(sms.text)![0];
    assert.equal(sms.subject, null);
    assert.equal(sms.text, composeSms(es, 'verificationCode', code));
  });

  it('English when neither the user nor the account chose a language', async () => {
    const { call, last } = await signedIn();
    await call('POST', '/identity/resources/users/v1/passwords/reset', { email: DEMO_ADMIN.email }, null);
    const mail = last(DEMO_ADMIN.email);
    assert.deepEqual(
      { subject: mail.subject, text: mail.text },
      composeEmail(en, 'resetPassword', { link: linkIn(mail.text) }),
    );
  });
});
