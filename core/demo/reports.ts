/**
 * Demo mode's reports and notifications: the handlers of core/domain/report-handlers.ts (the
 * server's own) over the page's storage. A report "sent" is
 * written to the demo outbox, as the server's development outbox does, and rings the sender's bell.
 */
import type { NotificationsRepository } from '../domain/notifications';
import { NOTIFICATION_HANDLERS, REPORT_HANDLERS } from '../domain/report-handlers';
import type { ReportSendPorts, StoredReport } from '../domain/reports';
import { accountMembers } from './accountMembers';
import type { DemoDatabase } from './data';
import { by, byLocale, isoNow, page, update, upsert, withId, type DemoClock } from './rows';
import { demoOutbox } from './passwordlessPorts';
import { demoHandlers } from './shared';

function reportPorts(db: DemoDatabase, clock: DemoClock): ReportSendPorts {
  const mine = (tenantId: string) => ((db.reports ??= {})[tenantId] ??= []);
  return {
    stored: async (tenantId) => mine(tenantId),
    save: async (tenantId, report) => {
      const at = isoNow(clock.now);
      const same = (r: StoredReport) => r.templateId === report.templateId;
      const createdAt = mine(tenantId).find(same)?.createdAt ?? at;
      return upsert(mine(tenantId), same, { ...report, createdAt, updatedAt: at });
    },
    // The account's members, invitees too, as the server's memberships.
    members: async (tenantId) =>
      accountMembers(db, tenantId)
        .sort(byLocale((u) => u.email))
        .map(({ name, email, createdAt, lastLogin = null }) => ({ name, email, createdAt, lastLogin })),
    now: () => new Date(clock.now()),
    deliver: async (to, subject, text) => demoOutbox(db, clock.now, { channel: 'email', to, subject, text }),
    notify: async (n) => notificationStore(db, clock).add(n),
  };
}

function notificationStore(db: DemoDatabase, clock: DemoClock): NotificationsRepository {
  // Each member's notifications in an account, in the order written.
  const of = (tenantId: string, userId: string) =>
    ((db.notifications ??= {})[`${tenantId}/${userId}`] ??= []);
  return {
    list: async (tenantId, userId, { offset, count }) =>
      // Written in order: reversed is newest first; then pinned first (a stable sort).
      page(
        [...of(tenantId, userId)]
          .reverse()
          .filter((n) => n.status !== 'archived')
          .sort(by((n) => Number(!n.isPinned))),
        offset,
        count,
      ).items,
    add: async ({ tenantId, userId, ...n }) => {
      const unread = { status: 'unread' as const, isPinned: false, createdAt: isoNow(clock.now) };
      of(tenantId, userId).push({ ...n, id: clock.random(), ...unread });
    },
    change: async (tenantId, userId, id, changes) => !!update(of(tenantId, userId), withId(id), changes),
    markAllRead: async (tenantId, userId) => {
      for (const n of of(tenantId, userId)) if (n.status === 'unread') n.status = 'read';
    },
  };
}

/**
 * The reports' and notifications' routes (core/domain/report-handlers.ts) over the page's storage,
 * in the caller's account.
 */
export function demoReportRoutes(clock: DemoClock) {
  return {
    ...demoHandlers(REPORT_HANDLERS, (db) => reportPorts(db, clock)),
    ...demoHandlers(NOTIFICATION_HANDLERS, (db) => notificationStore(db, clock)),
  };
}
