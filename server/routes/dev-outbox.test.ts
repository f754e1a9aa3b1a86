/**
 * The development outbox as printed at start (issue 24 §3.4): GET /{prefix}/dev/outbox is a page a
 * person reads (every message, newest first, links clickable, everything escaped, no script); JSON
 * on request (Accept: application/json) and with `?to=` as the tests and clients use it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { createOutboxDelivery } from '../delivery/outbox';
import { startTestServer } from '../../test/support/server';

const OUTBOX = '/frontegg/dev/outbox';
const LINK = 'http://127.0.0.1:8080/account/reset-password?userId=u1&token=abc';

describe('GET /dev/outbox', () => {
  let server: BuiltServer;
  before(async () => {
    server = await startTestServer({ devOutbox: true });
    const outbox = createOutboxDelivery(server.db);
    await outbox.sendEmail({ to: 'first@example.com', subject: 'First', text: 'The first message.' });
    await outbox.sendSms({ to: '+14155550123', text: 'Your code is 123456' });
    await outbox.sendEmail({
      to: 'last@example.com',
      subject: '<script>alert(1)</script> Reset',
      text: `Reset your password: ${LINK}.\n<img src=x onerror=alert(2)>`,
    });
  });
  after(() => server.close());

  it('without a question it is a readable page: every message newest first, links clickable, everything escaped, no script', async () => {
    const res = await server.app.inject({ url: OUTBOX, headers: { accept: 'text/html,*/*;q=0.8' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src|unsafe/);
    const html = res.body;
    assert.doesNotMatch(html, /<script|<img/i);
    assert.ok(html.includes('&#60;script&#62;alert(1)&#60;/script&#62; Reset'));
    const href = LINK.replace(/&/g, '&#38;');
    assert.ok(html.includes(`<a href="${href}">${href}</a>.`), 'the link, without the full stop after it');
    const order = ['last@example.com', '+14155550123', 'first@example.com'].map((to) => html.indexOf(to));
    assert.ok(order.every((at) => at > 0));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'newest first',
    );
    assert.ok(html.includes('Your code is 123456'));
  });

  it('JSON on request: every message with Accept: application/json, one address with ?to= as before', async () => {
    const all = await server.app.inject({ url: OUTBOX, headers: { accept: 'application/json' } });
    assert.equal(all.statusCode, 200);
    assert.deepEqual(
      all.json().messages.map((m: { to: string }) => m.to),
      ['last@example.com', '+14155550123', 'first@example.com'],
    );
    const one = await server.app.inject({ url: `${OUTBOX}?to=FIRST@example.com` });
    assert.equal(one.statusCode, 200);
    assert.deepEqual(
      one.json().messages.map((m: { subject: string }) => m.subject),
      ['First'],
    );
    assert.equal((await server.app.inject({ url: `${OUTBOX}?to=` })).statusCode, 400);
  });
});
