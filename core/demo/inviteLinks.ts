/**
 * Demo mode's invite links: the server's repository (core/domain/invite-links.ts) over the demo's
 * stored tables (core/demo/tables.ts). The demo keeps the token as is (the server keeps its hash and
 * a sealed copy).
 */
import type { InviteLinkPorts } from '../domain/invitations';
import { inviteLinkRepository } from '../domain/invite-links';
import { userById, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { memoryTables } from './tables';

export function inviteLinkStore(db: DemoDatabase, tools: DemoClock): InviteLinkPorts {
  return inviteLinkRepository(memoryTables((db.tables ??= {})), {
    secrets: { hash: (token) => token, seal: (token) => token, open: (token) => token },
    isUser: async (id) => userById(db, id) !== undefined,
    newId: tools.random,
    now: tools.now,
  });
}
