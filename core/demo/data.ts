import type { AuthStrategy, PublicPolicy, Tenant } from '../api/types';
import type { RoleDto } from '../domain/roles';
import type { DemoMembership } from './subAccountsData';
import { withEmail, withId } from './rows';
import type { TableSpec } from '../domain/tables';
import { newTenantRow, TENANTS, type TenantRow } from '../domain/tenant-tables';

/** Demo mode's data, kept in the page's storage; passwords are sample data too. */
export interface DemoUser {
  id: string;
  email: string;
  name: string;
  password: string;
  tenantId: string;
  roleKeys: string[];
  createdAt: string;
  lastLogin?: string;
  /** false until an account that needed activation is activated; absent means active. */
  verified?: boolean;
  phoneNumber?: string | null;
  /** A JSON string (the portal keeps address and job title there). */
  metadata?: string;
  /** Invited and not accepted yet (core/demo/invitations.ts). */
  invitationPending?: boolean;
  /** An uploaded picture as a data: address (no server serves the file). */
  profilePictureUrl?: string | null;
  customData?: Record<string, unknown> | null;
  /** A social provider's key, `saml` or `oidc`; absent: `local`. */
  provider?: string;
  /** The password is on the breach list (the security centre's sample). */
  breachedPassword?: boolean;
  locale?: string | null;
  /** Failed password sign-ins in a row (the lockout policy's count); absent: none. */
  failedSignIns?: number;
  /** When the lockout policy locked the user (until an administrator unlocks them); absent: not locked. */
  lockedAt?: string;
}

export interface DemoDatabase {
  users: DemoUser[];
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
  /** This browser's remember-device token: the server's `ae_mfa_device` cookie (core/demo/mfaFlows.ts). */
  rememberedBrowser?: string;
  // Below, absent means none or the defaults; "per account" is keyed by tenant id.
  /** The rows of the tables the domain's repositories keep (core/domain/tables.ts), by table name. */
  tables?: DemoTables;
  /** Who belongs to which account, with the ids of the roles held there (core/demo/subAccountsData.ts). */
  memberships?: DemoMembership[];
  /** Emails and SMS the demo "sent", newest first (core/demo/accountFlows.ts). */
  outbox?: DemoMessage[];
  /** Vendor settings tests switch the demo to. */
  settings?: {
    signUpRequiresActivation?: boolean;
    authStrategy?: AuthStrategy;
    mfaEnforced?: boolean;
  };
}

/** A role as the demo's readers see it (core/demo/teamAdmin.ts); tenantId null: built in (read-only). */
export type DemoRole = RoleDto;

export interface DemoMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

const DEMO_PASSWORD_MIN_LENGTH = 8;
/** The password's lengths, as the server's default policy has them. */
export const DEMO_PASSWORD_POLICY = { passwordMinLength: DEMO_PASSWORD_MIN_LENGTH, passwordMaxLength: 128 };
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
 * n-th is `demo-user-n`, joined on the first of month n, and reads mail at their first name.
 */
const DEMO_PEOPLE: Array<[name: string, role: string]> = [
  ['Demo Admin', 'Admin'],
  ['Grace Hopper', 'Editor'],
  ['Alan Turing', 'Viewer'],
  ['Katherine Johnson', 'ReadOnly'],
];

/** The demo's one vendor (a development server's too has one). */
export const DEMO_VENDOR_ID = 'demo-vendor';
/** When the demo's vendor was made (its settings' and audit entity's date). */
export const DEMO_VENDOR_CREATED_AT = '2024-01-01T00:00:00.000Z';
/** When the demo's data begins: its sample account, built-in roles and permissions were made then. */
export const DEMO_CREATED_AT = '2026-01-01T00:00:00.000Z';

export function seedDemoDatabase(): DemoDatabase {
  const tenant = {
    id: 'demo-tenant',
    vendorId: DEMO_VENDOR_ID,
    name: 'Demo Company',
    createdAt: DEMO_CREATED_AT,
  };
  const users = DEMO_PEOPLE.map(([name, role], index): DemoUser => {
    const id = `demo-user-${index + 1}`;
    return {
      id,
      email: `${name.split(' ')[0]!.toLowerCase()}@auth-elements.dev`,
      name,
      password: index ? 'demo-teammate-password' : DEMO_ADMIN.password,
      tenantId: tenant.id,
      roleKeys: [role],
      createdAt: `2026-0${index + 1}-01T00:00:00.000Z`,
      // The security centre's sample: Alan Turing's password is on the breach list (found when
      // he signed in, once, long ago: an inactive member); the other two never signed in.
      ...(id === 'demo-user-3' ? { breachedPassword: true, lastLogin: '2026-03-02T09:00:00.000Z' } : {}),
    };
  });
  // The sample account is a row of the server's `tenants` (core/domain/tenant-tables.ts).
  const tables = { [TENANTS.name]: [newTenantRow(tenant)] };
  return { tables, users, session: null };
}

/** The user of this id, if any. */
export const userById = (db: DemoDatabase, id: unknown): DemoUser | undefined =>
  db.users.find(withId(id as string));

/** The user of this email, trimmed and case aside (as the server's `lower(email)`), if any. */
export const userByEmail = (db: DemoDatabase, email: string): DemoUser | undefined =>
  db.users.find(withEmail(email));

/** The user of this id whose home is the account `tenantId`, if any. */
export const userInAccount = (db: DemoDatabase, tenantId: string, id: unknown): DemoUser | undefined =>
  db.users.find((u) => u.id === id && u.tenantId === tenantId);

/** The users whose home is the account `tenantId` (invitees too). */
export const usersOfAccount = (db: DemoDatabase, tenantId: string): DemoUser[] =>
  db.users.filter((u) => u.tenantId === tenantId);

/** The stored accounts, rows of `tenants` (core/domain/tenant-tables.ts), read as they are. */
export const tenantRows = (db: DemoDatabase): readonly TenantRow[] => storedRows(db.tables, TENANTS);

/** A stored account as the server answers it (its tenants list). */
export const tenantOfRow = (row: TenantRow): Tenant => ({
  id: row.id,
  tenantId: row.id,
  name: row.name,
  isReseller: row.isReseller,
  metadata: JSON.stringify(row.metadata),
  vendorId: row.vendorId,
  createdAt: row.createdAt,
});

/** The account of this id, if any. */
export const tenantById = (db: DemoDatabase, tenantId: string): Tenant | undefined =>
  tenantRows(db)
    .filter((t) => t.id === tenantId)
    .map(tenantOfRow)[0];

/** Stores a new account of the demo's vendor (a sign-up's, a sample sub-account). */
export function addDemoTenant(
  db: DemoDatabase,
  account: Pick<TenantRow, 'id' | 'name' | 'createdAt'> & Partial<TenantRow>,
) {
  const store = (db.tables ??= {});
  (store[TENANTS.name] ??= []).push(newTenantRow({ vendorId: DEMO_VENDOR_ID, ...account }));
  noteWritten(store);
}

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
