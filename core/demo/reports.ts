/**
 * Demo mode's reports and notifications: the handlers of core/domain/report-handlers.ts (the
 * server's own) over the domain's repositories on the page's stored tables. A report "sent" is
 * written to the demo outbox, as the server's development outbox does, and rings the sender's bell.
 */
import { notificationsRepository } from '../domain/notifications';
import { NOTIFICATION_HANDLERS, REPORT_HANDLERS, reportPorts } from '../domain/report-handlers';
import { accountMembers } from './accountMembers';
import type { DemoDatabase } from './data';
import { displayName } from '../domain/user-tables';
import { byLocale, type DemoClock } from './rows';
import { memoryTables } from './tables';
import { demoOutbox } from './passwordlessPorts';
import { demoHandlers } from './shared';

const notificationStore = (db: DemoDatabase, clock: DemoClock) =>
  notificationsRepository(memoryTables((db.tables ??= {})), clock.random, clock.now);

/**
 * The reports' and notifications' routes (core/domain/report-handlers.ts) over the page's storage,
 * in the caller's account.
 */
export function demoReportRoutes(clock: DemoClock) {
  return {
    ...demoHandlers(REPORT_HANDLERS, (db) =>
      reportPorts(
        memoryTables((db.tables ??= {})),
        { now: clock.now, newId: clock.random },
        {
          // The account's members, invitees too, as the server's memberships.
          members: async (tenantId) =>
            accountMembers(db, tenantId)
              .sort(byLocale((u) => u.email))
              .map((u) => ({
                name: displayName(u),
                email: u.email,
                createdAt: u.createdAt,
                lastLogin: u.lastLogin,
              })),
          deliver: async (to, subject, text) =>
            demoOutbox(db, clock.now, { channel: 'email', to, subject, text }),
          rings: true,
        },
      ),
    ),
    ...demoHandlers(NOTIFICATION_HANDLERS, (db) => notificationStore(db, clock)),
  };
}
