/**
 * An account's invite link as both backends store it (spec 001 §3 "Invite link: token,
 * expiresInMinutes, shouldSendEmail"): one row per account of the `invite_links` table
 * (server/storage/schema/invitations.ts), written once over the storage port (core/domain/tables.ts).
 * The server passes its SQL tables, demo mode its stored arrays; the rules over these ports are
 * core/domain/invitations.ts.
 *
 * The token is found by its hash and shown again from its sealed copy: how a store hashes and
 * seals is its own (`LinkSecrets`: the server's SHA-256 and secret box; the demo keeps it as is).
 */
import { col, nullable, saveRow, stamp, table, type RowClock, type RowOf, type Tables } from './tables';
import type { InviteLinkPorts, InviteLinkRecord } from './invitations';
import type { Platform } from './platform';
import { TENANTS } from './tenant-tables';
import { USERS } from './user-tables';

/** A row of `invite_links`, as the SQL table has it. */
const INVITE_LINKS = table('invite_links', {
  id: col.uuid,
  tenantId: col.uuid,
  tokenHash: col.text(),
  /** Null for a link made before tokens were kept (migration 26): it cannot be shown again. */
  tokenSealed: nullable(col.text()),
  expiresInMinutes: col.int,
  expiresAt: col.timestamptz,
  shouldSendEmail: col.bool,
  /** The user who made it; null for a tenant API token (or a user since deleted). */
  createdBy: nullable(col.uuid),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
});
type InviteLinkRow = RowOf<typeof INVITE_LINKS>;

/** How a store keeps a link's token: a hash to find it by, a sealed copy (bound to the account) to show it. */
export interface LinkSecrets {
  hash(token: string): string;
  seal(token: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

/** What the invite links' repository reads besides its tables. */
interface InviteLinkStoreTools extends RowClock {
  secrets: LinkSecrets;
  /** Whether `id` names a user (the link's creator; a tenant API token is none). */
  isUser(id: string): Promise<boolean>;
}

const sealedTo = (tenantId: string) => `inviteLink:${tenantId}`;

/** The invite link's ports over `tables`. */
function inviteLinkRepository(tables: Tables, tools: InviteLinkStoreTools): InviteLinkPorts {
  const links = () => tables.of(INVITE_LINKS);
  /** The account's row; null when it does not exist (or was deleted). */
  const account = (tenantId: string) => tables.of(TENANTS).row({ id: tenantId, deletedAt: null });
  const expiresAt = (minutes: number) => stamp(tools.now() + minutes * 60_000);
  const recordOf = async (row: InviteLinkRow): Promise<InviteLinkRecord> => ({
    id: row.id,
    tenantId: row.tenantId,
    vendorId: (await account(row.tenantId))?.vendorId ?? '',
    expiresInMinutes: row.expiresInMinutes,
    expiresAt: row.expiresAt,
    shouldSendEmail: row.shouldSendEmail,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
  return {
    async find(tenantId) {
      const row = await links().row({ tenantId });
      return row ? recordOf(row) : null;
    },
    async replace(tenantId, link) {
      const at = stamp(tools.now());
      const changes = {
        tokenHash: tools.secrets.hash(link.token),
        tokenSealed: tools.secrets.seal(link.token, sealedTo(tenantId)),
        expiresInMinutes: link.expiresInMinutes,
        expiresAt: expiresAt(link.expiresInMinutes),
        shouldSendEmail: link.shouldSendEmail,
        // Kept when it names a user (a tenant API token does not).
        createdBy: (await tools.isUser(link.createdBy)) ? link.createdBy : null,
        createdAt: at,
        updatedAt: at,
      };
      // The older link stops working: the new one takes its place in the account's row (its id kept).
      const row = await saveRow(tables, INVITE_LINKS, { tenantId }, changes, () => ({
        id: tools.newId(),
        tenantId,
        ...changes,
      }));
      return recordOf(row);
    },
    async update(tenantId, { expiresInMinutes, shouldSendEmail }) {
      const [row] = await links().update(
        { tenantId },
        {
          // A new lifetime counts from now.
          ...(expiresInMinutes === undefined
            ? {}
            : { expiresInMinutes, expiresAt: expiresAt(expiresInMinutes) }),
          ...(shouldSendEmail === undefined ? {} : { shouldSendEmail }),
          updatedAt: stamp(tools.now()),
        },
      );
      return row ? recordOf(row) : null;
    },
    remove: async (tenantId) => (await links().remove({ tenantId })).length > 0,
    async token(tenantId) {
      const sealed = (await links().row({ tenantId }))?.tokenSealed;
      return sealed ? tools.secrets.open(sealed, sealedTo(tenantId)) : null;
    },
    async tenantOf(token) {
      const row = await links().row({ tokenHash: tools.secrets.hash(token) });
      if (!row || Date.parse(row.expiresAt) <= tools.now()) return null;
      const tenant = await account(row.tenantId);
      return tenant
        ? { tenantId: row.tenantId, name: tenant.name, shouldSendEmail: row.shouldSendEmail }
        : null;
    },
  };
}

/**
 * The invite link's ports over a backend's platform (or what a public route has of it): its rows,
 * its token kept as the backend keeps secrets, its creator kept when a user has the id.
 */
export const inviteLinksOn = ({
  tables,
  clock,
  invitations,
}: Pick<Platform, 'tables' | 'clock'> & { invitations: Pick<Platform['invitations'], 'linkSecrets'> }) =>
  inviteLinkRepository(tables, {
    secrets: invitations.linkSecrets,
    isUser: async (id) => (await tables.of(USERS).row({ id })) !== null,
    newId: () => clock.newId(),
    now: () => clock.now(),
  });
