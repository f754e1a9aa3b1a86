import { fail, ok } from '../contract/answer';
import type { DemoRoutes } from './dispatch';

/**
 * Demo mode's outbox (the server's: dev-outbox.ts). Password reset and change, activation, sign-up
 * and the invitations are written once for both backends (core/domain/account-flow-ports.ts,
 * sign-in-area.ts, invitation-area.ts) over demo mode's platform, loaded with the back office.
 *
 * Where the server sends an email, the demo writes it to the demo outbox (kept with the rest of the
 * demo data in localStorage), answers it at GET /dev/outbox?to=... like a development server, and
 * prints it to the browser console, so someone trying the demo can open the link.
 */
export const demoOutboxRoutes: DemoRoutes = {
  getDevOutbox: (db, { query }) => {
    if (typeof query.to !== 'string' || !query.to || query.to.length > 254)
      return fail('FIELD_REQUIRED', { field: 'To' });
    const to = query.to.toLowerCase();
    return ok({ messages: (db.outbox ?? []).filter((m) => m.to.toLowerCase() === to) });
  },
};
