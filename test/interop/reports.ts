/**
 * The inventory's reports and notifications (issue 28 item 4; server/routes/reports.ts): the client
 * SDK's 6 report calls, its 4 notification calls and the notifications entity of the metadata.
 */
import assert from 'node:assert/strict';
import { resolveObjectURL } from 'node:buffer';
import { ADMIN } from '../support/server';
import { api, asAdmin, fits, fitsNonEmpty, freshEmail, outbox, theServer, type Shape } from './kit';

/** An entry of the inventory (inventory.ts `Entry`) that the server serves. */
interface Served {
  status: 'served';
  probe: () => Promise<void>;
}
const served = (probe: () => Promise<void>): Served => ({ status: 'served', probe });

// The client's reports/interfaces.d.ts IReportRecord and notifications/interfaces.d.ts IMessage.
const REPORT: Shape = {
  id: 'string',
  name: 'string',
  description: 'string',
  status: 'string',
  updatedAt: 'string',
  createdAt: 'string',
  htmlTemplate: 'string',
  customerListApiUrl: 'string',
  type: '=html|pdf|image',
  dataFilters: [{ type: 'string', config: { name: 'string', label: 'string' } }],
};
const SCHEDULED: Shape = {
  ...REPORT,
  schedule: { interval: '=daily|weekly|monthly|custom', cron: 'string', tz: 'string', active: 'boolean' },
};
const MESSAGE: Shape = {
  actions: [{ id: 'string' }],
  id: 'string',
  title: 'string',
  body: 'string',
  severity: 'string',
  url: 'string',
  viewed: 'boolean',
  createdAt: 'string',
  status: 'string',
  isPinned: 'boolean',
  key: 'string',
};

/** A report sent by the admin: an email to a fresh address, and a notification in the admin's bell. */
async function aReportSent(): Promise<string> {
  const to = freshEmail('report');
  await api.reports.sendReport({ templateId: 'members', to: [to] });
  return to;
}

/** The admin's newest notification. */
async function newest() {
  const [first] = await api.notifications.getNotifications({ count: 1, offset: 0 });
  assert.ok(first, 'the bell holds a notification');
  return first;
}

/** Runs `call` with a document stand-in that catches the file the client downloads through a link. */
async function downloading(call: () => Promise<void>): Promise<Array<{ href: string; name: string | null }>> {
  const downloaded: Array<{ href: string; name: string | null }> = [];
  const saved = (globalThis as { document?: unknown }).document;
  (globalThis as { document?: unknown }).document = {
    createElement: () => {
      const link = { href: '', name: null as string | null };
      return Object.assign(link, {
        setAttribute: (_: string, value: string) => (link.name = value),
        click: () => downloaded.push(link),
        remove: () => undefined,
      });
    },
  };
  try {
    await call();
  } finally {
    (globalThis as { document?: unknown }).document = saved;
  }
  return downloaded;
}

export function reportEntries(): Record<string, Served> {
  return {
    'reports.getReports': served(async () => {
      await asAdmin();
      const reports = await api.reports.getReports({
        filters: { query: 'members' },
        sort: { column: 'name', direction: 'asc' },
      });
      fitsNonEmpty(reports, REPORT);
      assert.deepEqual(
        reports.map((r) => r.name),
        ['Inactive members', 'Members'],
      );
    }),
    'reports.getReport': served(async () => {
      await asAdmin();
      const report = await api.reports.getReport({ id: 'members' });
      fits(report, REPORT);
      assert.equal(report.name, 'Members');
    }),
    'reports.renderReport': served(async () => {
      await asAdmin();
      const { html } = await api.reports.renderReport({
        templateId: 'members',
        dataFilters: { search: ADMIN.email },
      });
      assert.match(html, /<h1>Members<\/h1>/);
      assert.ok(html.includes(ADMIN.email), 'the admin is listed');
      assert.match(html, /: 1 rows/);
    }),
    'reports.scheduleReport': served(async () => {
      await asAdmin();
      const report = await api.reports.scheduleReport({
        templateId: 'inactive-members',
        schedule: { interval: 'weekly', cron: '0 8 * * 1', tz: 'UTC', active: true },
        status: 'active',
        dataFilters: { days: 14 },
        type: 'html',
      });
      fits(report, SCHEDULED);
      assert.deepEqual(report.schedule?.dataFilters, { days: 14 });
      assert.equal((await api.reports.getReport({ id: 'inactive-members' })).status, 'active');
    }),
    'reports.downloadReport': served(async () => {
      await asAdmin();
      const files = await downloading(() =>
        api.reports.downloadReport({
          templateId: 'members',
          name: 'Members',
          dataFilters: {},
          responseType: 'html',
        }),
      );
      // The client downloads twice: its fetch layer saves the answer (as `output`, the name it finds
      // no other for), then downloadReport saves what that returned (nothing) as report_{name}.html.
      assert.deepEqual(
        files.map((f) => f.name),
        ['output', 'report_Members.html'],
      );
      assert.match(await resolveObjectURL(files[0]!.href)!.text(), /^<!doctype html>.*<h1>Members<\/h1>/);
    }),
    'reports.sendReport': served(async () => {
      await asAdmin();
      const to = await aReportSent();
      const [email] = await outbox(theServer(), to);
      assert.equal(email?.subject, 'Report: Members');
      assert.ok(email.text.includes(ADMIN.email));
    }),
    'notifications.getNotifications': served(async () => {
      await asAdmin();
      await aReportSent();
      const messages = await api.notifications.getNotifications({ count: 10, offset: 0 });
      fitsNonEmpty(messages, MESSAGE);
      assert.equal(messages[0]!.title, 'Report sent: Members');
    }),
    'notifications.updateNotificationStatus': served(async () => {
      await asAdmin();
      await aReportSent();
      const { id } = await newest();
      await api.notifications.updateNotificationStatus({ notificationId: id, status: 'read' });
      const after = await newest();
      assert.deepEqual([after.id, after.status, after.viewed], [id, 'read', true]);
    }),
    'notifications.updateNotificationIsPinned': served(async () => {
      await asAdmin();
      await aReportSent();
      const { id } = await newest();
      await api.notifications.updateNotificationIsPinned({ notificationId: id, pinStatus: 'pin' });
      assert.equal((await newest()).isPinned, true);
      await api.notifications.updateNotificationIsPinned({ notificationId: id, pinStatus: 'unpin' });
      assert.equal((await newest()).isPinned, false);
    }),
    'notifications.markAllAsRead': served(async () => {
      await asAdmin();
      await aReportSent();
      await api.notifications.markAllAsRead();
      const messages = await api.notifications.getNotifications({ count: 100, offset: 0 });
      assert.ok(messages.length > 0 && messages.every((m) => m.viewed));
    }),
    'metadata.getNotificationsMetadata': served(async () => {
      await asAdmin();
      fits(await api.metadata.getNotificationsMetadata(), {
        entityName: '=notifications',
        id: 'string',
        createdAt: 'string',
        updatedAt: 'string',
        properties: ['any'],
        vendorId: 'string',
        channels: ['string'],
        channelsConfig: ['string'],
        severities: ['any'],
        theme: { id: 'string', name: 'string', styles: 'any' },
      });
    }),
  };
}
