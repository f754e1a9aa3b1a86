/**
 * What demo mode keeps its own way of host information and the login sessions (core/domain/platform.ts
 * `hostInfo`, `sessions`; their handlers and ports: core/domain/host-info-handlers.ts,
 * host-info-area.ts, login-sessions.ts): its defaults for the admin box, the audits entity and the
 * features, and its one session, this browser's.
 */
import { DEMO_FEATURES, DEMO_PERMISSION_FEATURES } from '../entitlements/demoEntitlements';
import type { HostInfoBackend } from '../domain/host-info-handlers';
import type { LoginSessionStore } from '../domain/login-sessions';
import { demoUserOf, type DemoDatabase } from './data';
import { demoAuditsMetadata } from './audits';
import type { DemoTokens } from './sessions';

export const demoHostInfo: HostInfoBackend = {
  // The pages the default visibility hides, shown to whoever holds their permissions (spec 001
  // §2), as on the development server (server/seed.ts); read on the portal's first call only.
  adminBox: async () => {
    const { PAGES_HIDDEN_BY_DEFAULT } = await import('../portal/pages');
    const shown = PAGES_HIDDEN_BY_DEFAULT.map((page) => [page, { visibility: 'byPermissions' }]);
    return { navigation: Object.fromEntries(shown) };
  },
  auditsMetadata: async () => demoAuditsMetadata(),
  // Every account has demo mode's bundle.
  features: async (tenantId) => ({
    features: tenantId ? DEMO_FEATURES : {},
    permissionFeatures: DEMO_PERMISSION_FEATURES,
  }),
  featureKeys: async () => Object.values(DEMO_PERMISSION_FEATURES).flat(),
};

/** The login sessions: demo mode has one session, this browser's; a token for the user's account (demo users have one). */
export function demoLoginSessions(db: DemoDatabase, tokens: Pick<DemoTokens, 'tokenFor'>): LoginSessionStore {
  const mine = (userId: string) => (db.session?.userId === userId ? db.session : null);
  return {
    list: async (userId) => {
      const session = mine(userId);
      const createdAt = session?.createdAt ?? new Date(0).toISOString();
      const lastUsedAt = session?.lastUsedAt ?? createdAt;
      const userAgent = typeof navigator === 'undefined' ? null : navigator.userAgent;
      return session ? [{ id: session.id, userAgent, ipAddress: null, createdAt, lastUsedAt }] : [];
    },
    end: async (userId, sessionId) => {
      if (mine(userId)?.id !== sessionId) return false;
      db.session = null;
      return true;
    },
    endOthers: async () => 0,
    tokenForAccount: async (caller, tenantId) =>
      tenantId === caller.tenantId ? tokens.tokenFor(db, demoUserOf(db, caller.userId)!) : null,
  };
}
