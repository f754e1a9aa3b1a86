import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRecipients, planEmailSms, planSlack } from './connectivityRules';

const saved = {
  eventKey: 'user.signedIn',
  enabled: true,
  subscriptions: [{ id: 's1', name: '', enabled: true, recipients: ['a@example.com'] }],
};

test('recipients: split, trimmed, blanks and repeats dropped', () => {
  assert.deepEqual(parseRecipients(' a@example.com, ,b@example.com;a@example.com\n'), [
    'a@example.com',
    'b@example.com',
  ]);
});

test('email and SMS: created only with a recipient, updated when changed, deleted when emptied', () => {
  assert.deepEqual(planEmailSms(undefined, ' , ', true), []);
  assert.deepEqual(planEmailSms(undefined, 'a@example.com', true), [
    { op: 'create', recipients: ['a@example.com'], enabled: true },
  ]);
  assert.deepEqual(planEmailSms(saved, 'a@example.com', true), []);
  assert.deepEqual(planEmailSms(saved, 'b@example.com', true), [
    { op: 'update', id: 's1', recipients: ['b@example.com'], enabled: true },
  ]);
  assert.deepEqual(planEmailSms(saved, '', true), [{ op: 'delete' }]);
  assert.deepEqual(planEmailSms(saved, 'a@example.com', false), [{ op: 'enable', enabled: false }]);
});

test('Slack: saved only with channels (PATCH with an id), deleted when an existing one has none', () => {
  assert.deepEqual(planSlack(undefined, { 'user.signedIn': [] }), { op: 'none' });
  assert.deepEqual(planSlack(undefined, { 'user.signedIn': ['c1'] }), {
    op: 'save',
    subscription: { isActive: true, slackEvents: [{ eventKey: 'user.signedIn', channelIds: ['c1'] }] },
  });
  const existing = { id: 'x', isActive: false, slackEvents: [] };
  assert.deepEqual(planSlack(existing, { 'user.signedIn': ['c1'] }), {
    op: 'save',
    subscription: {
      id: 'x',
      isActive: false,
      slackEvents: [{ eventKey: 'user.signedIn', channelIds: ['c1'] }],
    },
  });
  assert.deepEqual(planSlack(existing, {}), { op: 'delete', id: 'x' });
});
