import type { AuditRecord } from '../api/audits';
import type { AuthStrategy, PublicPolicy, Tenant } from '../api/types';
import type { DemoSecurityPolicies } from './securityPolicies';
import type { DemoConnectivity } from './connectivity';
import type { DemoAuditStreams } from './auditStreams';
import type { ScimConfiguration } from '../api/directory';
import type { DemoSsoConnection } from './ssoConfig';
import type { DemoNotification } from './reports';
import type { StoredReport } from '../domain/reports';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';

/** Sample data of demo mode. Passwords are sample data too, kept in the page's storage. */
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
  /** The user's metadata JSON string (the portal keeps address and job title there). */
  metadata?: string;
  /** Invited and not accepted yet (core/demo/invitations.ts). */
  invitationPending?: boolean;
  /** An uploaded picture, kept as a data: address (there is no server to serve the file from). */
  profilePictureUrl?: string | null;
  /** The client SDK's ITeamUser.customData (core/domain/custom-data.ts); absent: none. */
  customData?: Record<string, unknown> | null;
  /** How the account was created (the user's `provider`): a social provider's key, `saml`, `oidc`; absent means `local`. */
  provider?: string;
  /** Signs in with a password on the breach list (the security centre's sample, core/demo/securityCenter.ts). */
  breachedPassword?: boolean;
  /** The language the user chose on the profile page (core/domain/locales.ts), or null. */
  locale?: string | null;
}

export interface DemoDatabase {
  users: DemoUser[];
  tenants: Tenant[];
  /** Refresh-token stand-in: the session the demo "cookie" points at. */
  session: {
    id: string;
    userId: string;
    refreshToken: string;
    createdAt?: string;
    impersonatorId?: string;
  } | null;
  /** Account settings per tenant id (absent: the defaults of spec 001 §3). */
  accountSettings?: Record<
    string,
    { address?: string | null; website?: string | null; timezone?: string | null; currency?: string }
  >;
  /** Emails the demo "sent" (newest first); see core/demo/accountFlows.ts. */
  outbox?: DemoMessage[];
  /** Reset and activation links the demo issued. */
  oneTimeTokens?: DemoOneTimeToken[];
  /** Every role, built-in and the account's own (absent: the built-in DEMO_ROLES; core/demo/teamAdmin.ts). */
  roles?: DemoRole[];
  groups?: DemoGroup[];
  /** Group configuration per tenant id (absent: groups and their roles on; core/demo/teamAdmin.ts). */
  groupConfigurations?: Record<string, { enabled: boolean; rolesEnabled: boolean }>;
  apiTokens?: DemoApiToken[];
  /** Security policies per tenant id (core/demo/securityPolicies.ts). */
  securityPolicies?: Record<string, DemoSecurityPolicies>;
  /** Each account's own sign-in methods (core/demo/signInMethods.ts). */
  signInMethods?: Record<string, { main: string[]; passkeys: boolean }>;
  /** Audit streams per tenant id (core/demo/auditStreams.ts). */
  auditStreams?: Record<string, DemoAuditStreams>;
  /** Webhooks, email/SMS/Slack settings per tenant id (core/demo/connectivity.ts). */
  connectivity?: Record<string, DemoConnectivity>;
  /** SCIM configurations per tenant id (core/demo/directory.ts). */
  directory?: Record<string, ScimConfiguration[]>;
  /** SSO connections per tenant id (core/demo/ssoConfig.ts). */
  ssoConnections?: Record<string, DemoSsoConnection[]>;
  /** Report schedules per tenant id (core/demo/reports.ts). */
  reports?: Record<string, StoredReport[]>;
  /** Every member's notifications (core/demo/reports.ts). */
  notifications?: DemoNotification[];
  /** Vendor settings the demo can be switched to (tests; the sample data leaves them off). */
  settings?: {
    signUpRequiresActivation?: boolean;
    authStrategy?: AuthStrategy;
    flags?: Record<string, boolean>;
    /** Force MFA enrolment for everyone (tests). */
    mfaEnforced?: boolean;
  };
  /** What was done in the demo, as the server's audit hook records it (newest first; core/demo/dispatch.ts). */
  audits?: AuditRecord[];
  /** Failed sign-in attempts per email (core/demo/passwordless.ts), like the server's attempt_counters. */
  attempts?: Record<string, { failures: number; startedAt: number }>;
  /** The account's invite link (core/demo/invitations.ts). */
  inviteLinks?: Array<{
    id: string;
    tenantId: string;
    token: string;
    expiresInMinutes: number;
    expiresAt: number;
    shouldSendEmail: boolean;
    createdAt: string;
    updatedAt: string;
  }>;
}

/** A role; tenantId null: built in (the same in every account, read-only). Permissions by key. */
export interface DemoRole {
  id: string;
  key: string;
  name: string;
  description: string | null;
  permissions: string[];
  tenantId: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface DemoGroup {
  id: string;
  tenantId: string;
  name: string;
  color: string | null;
  description: string | null;
  /** Absent: `{}` (groups stored before metadata was kept). */
  metadata?: Record<string, unknown>;
  roleIds: string[];
  userIds: string[];
  createdAt: string;
  updatedAt: string;
}
/** The secret is not kept: demo mode shows it once, like the server, and never needs it again. */
export interface DemoApiToken {
  id: string;
  type: 'user' | 'tenant';
  tenantId: string;
  userId: string | null;
  /** Who made it (absent in tokens stored before it was kept: the owner, none for the account's). */
  createdByUserId?: string;
  description: string;
  expiresInMinutes: number | null;
  roleIds: string[];
  createdAt: string;
  /** An access token (the secret is the bearer; not usable in demo mode); absent: an API token. */
  kind?: 'access';
}

export interface DemoMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

export interface DemoOneTimeToken {
  purpose:
    | 'resetPassword'
    | 'activation'
    | 'loginCode'
    | 'smsCode'
    | 'magicLink'
    | 'resetPhoneNumber'
    | 'resetPhoneNumberSession'
    | 'changePhoneNumber'
    | 'verifyPhoneSession'
    | 'verifyPhone'
    | 'invitation';
  userId: string;
  token: string;
  expiresAt: number;
  used: boolean;
  /** verifyPhoneSession: the number to set once the texted code comes back. */
  phone?: string;
  /** Wrong guesses of a code; burned at 5. */
  failures?: number;
}

export const DEMO_PASSWORD_MIN_LENGTH = 8;
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

/** Demo roles (spec 001 §3), the server's built-in ones: the demo admin holds the wildcard permission fe.*. */
export const DEMO_ROLES: Record<string, { name: string; description: string; permissions: string[] }> =
  Object.fromEntries(
    BUILT_IN_ROLES.map(({ key, name, description, permissions }) => [
      key,
      { name, description, permissions: [...permissions] },
    ]),
  );

/** Sample teammates of the demo admin, so the users page has people to manage. */
const DEMO_TEAMMATES: Array<[string, string, string, string]> = [
  ['demo-user-2', 'Grace Hopper', 'grace@auth-elements.dev', 'Editor'],
  ['demo-user-3', 'Alan Turing', 'alan@auth-elements.dev', 'Viewer'],
  ['demo-user-4', 'Katherine Johnson', 'katherine@auth-elements.dev', 'ReadOnly'],
];

export function seedDemoDatabase(): DemoDatabase {
  const tenant: Tenant = {
    id: 'demo-tenant',
    tenantId: 'demo-tenant',
    name: 'Demo Company',
    isReseller: false,
    metadata: '{}',
    vendorId: 'demo-vendor',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  return {
    tenants: [tenant],
    users: [
      {
        id: 'demo-user-1',
        email: DEMO_ADMIN.email,
        name: 'Demo Admin',
        password: DEMO_ADMIN.password,
        tenantId: tenant.tenantId,
        roleKeys: ['Admin'],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      ...DEMO_TEAMMATES.map(([id, name, email, role], index) => ({
        id,
        name,
        email,
        password: 'demo-teammate-password',
        tenantId: tenant.tenantId,
        roleKeys: [role],
        createdAt: `2026-0${index + 2}-01T00:00:00.000Z`,
        // The security centre's sample: Alan Turing's password is on the breach list (found when
        // he signed in, once, long ago: an inactive member); the other two never signed in.
        ...(id === 'demo-user-3' ? { breachedPassword: true, lastLogin: '2026-03-02T09:00:00.000Z' } : {}),
      })),
    ],
    session: null,
  };
}
