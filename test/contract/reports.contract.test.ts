// Reports and notifications (issue 28 item 4; core/domain/reports.ts, core/domain/notifications.ts):
// the same requests against the demo backend and the server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKENDS, newAccountOwner } from './targets';

const REPORTS = '/reports/resources/reports/v2';
const TRIGGERS = '/reports/engine/resources/triggers/v1';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const SCHEDULE = { interval: 'weekly', cron: '0  8 * * 1', tz: 'Europe/Paris', active: true };

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: reports`, () => {
    const owner = newAccountOwner(factory, 'reports');
    const { call } = owner;

    test('the built-in templates are listed, searched and sorted; one is read by id', async () => {
      const all = await call('GET', `${REPORTS}/tenant-reports`);
      assert.equal(all.status, 200);
      assert.deepEqual(
        all.body.map((r: { id: string }) => r.id),
        ['members', 'inactive-members'],
      );
      assert.deepEqual(all.body[1].dataFilters[0].config, {
        type: 'number',
        name: 'days',
        label: 'Days without a sign-in',
        defaultValue: '30',
        min: '1',
        max: '365',
        integer: true,
      });
      const filters = encodeURIComponent(JSON.stringify({ query: 'inactive' }));
      const found = await call('GET', `${REPORTS}/tenant-reports?filters=${filters}`);
      assert.deepEqual(
        found.body.map((r: { id: string }) => r.id),
        ['inactive-members'],
      );
      const sort = encodeURIComponent(JSON.stringify({ column: 'name', direction: 'desc' }));
      const sorted = await call('GET', `${REPORTS}/tenant-reports?sort=${sort}`);
      assert.deepEqual(
        sorted.body.map((r: { name: string }) => r.name),
        ['Members', 'Inactive members'],
      );
      const one = await call('GET', `${REPORTS}/members/tenant-reports`);
      assert.equal(one.body.name, 'Members');
      assert.equal(one.body.status, 'inactive');
      assert.equal(one.body.schedule, undefined);
      const missing = await call('GET', `${REPORTS}/nope/tenant-reports`);
      assert.deepEqual(missing, {
        status: 404,
        body: { errors: ['Report not found'], errorCodes: ['REPORT_NOT_FOUND'] },
      });
      const badSort = await call('GET', `${REPORTS}/tenant-reports?sort=not-json`);
      assert.deepEqual(badSort.body.errorCodes, ['REPORT_QUERY_INVALID']);
    });

    test('a preview is an HTML table of the members, filtered, with text escaped', async () => {
      const page = await call('GET', `${TRIGGERS}/preview-report?templateId=members&responseType=html`);
      assert.equal(page.status, 200);
      assert.match(page.body, /^<!doctype html>/);
      assert.match(page.body, /<h1>Members<\/h1>/);
      assert.match(page.body, /reports-\d+@example\.com/);
      const none = await call(
        'GET',
        `${TRIGGERS}/preview-report?templateId=members&dataFilters=${encodeURIComponent(b64({ search: '<zzz>' }))}`,
      );
      assert.match(none.body, /: 0 rows/);
      // Never signed in counts as inactive: the owner signed up, and a sign-up is a sign-in here.
      const inactive = await call('GET', `${TRIGGERS}/preview-report?templateId=inactive-members`);
      assert.match(inactive.body, /<th>Last sign-in<\/th>/);
      const pdf = await call('GET', `${TRIGGERS}/preview-report?templateId=members&responseType=pdf`);
      assert.deepEqual(pdf.body.errorCodes, ['REPORT_FORMAT_UNSUPPORTED']);
      const badDays = await call(
        'GET',
        `${TRIGGERS}/preview-report?templateId=inactive-members&dataFilters=${encodeURIComponent(b64({ days: 0 }))}`,
      );
      assert.deepEqual(badDays, {
        status: 400,
        body: {
          errors: ['The filter "days" takes a whole number from 1 to 365'],
          errorCodes: ['REPORT_FILTER_VALUE_INVALID'],
        },
      });
      const notBase64 = await call('GET', `${TRIGGERS}/preview-report?templateId=members&dataFilters=%25%25`);
      assert.deepEqual(notBase64.body.errorCodes, ['REPORT_FILTERS_INVALID']);
    });

    test('a schedule is kept with its filters; a bad cron, zone or format is refused', async () => {
      const saved = await call('POST', `${REPORTS}/inactive-members/tenant-reports`, {
        schedule: SCHEDULE,
        status: 'active',
        dataFilters: b64({ days: 7, unknown: 1 }),
        type: 'html',
      });
      assert.equal(saved.status, 200);
      assert.deepEqual(saved.body.schedule, { ...SCHEDULE, cron: '0 8 * * 1', dataFilters: { days: 7 } });
      assert.equal(saved.body.status, 'active');
      assert.deepEqual((await call('GET', `${REPORTS}/inactive-members/tenant-reports`)).body, saved.body);
      for (const [schedule, type, code] of [
        [{ ...SCHEDULE, cron: '0 8 * *' }, 'html', 'REPORT_SCHEDULE_INVALID'],
        [{ ...SCHEDULE, tz: 'Mars/Olympus' }, 'html', 'REPORT_SCHEDULE_INVALID'],
        [SCHEDULE, 'pdf', 'REPORT_FORMAT_UNSUPPORTED'],
      ] as const) {
        const refused = await call('POST', `${REPORTS}/members/tenant-reports`, {
          schedule,
          status: 'active',
          type,
        });
        assert.deepEqual([refused.status, refused.body.errorCodes], [400, [code]]);
      }
      const unknownField = await call('POST', `${REPORTS}/members/tenant-reports`, {
        schedule: SCHEDULE,
        status: 'active',
        type: 'html',
        extra: true,
      });
      assert.equal(unknownField.status, 400);
    });

    test("a report sent is emailed to each address and rings the sender's bell", async () => {
      const to = `report-reader-${Date.now()}@example.com`;
      const sent = await call('POST', `${TRIGGERS}/tenant-reports`, {
        templateId: 'members',
        to: [to, to.toUpperCase()],
      });
      assert.deepEqual(sent, { status: 200, body: {} });
      const box = await owner.target.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
      assert.equal(box.body.messages.length, 1, 'one email per address');
      assert.equal(box.body.messages[0].subject, 'Report: Members');
      assert.match(box.body.messages[0].text, /Name\tEmail\tJoined\tLast sign-in/);
      const bell = await call(
        'GET',
        `/notification?params=${encodeURIComponent(JSON.stringify({ count: 10, offset: 0 }))}`,
      );
      assert.equal(bell.status, 200);
      const mine = bell.body.filter((n: { key: string }) => n.key === 'report.sent');
      assert.equal(mine.length, 1);
      assert.equal(mine[0].title, 'Report sent: Members');
      assert.deepEqual([mine[0].status, mine[0].viewed, mine[0].isPinned], ['unread', false, false]);
      const refused = await call('POST', `${TRIGGERS}/tenant-reports`, {
        templateId: 'members',
        to: ['not-an-email'],
      });
      assert.equal(refused.status, 400);
    });
  });

  describe(`contract: ${name}: notifications`, () => {
    const { call } = newAccountOwner(factory, 'notifications');
    const list = async () =>
      (await call('GET', '/notification')).body as Array<{
        id: string;
        title: string;
        status: string;
        isPinned: boolean;
      }>;

    test('read, pinned first, archived out of the list; mark all read', async () => {
      for (const templateId of ['members', 'inactive-members'])
        await call('POST', `${TRIGGERS}/tenant-reports`, { templateId, to: ['bell@example.com'] });
      const [newest, older] = await list();
      assert.deepEqual(
        [newest!.title, older!.title],
        ['Report sent: Inactive members', 'Report sent: Members'],
      );
      assert.deepEqual(await call('PUT', '/notification/pin', { notificationId: older!.id }), {
        status: 200,
        body: {},
      });
      assert.deepEqual(
        (await list()).map((n) => [n.id, n.isPinned]),
        [
          [older!.id, true],
          [newest!.id, false],
        ],
      );
      await call('PUT', '/notification/unpin', { notificationId: older!.id });
      await call('PUT', '/notification/status', { params: { notificationId: newest!.id, status: 'read' } });
      assert.deepEqual(
        (await list()).map((n) => n.status),
        ['read', 'unread'],
      );
      await call('PUT', '/notification/status', {
        params: { notificationId: newest!.id, status: 'archived' },
      });
      assert.deepEqual(
        (await list()).map((n) => n.id),
        [older!.id],
      );
      assert.deepEqual(await call('POST', '/notification/status/mark-all-read'), { status: 200, body: {} });
      assert.deepEqual(
        (await list()).map((n) => n.status),
        ['read'],
      );
      const page = await call('GET', `/notification?params=${encodeURIComponent('{"count":1,"offset":1}')}`);
      assert.deepEqual(page.body, []);
    });

    test('an unknown notification, a bad status or a bad page is refused', async () => {
      const unknown = await call('PUT', '/notification/pin', {
        notificationId: '00000000-0000-4000-8000-000000000000',
      });
      assert.deepEqual(unknown, {
        status: 404,
        body: { errors: ['Notification not found'], errorCodes: ['NOTIFICATION_NOT_FOUND'] },
      });
      const [first] = await list();
      const badStatus = await call('PUT', '/notification/status', {
        params: { notificationId: first?.id, status: 'gone' },
      });
      assert.equal(badStatus.status, 400);
      const badPage = await call('GET', `/notification?params=${encodeURIComponent('{"count":1000}')}`);
      assert.deepEqual(badPage.body.errorCodes, ['NOTIFICATION_QUERY_INVALID']);
    });

    test('the notifications entity of the metadata', async () => {
      const { status, body } = await call('GET', '/metadata?entityName=notifications');
      assert.equal(status, 200);
      assert.deepEqual([body.rows[0].entityName, body.rows[0].channels], ['notifications', ['bell']]);
    });
  });
}
