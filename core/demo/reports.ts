/**
 * Demo mode's reports and notifications: the handlers of core/domain/report-handlers.ts (the
 * server's own) over the page's storage. A report "sent" is
 * written to the demo outbox, as the server's development outbox does, and rings the sender's bell.
 */
import { ok, type Answer } from '../contract/answer';
import {
  notificationsMetadata,
  type NotificationsRepository,
  type StoredNotification,
} from '../domain/notifications';
import { NOTIFICATION_HANDLERS, REPORT_HANDLERS } from '../domain/report-handlers';
import type { ReportSendPorts, StoredReport } from '../domain/reports';
import type { DemoDatabase } from './data';
import { demoHandlers } from './shared';

/** A notification as demo mode stores it: whose, in which account. */
export interface DemoNotification extends StoredNotification {
  tenantId: string;
  userId: string;
}

const OUTBOX_KEEP = 50;

interface Clock {
  now: () => number;
  random: () => string;
}

function reportPorts(db: DemoDatabase, clock: Clock): ReportSendPorts {
  const mine = (tenantId: string) => ((db.reports ??= {})[tenantId] ??= []);
  return {
    stored: async (tenantId) => mine(tenantId),
    save: async (tenantId, report) => {
      const list = mine(tenantId);
      const at = new Date(clock.now()).toISOString();
      const before = list.find((r) => r.templateId === report.templateId);
      const saved: StoredReport = { ...report, createdAt: before?.createdAt ?? at, updatedAt: at };
      list.splice(before ? list.indexOf(before) : list.length, before ? 1 : 0, saved);
      return saved;
    },
    members: async (tenantId) =>
      db.users
        .filter((u) => u.tenantId === tenantId && !u.invitationPending)
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((u) => ({
          name: u.name,
          email: u.email,
          createdAt: u.createdAt,
          lastLogin: u.lastLogin ?? null,
        })),
    now: () => new Date(clock.now()),
    deliver: async (to, subject, text) => {
      (db.outbox ??= []).unshift({
        channel: 'email',
        to,
        subject,
        text,
        createdAt: new Date(clock.now()).toISOString(),
      });
      db.outbox.length = Math.min(db.outbox.length, OUTBOX_KEEP);
    },
    notify: async (n) => notificationStore(db, clock).add(n),
  };
}

/** Every member's notifications. */
const stored = (db: DemoDatabase): DemoNotification[] => (db.notifications ??= []);

function notificationStore(db: DemoDatabase, clock: Clock): NotificationsRepository {
  const of = (tenantId: string, userId: string) =>
    stored(db).filter((n) => n.tenantId === tenantId && n.userId === userId);
  const find = (tenantId: string, userId: string, id: string) =>
    of(tenantId, userId).find((n) => n.id === id);
  return {
    list: async (tenantId, userId, page) =>
      // Written in order: reversed is newest first; then pinned first (a stable sort).
      of(tenantId, userId)
        .reverse()
        .filter((n) => n.status !== 'archived')
        .sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
        .slice(page.offset, page.offset + page.count)
        .map(({ tenantId: _t, userId: _u, ...n }) => n),
    add: async (n) => {
      stored(db).push({
        ...n,
        id: clock.random(),
        status: 'unread',
        isPinned: false,
        createdAt: new Date(clock.now()).toISOString(),
      });
    },
    setStatus: async (tenantId, userId, id, status) => {
      const found = find(tenantId, userId, id);
      if (found) found.status = status;
      return !!found;
    },
    setPinned: async (tenantId, userId, id, pinned) => {
      const found = find(tenantId, userId, id);
      if (found) found.isPinned = pinned;
      return !!found;
    },
    markAllRead: async (tenantId, userId) => {
      for (const n of of(tenantId, userId)) if (n.status === 'unread') n.status = 'read';
    },
  };
}

/**
 * The reports' and notifications' routes (core/domain/report-handlers.ts) over the page's storage,
 * in the caller's account.
 */
export function demoReportRoutes(clock: Clock) {
  return {
    ...demoHandlers(REPORT_HANDLERS, (db) => reportPorts(db, clock)),
    ...demoHandlers(NOTIFICATION_HANDLERS, (db) => notificationStore(db, clock)),
  };
}

/** GET /metadata?entityName=notifications (core/domain/notifications.ts), or null for another entity. */
export const demoNotificationsEntity = (query: Record<string, string> | undefined): Answer | null =>
  query?.entityName === 'notifications' ? ok(notificationsMetadata('demo-vendor')) : null;
