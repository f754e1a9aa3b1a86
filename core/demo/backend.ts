import { customDataOf, setCustomData } from '../domain/custom-data';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '../api/profile';
import type { AuthResponse, SignUpResponse, User } from '../api/types';
import { fail, failWith, ok, type Answer } from '../contract/answer';
import { contractError, contractErrors, errorBody, isContractError } from '../contract/errors';
import {
  changeAccountSettings,
  readAccountSettings,
  type AccountSettingsRepository,
} from '../domain/account-settings';
import { teamMemberOf } from '../contract/teamMember';
import { clientRequestBody, requestEntries } from '../contract/checkRequest';
import { matchRoute, routeName, type RouteDescriptor } from '../contract/routes';
import { maxInactiveSecondsOf, pageOf } from '../contract/listQuery';
import { CLIENT_USER_PRESETS } from '../contract/requests';
import { holdsPermission } from '../contract/permissions';
import { hasNeverSignedIn, INACTIVE_THRESHOLD_SECONDS, isInactiveMember } from '../contract/securityCenter';
import { DEMO_FEATURES, DEMO_PERMISSION_FEATURES } from '../entitlements/demoEntitlements';
import { decidedEntitlements } from '../entitlements/entitlements';
import { PERMISSION_CATALOGUE } from '../portal/permissionCatalogue';
import { evaluateDemoFlags } from '../featureFlags/demoFlags';
import { createDemoHostedLogin, createDemoSocialLogin, createDemoSso, demoSsoPreLogin } from './hostedLogin';
import { appOrigin, createDemoAccountFlows } from './accountFlows';
import { createDemoInvitations } from './invitations';
import { createDemoPasswordless, isDemoBreached, tooManyAttempts } from './passwordless';
import { createDemoMfa } from './mfaFlows';
import {
  DEMO_PASSWORD_MIN_LENGTH,
  DEMO_POLICY,
  seedDemoDatabase,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { demoSubAccountRoutes, listedUsers, rowExtras, tenantsOfUser } from './subAccounts';
import { demoSecurityPolicyRoutes } from './securityPolicies';
import { accountStrategies, demoSignInMethodRoutes } from './signInMethods';
import { loginAliasOf, withLoginAlias } from './loginAlias';
import { demoAuditRoutes, demoAuditsMetadata } from './audits';
import { demoAuditStreamRoutes } from './auditStreams';
import {
  accessRefusal,
  demoAuditNames,
  recordDemoAudit,
  type DemoCaller,
  type DemoRequest,
  type DemoRoutes,
  type Handler,
} from './dispatch';
import { demoSecurityCenterRoutes } from './securityCenter';
import { demoDirectoryRoutes } from './directory';
import { demoConnectivityRoutes } from './connectivity';
import { demoBillingRoutes } from './billing';
import { demoNotificationsEntity, demoReportRoutes } from './reports';
import { demoUsage } from './usage';
import { loadDemoDeliveryTexts } from './delivery';
import { demoSsoConfigRoutes } from './ssoConfig';
import { demoSamlMetadata, demoSsoLegacyRoutes } from './ssoLegacy';
import { demoHeldPermissions, demoPermissionsOf, demoRoles, demoRoleShape, demoRolesOf } from './teamAdmin';
import { demoRoleRoutes } from './teamRoles';
import { demoGroupRoutes } from './teamGroups';
import { demoTokenRoutes } from './apiTokens';

/**
 * Demo mode (spec 000 §1): the HTTP contract answered in the page from sample data, after a pause of
 * 200 to 500 ms, with no network request. State lives in localStorage so that a reload keeps the
 * demo session, as a real refresh cookie would.
 */

const DEMO_DELAY_MIN_MS = 200;
const DEMO_DELAY_MAX_MS = 500;
/** Demo access token lifetime (spec 000 §9). */
const DEMO_TOKEN_LIFETIME_SECONDS = 86400;

/** Where the demo keeps its data in localStorage (tests switch demo settings through it). */
export const STORAGE_KEY = 'auth-elements.demo.v1';

export interface DemoStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface DemoBackendOptions {
  storage?: DemoStorage;
  /** Milliseconds to wait before answering; a number, or the default 200-500 ms random pause. */
  delay?: () => number;
  now?: () => number;
  random?: () => string;
}

type Json = Record<string, unknown>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALPHABET[b % 36]).join('');

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A demo token's claims (readable by anyone: demo mode verifies nothing real), or null. */
function claimsOf(token: string): { sub?: string; exp?: number; sid?: unknown } | null {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: string;
      exp?: number;
    };
  } catch {
    return null;
  }
}

/** The user's permissions: of the roles held directly and through groups (core/demo/teamAdmin.ts). */
const permissionsOf = (user: DemoUser, db: DemoDatabase): string[] => demoPermissionsOf(db, user);

/** A second factor in the demo's MFA state (core/demo/mfaFlows.ts); a passkey alone is a first factor. */
function mfaEnrolledOf(db: DemoDatabase, user: DemoUser): boolean {
  const devices =
    (db as DemoDatabase & { mfa?: { devices: Array<{ userId: string; passkey?: boolean }> } }).mfa?.devices ??
    [];
  return devices.some((d) => d.userId === user.id && !d.passkey);
}

function profileOf(db: DemoDatabase, user: DemoUser): User {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId,
    tenantIds: [user.tenantId],
    tenants: [{ tenantId: user.tenantId, roles: demoRolesOf(db, user).map(demoRoleShape) }],
    roles: demoRolesOf(db, user).map(demoRoleShape),
    permissions: demoHeldPermissions(db, user),
    verified: true,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
    metadata: user.metadata ?? '{}',
    customData: customDataOf(user.customData),
    mfaEnrolled: mfaEnrolledOf(db, user),
    phoneNumber: user.phoneNumber ?? null,
    superUser: false,
    profilePictureUrl: user.profilePictureUrl ?? null,
    locale: user.locale ?? null,
    provider: user.provider ?? 'local',
  } satisfies User & Json as User;
}

const DEMO_ADMIN_BOX = {
  navigation: {
    roles: { visibility: 'byPermissions' },
    groups: { visibility: 'byPermissions' },
    personalApiTokens: { visibility: 'byPermissions' },
    apiTokens: { visibility: 'byPermissions' },
    webhooks: { visibility: 'byPermissions' },
    provisioning: { visibility: 'byPermissions' },
    sso: { visibility: 'byPermissions' },
    subscriptions: { visibility: 'byPermissions' },
    usage: { visibility: 'byPermissions' },
  },
};

const SORTABLE: Record<string, (u: DemoUser) => string | number | boolean> = {
  name: (u) => u.name.toLowerCase(),
  email: (u) => u.email,
  createdAt: (u) => u.createdAt,
  id: (u) => u.id,
  verified: (u) => u.verified !== false,
  isLocked: () => false,
  provider: (u) => u.provider ?? 'local',
  tenantId: (u) => u.tenantId,
};

/** A users-list row in demo mode (the server's TeamUserDto). */
function listItemOf(db: DemoDatabase, u: DemoUser) {
  const profile = profileOf(db, u);
  const pending = u.invitationPending === true;
  return {
    ...profile,
    vendorId: 'demo-vendor',
    roleIds: profile.roles.map((r) => r.id),
    verified: u.verified !== false,
    activatedForTenant: u.verified !== false && !pending,
    invitationPending: pending,
    isLocked: false,
    provider: profile.provider ?? 'local',
    managedBy: 'frontegg', // no identity provider in demo mode, so no SCIM (core/demo/directory.ts)
    ...rowExtras(db, u, profile.mfaEnrolled), // groups, mfaEnabled (core/demo/usersRows.ts)
  };
}

/** GET users v2 and v3 in demo mode: the same query rules as the server (server/routes/team-users.ts). */
function listDemoUsers(
  db: DemoDatabase,
  caller: DemoUser,
  given: Record<string, string>,
  v3 = false,
  now = Date.now(),
) {
  // The query passed the contract's schema (core/contract/requests.ts) before it got here.
  const query = { ...given };
  if (v3) {
    if (query._preset) query._preset = CLIENT_USER_PRESETS[query._preset] ?? query._preset;
    const read = maxInactiveSecondsOf(query);
    if ('error' in read) return failWith(read.error);
    if (read.seconds === undefined) delete query._maxInactiveSeconds;
    else query._maxInactiveSeconds = read.seconds;
  }
  const ids = query.ids ? query.ids.split(',') : null;
  const { sortBy, order, limit, page } = pageOf(query, 'name');
  if (v3 && query._tenantId && query._tenantId !== caller.tenantId) return fail('LIST_OTHER_ACCOUNT');
  if (v3 && query._maxInactiveSeconds && query._preset !== 'INACTIVE')
    return fail('MAX_INACTIVE_NEEDS_PRESET');
  const inactiveSeconds =
    v3 && query._preset === 'INACTIVE'
      ? Number(query._maxInactiveSeconds ?? INACTIVE_THRESHOLD_SECONDS)
      : null;
  const email = v3 ? (query._email ?? '').trim().toLowerCase() : '';
  const filter = (query._filter ?? '').trim().toLowerCase();
  const key = SORTABLE[sortBy] ?? SORTABLE.name!;
  const matching = listedUsers(db, caller, permissionsOf(caller, db), query._includeSubTenants)
    .filter((u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter))
    .filter((u) => !email || u.email.toLowerCase() === email)
    .filter((u) => !ids || ids.includes(u.id))
    .filter((u) => inactiveSeconds === null || isInactiveMember(u.lastLogin, now, inactiveSeconds))
    .filter((u) => !(v3 && query._preset === 'NEVER_SIGNED_IN') || hasNeverSignedIn(u.lastLogin))
    .filter((u) => !(v3 && query._preset === 'MFA_UNENROLLED') || !mfaEnrolledOf(db, u))
    .filter((u) => !(v3 && query._preset === 'BREACHED_PASSWORDS') || u.breachedPassword === true)
    .sort(
      (a, b) =>
        (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1) * (order === 'DESC' ? -1 : 1),
    );
  const items = matching.slice(page * limit, page * limit + limit).map((u) => listItemOf(db, u));
  return ok({
    items,
    _metadata: { totalItems: matching.length, totalPages: Math.ceil(matching.length / limit) },
  });
}

/** DELETE users v1/{id} (body null) and PUT users v1/{id}/roles in demo mode, as the server rules them. */
function changeDemoMember(db: DemoDatabase, caller: DemoUser, userId: string, body: Json | null) {
  const target = db.users.find((u) => u.id === userId && u.tenantId === caller.tenantId);
  if (userId === caller.id) return fail(body ? 'OWN_ROLES' : 'REMOVE_SELF');
  if (!target) return fail('MEMBER_NOT_FOUND');
  if (!body) {
    db.users = db.users.filter((u) => u !== target);
    return ok({}, true);
  }
  const ids = body.roleIds as string[]; // checked by the contract (core/contract/requests-team.ts)
  const roles = demoRoles(db).filter((r) => r.tenantId === null || r.tenantId === caller.tenantId);
  const keys = (ids as string[]).filter((id) => id !== '').map((id) => roles.find((r) => r.id === id)?.key);
  if (keys.some((key) => !key)) return fail('ROLES_UNKNOWN');
  target.roleKeys = keys as string[];
  return ok({ roleIds: ids.filter((id) => id !== '') }, true);
}

/** Account settings over the demo's data (the repository of core/domain/account-settings.ts). */
function demoAccountSettingsRepository(db: DemoDatabase): AccountSettingsRepository {
  const read = (tenantId: string) => {
    const tenant = db.tenants.find((t) => t.tenantId === tenantId);
    if (!tenant) return null;
    // Beside the typed fields, the date and time formats, the logo and the metadata (a JSON string).
    const saved: Record<string, string | null | undefined> = db.accountSettings?.[tenantId] ?? {};
    return {
      tenantId,
      name: tenant.name,
      address: saved.address ?? null,
      website: saved.website ?? null,
      timezone: saved.timezone ?? null,
      currency: saved.currency ?? 'USD',
      dateFormat: saved.dateFormat ?? 'DD/MM/YYYY',
      timeFormat: saved.timeFormat ?? 'HH:mm',
      logo: saved.logo ?? null,
      metadata: saved.metadata ?? '{}',
      locale: saved.locale ?? null,
      hasCustomLogin: false,
    };
  };
  return {
    get: async (tenantId) => read(tenantId),
    async update(tenantId, changes) {
      const tenant = db.tenants.find((t) => t.tenantId === tenantId);
      if (!tenant) return null;
      const { name, ...rest } = changes;
      const saved = ((db.accountSettings ??= {})[tenantId] ??= {});
      for (const [field, value] of Object.entries(rest))
        if (value !== undefined) Object.assign(saved, { [field]: value });
      if (name !== undefined) tenant.name = name;
      return read(tenantId);
    },
  };
}

function demoSessions(db: DemoDatabase) {
  if (!db.session) return [];
  const userAgent = typeof navigator === 'undefined' ? null : navigator.userAgent;
  return [
    {
      id: db.session.id,
      userAgent,
      ipAddress: null,
      createdAt: db.session.createdAt ?? new Date(0).toISOString(),
      current: true,
    },
  ];
}

/** PUT /me in demo mode: the same fields and checks as the reference server (server/routes/profile.ts). */
function updateProfile(db: DemoDatabase, user: DemoUser, body: Json) {
  // Fields, types and lengths: the contract's schema (core/contract/requests.ts), checked before.
  if (typeof body.name === 'string' && !body.name.trim()) return fail('PROFILE_NAME_EMPTY');
  if (body.metadata !== undefined && body.metadata !== null) {
    try {
      const parsed: unknown = typeof body.metadata === 'string' ? JSON.parse(body.metadata) : body.metadata;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('METADATA_NOT_OBJECT');
      user.metadata = JSON.stringify(parsed);
    } catch {
      return fail('METADATA_NOT_OBJECT');
    }
  }
  if (typeof body.name === 'string') user.name = body.name.trim();
  if (body.phoneNumber !== undefined)
    user.phoneNumber = typeof body.phoneNumber === 'string' ? body.phoneNumber.trim() || null : null;
  // One of ours or null: the contract's schema (core/contract/schemas.ts `locale`).
  if (body.locale !== undefined) user.locale = (body.locale as string | null) ?? null;
  return ok(profileOf(db, user), true);
}

/**
 * PUT /team/resources/profile/me/image/v1 in demo mode: the server's refusals (the browser's word for
 * the type, not the file's first bytes), and the picture kept as a data: address the portal shows.
 */
function uploadProfilePicture(user: DemoUser, body: Json) {
  const file = body.file as { type?: string; size?: number; dataUrl?: string } | undefined;
  if (!file?.dataUrl && !file?.size) return fail('PROFILE_IMAGE_NOT_MULTIPART');
  if (!PICTURE_TYPES.includes(file.type ?? '')) return fail('PROFILE_IMAGE_TYPE');
  if ((file.size ?? 0) > PICTURE_MAX_BYTES || !file.dataUrl) return fail('PROFILE_IMAGE_TOO_LARGE');
  user.profilePictureUrl = file.dataUrl;
  return ok(file.dataUrl, true);
}

/** A multipart body as the demo's handlers read it: its one file's type, size and data: address. */
async function demoFormBody(form: FormData): Promise<Json> {
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) return {};
  const small = file.size <= PICTURE_MAX_BYTES;
  const bytes = small ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return {
    file: {
      type: file.type,
      size: file.size,
      dataUrl: small ? `data:${file.type};base64,${btoa(binary)}` : '',
    },
  };
}

/**
 * POST impersonation v1 in demo mode, with the reference server's rules (server/domain/impersonation.ts):
 * the caller holds the impersonate permission, the target is another member of the same account
 * with no permission the caller lacks, and an impersonated session cannot impersonate again.
 */
function impersonateDemoUser(
  db: DemoDatabase,
  caller: DemoUser,
  body: Json,
  token: string | null,
  start: (db: DemoDatabase, user: DemoUser, impersonatorId?: string) => AuthResponse,
) {
  // The body passed the contract's schema (core/contract/requests.ts): `userId` (the kit) or
  // `impersonatedUserId` (the client SDK), one of the two.
  body = { ...body, userId: body.userId ?? body.impersonatedUserId };
  if (body.actorToken !== undefined && body.actorToken !== token) return fail('ACTOR_TOKEN_FOREIGN');
  const claims = JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    act?: unknown;
  };
  if (claims.act) return fail('IMPERSONATION_CHAINED');
  const held = permissionsOf(caller, db);
  if (!holdsPermission(held, 'fe.secure.write.impersonate'))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.secure.write.impersonate' });
  if (body.tenantId && body.tenantId !== caller.tenantId) return fail('IMPERSONATION_OTHER_ACCOUNT');
  if (body.userId === caller.id) return fail('IMPERSONATION_SELF');
  const target = db.users.find((u) => u.id === body.userId && u.tenantId === caller.tenantId);
  if (!target) return fail('MEMBER_NOT_FOUND');
  if (target.verified === false) return fail('IMPERSONATION_NOT_ACTIVATED');
  if (!permissionsOf(target, db).every((key) => holdsPermission(held, key)))
    return fail('IMPERSONATION_ESCALATION');
  return ok(start(db, target, caller.id), true);
}

/** The roles an admin can give in the caller's account (GET roles v1 and the client's team roles). */
function assignableDemoRoles(db: DemoDatabase, user: DemoUser) {
  return ok(
    demoRoles(db)
      .filter((r) => r.tenantId === null || r.tenantId === user.tenantId)
      .map((role) => ({
        id: role.id,
        key: role.key,
        name: role.name,
        description: role.description,
        isDefault: role.key === 'Admin' && role.tenantId === null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
}

/** `?ids=a,b` of users v3 roles and groups: the account's members among them, or an error answer. */
function demoMembersByIds(db: DemoDatabase, caller: DemoUser, ids: string | undefined) {
  const list = (ids ?? '').split(',').filter(Boolean);
  if (list.length === 0 || list.length > 200) return fail('USER_IDS_INVALID');
  return db.users.filter((u) => u.tenantId === caller.tenantId && list.includes(u.id));
}

export function createDemoBackend(config: DemoBackendOptions = {}) {
  const storage: DemoStorage = config.storage ?? globalThis.localStorage;
  const now = config.now ?? Date.now;
  const random = config.random ?? randomId;
  const delay =
    config.delay ?? (() => DEMO_DELAY_MIN_MS + Math.random() * (DEMO_DELAY_MAX_MS - DEMO_DELAY_MIN_MS));

  function load(): DemoDatabase {
    try {
      const saved = storage.getItem(STORAGE_KEY);
      if (saved) return JSON.parse(saved) as DemoDatabase;
    } catch {
      // unreadable demo data: start again from the sample data
    }
    return seedDemoDatabase();
  }
  const save = (db: DemoDatabase) => storage.setItem(STORAGE_KEY, JSON.stringify(db));

  /** A JWT-shaped demo token: readable by the kit, signed by nobody (demo mode verifies nothing real). */
  function tokenFor(db: DemoDatabase, user: DemoUser, impersonatorId?: string): AuthResponse {
    const issuedAt = Math.floor(now() / 1000);
    const claims = {
      sub: user.id,
      email: user.email,
      name: user.name,
      tenantId: user.tenantId,
      tenantIds: [user.tenantId],
      roles: demoRolesOf(db, user).map((r) => r.key),
      permissions: permissionsOf(user, db),
      type: 'userToken',
      iss: 'auth-elements-demo',
      iat: issuedAt,
      exp: issuedAt + DEMO_TOKEN_LIFETIME_SECONDS,
      ...(impersonatorId ? { act: { sub: impersonatorId } } : {}),
    };
    return {
      accessToken: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.demo`,
      expiresIn: DEMO_TOKEN_LIFETIME_SECONDS,
      expires: new Date((issuedAt + DEMO_TOKEN_LIFETIME_SECONDS) * 1000).toISOString(),
      mfaRequired: false,
    };
  }

  function startSession(db: DemoDatabase, user: DemoUser, impersonatorId?: string): AuthResponse {
    db.session = {
      id: random(),
      userId: user.id,
      refreshToken: random(),
      createdAt: new Date(now()).toISOString(),
      ...(impersonatorId ? { impersonatorId } : {}),
    };
    if (!impersonatorId) user.lastLogin = new Date(now()).toISOString();
    return tokenFor(db, user, impersonatorId);
  }

  function userOfToken(db: DemoDatabase, token: string | null): DemoUser | null {
    const claims = token ? claimsOf(token) : null;
    if (!claims?.exp || claims.exp * 1000 < now()) return null;
    return db.users.find((u) => u.id === claims.sub) ?? null;
  }

  const withUser =
    (handler: (db: DemoDatabase, user: DemoUser, request: DemoRequest) => ReturnType<Handler>): Handler =>
    (db, request) => {
      const user = userOfToken(db, request.token);
      return user ? handler(db, user, request) : fail('UNAUTHORIZED');
    };

  // Password reset, activation and the demo outbox (core/demo/accountFlows.ts).
  const accountFlows = createDemoAccountFlows({
    startSession,
    random,
    now,
    lockedFor: (db, email) => passwordless.lockedFor(db, email),
    recordFailure: (db, email) => passwordless.recordFailure(db, email),
    clearFailures: (db, email) => passwordless.clearFailures(db, email),
    tooManyAttempts,
  });
  // Invitations, invite link (core/demo/invitations.ts).
  const invitations = createDemoInvitations({
    random,
    now,
    sendEmail: accountFlows.sendEmail,
    sendChoosePassword: accountFlows.sendChoosePassword,
    permissionsOf,
    listItem: listItemOf,
  });
  const invitationRoutes: DemoRoutes = Object.fromEntries(
    Object.entries(invitations.routes).map(([key, handler]) => [
      key,
      (db: DemoDatabase, request: DemoRequest) => handler!(db, request, userOfToken(db, request.token)),
    ]),
  );
  // Passwordless sign-in, reset phone number, rate limit, breach sample (core/demo/passwordless.ts).
  const passwordless = createDemoPasswordless({ startSession, random, now });
  const demoMfa = createDemoMfa({ startSession, userOfToken, random, now });

  // Bodies and queries passed the contract's schemas (core/contract/requests.ts) before a handler runs.
  const ssoPreLogin: Handler = (_db, { body }) =>
    demoSsoPreLogin(body.email as string) ?? fail('SSO_NOT_CONFIGURED');
  const routes: DemoRoutes = {
    ...accountFlows.routes,
    // Hosted login, social login and SSO (core/demo/hostedLogin.ts).
    ...createDemoHostedLogin({ tokenFor, random, now }),
    ...createDemoSocialLogin({ startSession, secondFactor: demoMfa.gate, random, now }),
    ...createDemoSso({ startSession, secondFactor: demoMfa.gate, random, now }),
    ...passwordless.routes,
    ...invitationRoutes,
    // MFA at sign-in and in the account, passkeys (core/demo/mfaFlows.ts).
    ...demoMfa.routes,
    getUsersV3: withUser((db, user, { query }) => listDemoUsers(db, user, query, true, now())),
    getConfigurationsPublic: (db) =>
      ok({
        ...DEMO_POLICY,
        ...(db.settings?.authStrategy ? { authStrategy: db.settings.authStrategy } : {}),
      }),
    // The sign-in methods: the client SDK's reads and our save (core/demo/signInMethods.ts).
    ...demoSignInMethodRoutes({ userOf: userOfToken }),
    getConfigurationsPassword: () =>
      ok({
        allowPassphrases: false,
        minLength: DEMO_PASSWORD_MIN_LENGTH,
        maxLength: 128,
        minPhraseLength: DEMO_PASSWORD_MIN_LENGTH,
        minOptionalTestsToPass: 0,
      }),
    getConfigurationsCaptchaPolicyPublic: () => ok({ enabled: false }),
    getTeamSsoConfigurationsPublic: () => ok({ isActive: true }),
    getSsoAuthenticated: withUser((db, _user, request) => routes.getSsoV2!(db, request)),
    // Public (read before sign-in): the application's addresses; the account only for a signed-in caller.
    getTenantsAccountSettingsPublic: (db, { token }) => {
      const user = token ? userOfToken(db, token) : null;
      if (token && !user) return fail('UNAUTHORIZED');
      const applicationUrl = appOrigin();
      return ok({
        ...(user ? { tenantId: user.tenantId } : {}),
        applicationUrl,
        loginUrl: new URL('/account/login', applicationUrl).href,
      });
    },
    getUsersPasswordsConfig: () => ok({ minLength: DEMO_PASSWORD_MIN_LENGTH, maxLength: 128 }),
    getVendorsPublic: () => ok({ name: 'Auth Elements demo', logo: '', icon: '', whiteLabelMode: false }),
    postAuthUserSsoPrelogin: ssoPreLogin,
    postAuthUserSamlPrelogin: ssoPreLogin,
    postAuthUser: (db, { body }) => {
      const locked = passwordless.lockedFor(db, body.email as string);
      if (locked) return failWith(tooManyAttempts(locked));
      const user = db.users.find((u) => u.email.toLowerCase() === (body.email as string).toLowerCase());
      if (!user || user.password !== body.password) {
        passwordless.recordFailure(db, body.email as string);
        return { ...fail('CREDENTIALS_INCORRECT'), save: true };
      }
      passwordless.clearFailures(db, body.email as string);
      const mfa = demoMfa.gate(db, user);
      if (mfa) return ok(mfa, true);
      const answer: AuthResponse = startSession(db, user);
      if (isDemoBreached(body.password as string)) answer.isBreachedPassword = true;
      return ok(answer, true);
    },
    postAuthUserTokenRefresh: (db) => {
      const user = db.session && db.users.find((u) => u.id === db.session!.userId);
      if (!user) return fail('SESSION_EXPIRED');
      db.session!.refreshToken = random();
      return ok(tokenFor(db, user, db.session!.impersonatorId), true);
    },
    postAuthLogout: (db) => {
      db.session = null;
      return ok({}, true);
    },
    postUsersSignUp: (db, { body }) => {
      const password = body.password as string;
      if (password.length < DEMO_PASSWORD_MIN_LENGTH) return fail('PASSWORD_TOO_SHORT', { n: 8 });
      if (isDemoBreached(password)) return fail('PASSWORD_BREACHED');
      // Sign-up through an invite link joins that account, with no role (like the server).
      const joining = body.invitationToken ? invitations.signUpTenant(db, body.invitationToken) : null;
      if (joining && 'status' in joining) return joining;
      const email = (body.email as string).trim();
      if (db.users.some((u) => u.email.toLowerCase() === email.toLowerCase())) return fail('USER_EXISTS');
      const name =
        typeof body.name === 'string' && body.name.trim() ? body.name.trim() : email.split('@')[0]!;
      const tenantId = joining ? joining.tenantId : random();
      const companyName =
        typeof body.companyName === 'string' && body.companyName.trim()
          ? body.companyName.trim()
          : `${name}'s account`;
      if (!joining)
        db.tenants.push({
          id: tenantId,
          tenantId,
          name: companyName,
          isReseller: false,
          metadata: '{}',
          vendorId: 'demo-vendor',
          createdAt: new Date(now()).toISOString(),
        });
      const user: DemoUser = {
        id: random(),
        email,
        name,
        password,
        tenantId,
        roleKeys: joining ? [] : ['Admin'],
        createdAt: new Date(now()).toISOString(),
      };
      db.users.push(user);
      if (db.settings?.signUpRequiresActivation) {
        // Like the server: not signed in, an activation link by email.
        user.verified = false;
        accountFlows.sendActivation(db, user);
        return ok(
          {
            shouldActivate: true,
            userId: user.id,
            tenantId,
            user: profileOf(db, user),
          } satisfies SignUpResponse,
          true,
        );
      }
      const answer: SignUpResponse = {
        shouldActivate: false,
        userId: user.id,
        tenantId,
        user: profileOf(db, user),
        authResponse: startSession(db, user),
      };
      return ok(answer, true);
    },
    getUsersMe: withUser((db, user) => ok(profileOf(db, user))),
    putUsersMe: withUser((db, user, { body }) => updateProfile(db, user, body)),
    putTeamProfileMeImage: withUser((_db, user, { body }) => uploadProfilePicture(user, body)),
    postUsersPhone: withUser((db, user, { body }) =>
      db.session?.impersonatorId
        ? fail('IMPERSONATING_NOT_AVAILABLE')
        : passwordless.startPhoneVerification(db, user, body),
    ),
    postUsersPhoneVerify: withUser((db, user, { body }) =>
      db.session?.impersonatorId
        ? fail('IMPERSONATING_NOT_AVAILABLE')
        : passwordless.finishPhoneVerification(db, user, body),
    ),
    postUsersPasswordsChange: withUser((db, user, { body }) =>
      accountFlows.changePassword(db, user, body, Boolean(db.session?.impersonatorId)),
    ),
    getUsersV2: withUser((db, user, { query }) => listDemoUsers(db, user, query)),
    getRolesV1: withUser(assignableDemoRoles),
    // The client SDK's users page (teams): roles, and a member's roles set from the row it sends back.
    getTeamRoles: withUser((db, user) => {
      const answer = assignableDemoRoles(db, user);
      if (answer.status !== 200) return answer;
      // ITeamUserRole: `description` a string ('' for a role without one), as on the server.
      const roles = answer.body as Array<{ description: string | null }>;
      return ok(roles.map((role) => ({ ...role, description: role.description ?? '' })));
    }),
    // users.GetUserJwt (server/routes/users.ts): a token of the session for one of the user's accounts.
    postUsersMeToken: withUser((db, user, { body }) => {
      if (db.session?.impersonatorId) return fail('IMPERSONATION_STAYS');
      if (body.tenantId !== user.tenantId) return fail('NOT_ACCOUNT_MEMBER');
      const { accessToken, expires, expiresIn } = tokenFor(db, user);
      return ok({ accessToken, expires, expiresIn });
    }),
    // teams.loadUsers and loadStats (server/routes/team-members.ts), on the users list's rules.
    getTeamMembers: withUser((db, user, { query }) => {
      const answer = listDemoUsers(db, user, {
        _offset: query.pageOffset ?? '0',
        _limit: query.pageSize ?? '20',
        _sortBy: query.sortBy ?? 'name',
        _order: query.sortDirection === 'desc' ? 'DESC' : 'ASC',
        _filter: query.searchValue ?? '',
      });
      if (answer.status !== 200) return answer;
      const { items, _metadata } = answer.body as {
        items: unknown[];
        _metadata: { totalItems: number; totalPages: number };
      };
      return ok({ items: (items as Array<ReturnType<typeof listItemOf>>).map(teamMemberOf), ..._metadata });
    }),
    getTeamStatsMembers: withUser((db, user) => {
      const members = db.users.filter((u) => u.tenantId === user.tenantId);
      const weekAgo = now() - 7 * 86_400_000;
      return ok({
        totalItems: members.length,
        addedThisWeek: members.filter((u) => Date.parse(u.createdAt) > weekAgo).length,
        superAdmins: members.filter((u) => permissionsOf(u, db).includes('fe.*')).length,
      });
    }),
    putTeamMembers: withUser(async (db, caller, { body }) => {
      const id = body.id as string; // required by the contract (core/contract/requests-team.ts)
      const changed =
        body.roleIds === undefined ? ok({}) : changeDemoMember(db, caller, id, { roleIds: body.roleIds });
      if (changed.status !== 200) return changed;
      const target = db.users.find((u) => u.id === id && u.tenantId === caller.tenantId);
      if (!target) return fail('MEMBER_NOT_FOUND');
      // customData is stored (core/domain/custom-data.ts); absent: kept.
      if (body.customData !== undefined)
        await setCustomData(
          { save: async (_tenantId, _userId, data) => ((target.customData = data), true) },
          caller.tenantId,
          id,
          body.customData as Record<string, unknown> | null,
        );
      const item = listItemOf(db, target);
      return ok(teamMemberOf({ ...item, roleIds: item.roles.map((r) => r.id) }), true);
    }),
    getUsersMeAuthorization: withUser((db, user) => {
      const profile = profileOf(db, user);
      return ok({ roles: profile.roles, permissions: profile.permissions });
    }),
    getUsersRoles: withUser((db, caller, { query }) => {
      const members = demoMembersByIds(db, caller, query.ids);
      if (!Array.isArray(members)) return members;
      return ok(
        members.map((u) => ({
          vendorId: 'demo-vendor',
          tenantId: caller.tenantId,
          userId: u.id,
          roleIds: demoRoles(db)
            .filter(
              (r) => (r.tenantId === null || r.tenantId === caller.tenantId) && u.roleKeys.includes(r.key),
            )
            .map((r) => r.id)
            .sort(),
        })),
      );
    }),
    getUsersGroups: withUser((db, caller, { query }) => {
      const members = demoMembersByIds(db, caller, query.ids);
      if (!Array.isArray(members)) return members;
      return ok(
        members.map((u) => ({
          vendorId: 'demo-vendor',
          tenantId: caller.tenantId,
          userId: u.id,
          groupIds: (db.groups ?? [])
            .filter((g) => g.tenantId === caller.tenantId && g.userIds.includes(u.id))
            .map((g) => g.id)
            .sort(),
        })),
      );
    }),
    // An admin ends a member's sessions in the account; demo mode has one session, this browser's.
    postUsersSessionsRevoke: withUser((db, caller, { body }) => {
      const held = permissionsOf(caller, db);
      const target = db.users.find((u) => u.id === body.userId && u.tenantId === caller.tenantId);
      if (!target) return fail('MEMBER_NOT_FOUND');
      if (!permissionsOf(target, db).every((key) => holdsPermission(held, key))) return fail('MEMBER_ABOVE');
      const revoked = db.session?.userId === target.id ? 1 : 0;
      if (revoked) db.session = null;
      return ok({ revoked }, true);
    }),
    getTenantsAccountSettings: withUser(async (db, user) =>
      ok(await readAccountSettings(demoAccountSettingsRepository(db), user.tenantId)),
    ),
    putTenantsAccountSettings: withUser(async (db, user, { body }) =>
      ok(await changeAccountSettings(demoAccountSettingsRepository(db), user.tenantId, body), true),
    ),
    // Demo mode has one session: this browser's.
    getUsersSessionsMe: withUser((db) => ok(demoSessions(db))),
    getUsersSessionsMeCurrent: withUser((db) => ok(demoSessions(db)[0])),
    deleteUsersSessionsMeAll: withUser(() => ok({ revoked: 0 })),
    // Demo mode's vendor metadata: the default pages, and the roles, groups and API-token pages
    // (hidden by default, spec 001 §2) shown to whoever holds their permissions.
    // The audit table's columns (core/demo/audits.ts) are the audits entity.
    getMetadata: (db, request) =>
      request.query?.entityName === 'audits'
        ? demoAuditsMetadata()
        : request.query?.entityName === 'saml'
          ? withUser((d, u) => demoSamlMetadata(d, u, permissionsOf(u, d), now, random))(db, request)
          : (demoNotificationsEntity(request.query) ?? ok({ rows: [{ configuration: DEMO_ADMIN_BOX }] })),
    // The client SDK's paths: the admin box, and the caller's address (demo mode knows none).
    getMetadataAdminBox: withUser(() =>
      ok({ rows: [{ entityName: 'adminBox', configuration: DEMO_ADMIN_BOX }] }),
    ),
    getMetadataIpme: withUser(() =>
      ok({
        ip: null,
        latitude: null,
        longitude: null,
        city: null,
        country_name: null,
        country_code: null,
        zip: null,
        location: { country_flag: null, country_flag_emoji: null },
      }),
    ),
    // Every tenant the user belongs to (sub-accounts included: core/demo/subAccounts.ts), the active one marked.
    getUsersV2MeTenants: withUser((db, user) => ok(tenantsOfUser(db, user))),
    getUsersV3MeTenants: withUser((db, user) => {
      const tenants = tenantsOfUser(db, user);
      return ok({ tenants, activeTenant: tenants.find((t) => t.tenantId === user.tenantId) ?? null }, true);
    }),
    // The client SDK's page may hold only the actor's token: sent in the body, it stands for the bearer.
    postImpersonation: (db, { body, token }) => {
      const proof = token ?? (typeof body.actorToken === 'string' ? body.actorToken : null);
      const caller = userOfToken(db, proof);
      return caller ? impersonateDemoUser(db, caller, body, proof, startSession) : fail('UNAUTHORIZED');
    },
    // Host integration: entitlements (signed in) and feature flags (public).
    getEntitlementsApiV2UserEntitlements: withUser((db, user) =>
      ok({
        permissions: permissionsOf(user, db),
        features: DEMO_FEATURES,
        permissionFeatures: DEMO_PERMISSION_FEATURES,
      }),
    ),
    // The client SDK's calls: entitlements decided by the backend, and every flag as "on" or "off".
    getEntitlementsApiV1UserEntitlements: withUser((db, user) =>
      ok(
        decidedEntitlements(
          {
            permissions: permissionsOf(user, db),
            features: DEMO_FEATURES,
            permissionFeatures: DEMO_PERMISSION_FEATURES,
          },
          [...PERMISSION_CATALOGUE.map(([key]) => key), ...Object.keys(DEMO_PERMISSION_FEATURES)],
          [...Object.values(DEMO_PERMISSION_FEATURES).flat()],
          now(),
        ),
      ),
    ),
    getFlags: (db) => {
      const flags = evaluateDemoFlags({}, db.settings?.flags);
      return ok(Object.fromEntries(Object.entries(flags).map(([key, on]) => [key, on ? 'on' : 'off'])));
    },
    postFlagsApiEvaluate: (db, { body }) => {
      // Demo settings may switch flags (tests, trying the breached-password prompt).
      const flags = evaluateDemoFlags(body, db.settings?.flags);
      return ok({ flags });
    },
  };

  // Members by id (the users page and the client SDK): read, remove, their roles, unlock.
  const memberById = (db: DemoDatabase, caller: DemoUser, id: string) =>
    db.users.find((u) => u.id === id && u.tenantId === caller.tenantId);
  const removeMember = withUser((db, caller, { params }) =>
    changeDemoMember(db, caller, params.userId!, null),
  );
  Object.assign(routes, {
    // auth.getUserById: a member of the caller's account.
    getUsersByUserId: withUser((d, caller, { params }) => {
      const target = memberById(d, caller, params.userId!);
      if (!target) return fail('MEMBER_NOT_FOUND');
      return ok({
        id: target.id,
        name: target.name,
        email: target.email,
        deletedAt: null,
        metadata: target.metadata ?? '{}',
        tenantId: target.tenantId,
        vendorId: 'demo-vendor',
        createdAt: target.createdAt,
        updatedAt: target.createdAt,
      });
    }),
    deleteUsersByUserId: removeMember,
    deleteTeamMembersByUserId: removeMember,
    putUsersByUserIdRoles: withUser((d, caller, { params, body }) =>
      changeDemoMember(d, caller, params.userId!, body),
    ),
    // The users page's Unlock (server/routes/security-policies.ts): demo mode locks no one.
    postUsersByUserIdUnlock: withUser((d, caller, { params }) =>
      memberById(d, caller, params.userId!) ? ok({ unlocked: false }) : fail('MEMBER_NOT_FOUND'),
    ),
    // The security page's policies and restrictions (core/demo/securityPolicies.ts), the audit log's.
    ...signedIn(demoSecurityPolicyRoutes({ now, random })),
    ...signedIn(demoAuditRoutes(now)),
    // Reports and notifications, audit streams, the security centre, connectivity, directory (their files).
    ...signedIn(demoReportRoutes({ now, random })),
    ...signedIn(demoAuditStreamRoutes(now, random)),
    ...signedIn(demoSecurityCenterRoutes(now)),
    ...signedIn(demoConnectivityRoutes(now, random)),
    ...signedIn(demoDirectoryRoutes({ now, random })),
    // Sub-accounts, their members, the tenant switch and custom login (core/demo/subAccounts*.ts).
    ...signedIn(demoSubAccountRoutes({ now, random })),
    // SSO connections and the legacy single-connection calls (core/demo/ssoConfig.ts, ssoLegacy.ts), billing.
    ...signedIn(demoSsoConfigRoutes({ now, random })),
    ...signedIn(demoSsoLegacyRoutes({ now, random })),
    ...signedIn(demoBillingRoutes({ now, random })),
    // Roles and permissions, groups and API tokens (core/demo/teamAdmin.ts).
    ...signedIn(demoRoleRoutes({ now, random })),
    ...signedIn(demoGroupRoutes({ now, random })),
    ...signedIn(demoTokenRoutes({ now, random })),
    getTenantUsage: withUser((d, caller, r) => demoUsage(d, caller, r, now())),
  } satisfies DemoRoutes);

  /** An area's handlers of a signed-in caller (the access check has found one), as backend handlers. */
  function signedIn(
    area: DemoRoutes<(db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>>,
  ): DemoRoutes {
    return Object.fromEntries(Object.entries(area).map(([name, handler]) => [name, withUser(handler!)]));
  }

  /** Who did an audited call: its bearer, else the sign-in's user, the session signed out, the user named. */
  function auditActor(
    db: DemoDatabase,
    route: RouteDescriptor,
    request: DemoRequest,
    answer: Answer,
    sessionUserId: string | undefined,
  ): DemoUser | null {
    const byId = (id: unknown) => db.users.find((u) => u.id === id) ?? null;
    const caller = userOfToken(db, request.token);
    if (caller) return caller;
    if (route.audit?.signOut) return byId(sessionUserId);
    const issued = (answer.body as { accessToken?: unknown } | null)?.accessToken;
    if (route.audit?.signIn && typeof issued === 'string') return userOfToken(db, issued);
    const email = typeof request.body.email === 'string' ? request.body.email.toLowerCase() : null;
    return db.users.find((u) => u.email.toLowerCase() === email) ?? byId(request.body.userId);
  }

  const callerOf =
    (db: DemoDatabase) =>
    (token: string): DemoCaller | null => {
      const user = userOfToken(db, token);
      return user ? { user, claims: claimsOf(token) ?? {} } : null;
    };

  /** Answers one request of the contract; `path` is the part after the base URL and prefix. */
  async function handle(
    method: string,
    path: string,
    sent: Json,
    token: string | null,
    query: Record<string, string> = {},
    loginAlias?: string,
  ): Promise<{ status: number; body: unknown }> {
    await new Promise((resolve) => setTimeout(resolve, delay()));
    const match = matchRoute(method, path);
    // A route the demo leaves out (its descriptor's `demo` says why) is unknown here, as any other.
    if (!match || match.route.demo) return fail('NOT_FOUND');
    const { route, params } = match;
    // The contract's request schemas, as the server validates with them (core/contract/routes),
    // after the client SDK's spelling is brought to the contract's where a route has that step.
    const body = clientRequestBody(method, path, sent) as Json;
    const refused = requestEntries(method, path, { body, query }, { opaqueIds: true, demo: true });
    if (refused) return failWith(contractErrors(refused, 400));
    const db = load();
    // The recipients' languages, so that a handler writes an email or SMS in one synchronously.
    await loadDemoDeliveryTexts(db);
    const request: DemoRequest = { method: route.method, path, body, token, query, params, loginAlias };
    const names = demoAuditNames(db, route, request);
    const sessionUserId = db.session?.userId;
    const handler = withLoginAlias(routeName(route), routes[routeName(route)], accountStrategies);
    const answer = await answerOf(
      async () =>
        accessRefusal(route, token, callerOf(db), (user) => permissionsOf(user, db)) ??
        (handler ? await handler(db, request) : null) ??
        fail('NOT_FOUND'),
    );
    const actor = route.audit ? auditActor(db, route, request, answer, sessionUserId) : null;
    const recorded = recordDemoAudit(db, route, request, answer.status, actor, names, now());
    if (answer.save || recorded) save(db);
    return { status: answer.status, body: answer.body };
  }

  /** A fetch-shaped transport for the HTTP client: strips the base URL and prefix, answers from sample data. */
  async function transport(url: string, init: RequestInit): Promise<Response> {
    const { pathname, searchParams } = new URL(url);
    // The URL is base + prefix + contract path; the route table's matcher reads the path as the
    // server registers it (behind a one-segment prefix, or at the root) and gives the contract path.
    const method = (init.method ?? 'GET').toUpperCase();
    const path = matchRoute(method, pathname)?.path ?? pathname;
    let body: Json;
    try {
      body =
        init.body instanceof FormData
          ? await demoFormBody(init.body)
          : typeof init.body === 'string' && init.body
            ? (JSON.parse(init.body) as Json)
            : {};
      if (!body || typeof body !== 'object' || Array.isArray(body)) body = {};
    } catch {
      return new Response(JSON.stringify(errorBody(contractError('INVALID_JSON'))), { status: 400 });
    }
    const token = new Headers(init.headers).get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    // Like the server (server/http/client-query.ts): the client SDK writes an undefined value as
    // the text "undefined", which means "not given".
    const query = Object.fromEntries([...searchParams].filter(([, value]) => value !== 'undefined'));
    const answer = await handle(method, path, body, token, query, loginAliasOf(init.headers));
    // A file goes out as it is: billing's invoice PDF (a Blob), the audits CSV (text).
    if (answer.body instanceof Blob)
      return new Response(answer.body, { headers: { 'content-type': answer.body.type } });
    const text = typeof answer.body === 'string';
    const type = path.includes('/csv') ? 'text/csv' : 'text/plain';
    return new Response(text ? (answer.body as string) : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': text ? `${type}; charset=utf-8` : 'application/json' },
    });
  }

  return { handle, transport, reset: () => storage.removeItem(STORAGE_KEY) };
}

/** A handler's answer; a ContractError it throws is answered as the server answers it. */
async function answerOf(run: () => Answer | Promise<Answer>): Promise<Answer> {
  try {
    return await run();
  } catch (error) {
    if (isContractError(error)) return failWith(error);
    throw error;
  }
}

let shared: ReturnType<typeof createDemoBackend> | null = null;

/** The page's demo backend as a transport (created on first use). */
export function demoTransport(url: string, init: RequestInit): Promise<Response> {
  shared ??= createDemoBackend();
  return shared.transport(url, init);
}
