import type { AuthStrategy, PublicPolicy } from '../api/types';
import type { TableSpec } from '../domain/tables';
import { evaluateDemoFlags } from '../featureFlags/demoFlags';
import { FEATURE_FLAGS, storedFlagValues, type FlagContext } from '../domain/feature-flags';
import { newTenantRow, TENANTS, type TenantRow } from '../domain/tenant-tables';
import { newUserRow, normalizeEmail, USERS, type UserRow } from '../domain/user-tables';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from '../domain/membership-tables';

/**
 * A user as a demo handler sees the caller: their row of `users` (core/domain/user-tables.ts, the
 * server's), and the account they act in (`tenantId`: their active account). A copy: a change to
 * the user is written to the row (`updateUser`).
 */
export type DemoUser = UserRow & { tenantId: string };

/**
 * Demo mode's data, kept in the page's storage: the rows of the server's tables (`tables`: its
 * users, memberships, accounts and every area's), the one session this browser has, its outbox.
 */
export interface DemoDatabase {
  /** Refresh-token stand-in: the session the demo "cookie" points at. */
  session: {
    id: string;
    userId: string;
    refreshToken: string;
    createdAt?: string;
    /** The last refresh (absent: none since `createdAt`), the session policy's idle clock. */
    lastUsedAt?: string;
    impersonatorId?: string;
  } | null;
  /** This browser's remember-device token: the server's `ae_mfa_device` cookie (core/demo/platform.ts `demoVisit`). */
  rememberedBrowser?: string;
  // Below, absent means none or the defaults; "per account" is keyed by tenant id.
  /** The rows of the tables the domain's repositories keep (core/domain/tables.ts), by table name. */
  tables?: DemoTables;
  /** Emails and SMS the demo "sent", newest first (core/demo/passwordlessPorts.ts). */
  outbox?: DemoMessage[];
  /** Vendor settings tests switch the demo to. */
  settings?: {
    signUpRequiresActivation?: boolean;
    authStrategy?: AuthStrategy;
    mfaEnforced?: boolean;
  };
}

export interface DemoMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** The password's lengths, as the server's default policy has them. */
export const DEMO_PASSWORD_POLICY = { passwordMinLength: 8, passwordMaxLength: 128 };
export const DEMO_ADMIN = { email: 'demo@auth-elements.dev', password: 'demo-password' } as const;

export const DEMO_POLICY: PublicPolicy = {
  allowSignups: true,
  allowNotVerifiedUsersLogin: true,
  apiTokensEnabled: true,
  forcePermissions: false,
  authStrategy: 'EmailAndPassword',
  machineToMachineAuthStrategy: 'ClientCredentials',
  // Passkeys work in the demo (core/domain/webauthn-crypto.ts); the prompt after sign-in also needs the
  // show-passkeys-new flag, which the demo leaves off unless its settings switch it on.
  secondaryStrategies: [{ strategy: 'Passkeys', isActive: true }],
};

/**
 * The demo's people, the admin first, then teammates so the users page has people to manage: the
 * n-th is `demo-user-n`, joined on the first of month n, and reads mail at their first name. Their
 * passwords (DEMO_ADMIN's, the teammates' `demo-teammate-password`) are kept hashed
 * (core/demo/passwordHash.ts).
 */
const DEMO_PEOPLE: Array<[name: string, role: string]> = [
  ['Demo Admin', 'Admin'],
  ['Grace Hopper', 'Editor'],
  ['Alan Turing', 'Viewer'],
  ['Katherine Johnson', 'ReadOnly'],
];
const ADMIN_HASH = 'pbkdf2-sha256$10000$KS0PZV5Mn1dHCzpkDA_i5Q$uJaJuRwdi55_zJiC8uSeHvtJDPwnvkpursllJ9xK6VI';
const TEAMMATE_HASH =
  'pbkdf2-sha256$10000$DF9tHZWuwMb4GsYdlxnXMw$Dbb1K_UK3uNjKzDTc5FWgmg7sUXNA_wnErGQI1cx7Qw';

/** The demo's one vendor (a development server's too has one). */
export const DEMO_VENDOR_ID = 'demo-vendor';
/** When the demo's vendor was made (its settings' and audit entity's date). */
export const DEMO_VENDOR_CREATED_AT = '2024-01-01T00:00:00.000Z';
/** When the demo's data begins: its sample account, built-in roles and permissions were made then. */
export const DEMO_CREATED_AT = '2026-01-01T00:00:00.000Z';
/** The sample account, the demo people's. */
export const DEMO_TENANT_ID = 'demo-tenant';

/**
 * A uuid fixed by `name`, for the rows the demo seeds: the same on every page load (whether or not
 * a call that seeded them stored them), as the server's ids are uuids.
 */
export function seededId(name: string): string {
  let hex = '';
  for (let seed = 1; hex.length < 32; seed += 1) {
    let hash = 0x811c9dc5 ^ seed;
    for (const c of name) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
    hex += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
/** A built-in role's id (the server's are random: read them by key). */
export const builtInRoleId = (key: string) => seededId(`role:${key}`);

/** The sample data: the account, its people and their memberships, the sample sub-accounts. */
export function seedDemoDatabase(): DemoDatabase {
  const home = { id: DEMO_TENANT_ID, name: 'Demo Company', createdAt: DEMO_CREATED_AT };
  const subAccount = (id: string, name: string, parentTenantId: string) =>
    newTenantRow({
      vendorId: DEMO_VENDOR_ID,
      id,
      name,
      parentTenantId,
      createdAt: '2026-02-01T00:00:00.000Z',
    });
  const tenants = [
    newTenantRow({ vendorId: DEMO_VENDOR_ID, ...home }),
    subAccount('demo-europe', 'Demo Company Europe', home.id),
    subAccount('demo-paris', 'Demo Company Paris', 'demo-europe'),
    subAccount('demo-berlin', 'Demo Company Berlin', 'demo-europe'),
    // Enough stores for the all-accounts page to load more than one page of 50.
    ...Array.from({ length: 55 }, (_, i) =>
      subAccount(`demo-store-${i + 1}`, `Demo Store ${String(i + 1).padStart(2, '0')}`, home.id),
    ),
  ];
  const users = DEMO_PEOPLE.map(([name, _role], index) => {
    const id = `demo-user-${index + 1}`;
    return newUserRow({
      id,
      vendorId: DEMO_VENDOR_ID,
      email: `${name.split(' ')[0]!.toLowerCase()}@auth-elements.dev`,
      name,
      passwordHash: index ? TEAMMATE_HASH : ADMIN_HASH,
      verified: true,
      activeTenantId: home.id,
      createdAt: `2026-0${index + 1}-01T00:00:00.000Z`,
      // The security centre's sample: Alan Turing's password is on the breach list (found when
      // he signed in, once, long ago: an inactive member); the other two never signed in.
      ...(id === 'demo-user-3'
        ? { breachedPasswordAt: '2026-03-02T09:00:00.000Z', lastLogin: '2026-03-02T09:00:00.000Z' }
        : {}),
    });
  });
  const memberships: Array<[userId: string, tenantId: string, role: string, accessAllowed?: false]> = [
    ...DEMO_PEOPLE.map(([, role], index): [string, string, string] => [
      `demo-user-${index + 1}`,
      home.id,
      role,
    ]),
    ['demo-user-1', 'demo-europe', 'Admin'],
    ['demo-user-1', 'demo-paris', 'Admin'],
    ['demo-user-2', 'demo-paris', 'Editor'],
    ['demo-user-3', 'demo-paris', 'Viewer', false],
  ];
  const membershipId = (userId: string, tenantId: string) => seededId(`membership:${tenantId}/${userId}`);
  const tables = {
    [TENANTS.name]: tenants,
    [USERS.name]: users,
    [MEMBERSHIPS.name]: memberships.map(([userId, tenantId, , accessAllowed = true]) => ({
      id: membershipId(userId, tenantId),
      userId,
      tenantId,
      // Joined when the account was made: the sample account first in a person's accounts list.
      createdAt: tenants.find((t) => t.id === tenantId)!.createdAt,
      invitationPending: false,
      accessAllowed,
      scimConfigurationId: null,
    })),
    [MEMBERSHIP_ROLES.name]: memberships.map(([userId, tenantId, role]) => ({
      membershipId: membershipId(userId, tenantId),
      roleId: builtInRoleId(role),
    })),
  };
  return { tables, session: null };
}

/** The stored users, rows of `users`. */
export const userRows = (db: DemoDatabase): readonly UserRow[] => storedRows(db.tables, USERS);

/** The stored row of the user of this id, if any. */
export const userById = (db: DemoDatabase, id: unknown): UserRow | undefined =>
  userRows(db).find((user) => user.id === id);

/** The stored row of the user of this email, trimmed and case aside (as the server's `lower(email)`), if any. */
export const userByEmail = (db: DemoDatabase, email: string): UserRow | undefined =>
  userRows(db).find((user) => user.email.toLowerCase() === normalizeEmail(email));

/** Writes `changes` to the stored row of the user of this id; the row, if any. */
export function updateUser(db: DemoDatabase, id: string, changes: Partial<UserRow>): UserRow | undefined {
  const row = userById(db, id);
  if (row) Object.assign(row, changes);
  if (row) noteWritten(db.tables!);
  return row;
}

/** The stored memberships, rows of `memberships`. */
const membershipRows = (db: DemoDatabase): readonly MembershipRow[] => storedRows(db.tables, MEMBERSHIPS);

/** The user of this id acting in `tenantId` (default: their active account), if any. */
export function demoUserOf(db: DemoDatabase, id: unknown, tenantId?: string): DemoUser | undefined {
  const row = userById(db, id);
  const active = tenantId ?? row?.activeTenantId ?? membershipRows(db).find((m) => m.userId === id)?.tenantId;
  return row && active ? { ...row, tenantId: active } : undefined;
}

/** The stored accounts, rows of `tenants` (core/domain/tenant-tables.ts), read as they are. */
export const tenantRows = (db: DemoDatabase): readonly TenantRow[] => storedRows(db.tables, TENANTS);

/** Every table's rows, by table name (core/demo/tables.ts keeps the domain's tables there). */
export type DemoTables = Record<string, Array<Record<string, unknown>>>;

/** The stores written to since they were read from the page's storage (each request reads anew). */
const written = new WeakSet<DemoTables>();

/** Notes that a table of `store` was written to. */
export const noteWritten = (store: DemoTables) => void written.add(store);

/** Whether a table of `store` was written to (a read that wrote: the data is stored after it too). */
export const tablesWritten = (store: DemoTables | undefined): boolean => !!store && written.has(store);

/** The stored rows of `spec`, read as they are (where the demo cannot wait: its session check). */
export const storedRows = <R>(store: DemoTables | undefined, spec: TableSpec<R>): readonly R[] =>
  (store?.[spec.name] ?? []) as R[];

/**
 * The flags' values in demo mode: its own values under its stored flags (rows of `feature_flags`,
 * read as the server reads them: core/domain/feature-flags.ts), which tests write.
 */
export const demoFlagValues = (db: DemoDatabase, keys: string[] | undefined, context: FlagContext) =>
  evaluateDemoFlags(keys, storedFlagValues(storedRows(db.tables, FEATURE_FLAGS), context));
