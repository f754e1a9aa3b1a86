import { ok } from '../contract/answer';
import { createDemoFederation } from './hostedLogin';
import { demoOutboxRoutes } from './passwordlessPorts';
import { demoFlagValues, seedDemoDatabase, type DemoDatabase } from './data';
import { demoHandlers, type DemoRoutes } from './dispatch';
import { createLazyAreas, type BackOfficeLoader } from './lazyAreas';
import { createDemoTokens, demoSessionRoutes, randomId } from './sessions';
import { demoSignInRoutes } from './signIn';
import { FLAG_HANDLERS } from '../domain/flag-handlers';
import { userProfileIn } from '../domain/member-grants';
import { createDemoPipeline } from './pipeline';
import { demoTables } from './teamAdmin';

/**
 * Demo mode (spec 000 §1): the HTTP contract answered in the page from sample data, after a pause of
 * 200 to 500 ms, with no network request. State lives in localStorage so that a reload keeps the
 * demo session, as a real refresh cookie would. This file holds the first chunk's handlers, by
 * descriptor name (core/demo/dispatch.ts); every other area loads on first use with the back
 * office (lazyAreas.ts); the session and tokens are sessions.ts, the request pipeline pipeline.ts.
 */

const DEMO_DELAY_MIN_MS = 200;
const DEMO_DELAY_MAX_MS = 500;

/** Where the demo keeps its data in localStorage (tests switch demo settings through it). */
export const STORAGE_KEY = 'auth-elements.demo.v6';

export type DemoStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface DemoBackendOptions {
  storage?: DemoStorage;
  /** Milliseconds to wait before answering (default: a random pause of 200 to 500 ms). */
  delay?: () => number;
  now?: () => number;
  random?: () => string;
  /** Loads the back office on first use (core/demo/lazyAreas.ts); tests make it fail. */
  loadBackOffice?: BackOfficeLoader;
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

  const tokens = createDemoTokens({ now, random });
  const routes: DemoRoutes = {
    // The demo outbox (core/demo/passwordlessPorts.ts).
    ...demoOutboxRoutes,
    // Hosted login, social login and SSO (core/demo/hostedLogin.ts).
    ...createDemoFederation({ tokenFor: tokens.tokenFor, random, now }),
    // The login box's public settings, SSO pre-login (core/demo/signIn.ts).
    ...demoSignInRoutes(tokens),
    ...demoSessionRoutes(tokens, random),
    // The feature flags (public): demo mode's values, for anyone.
    ...demoHandlers(FLAG_HANDLERS, (db) => ({
      evaluate: async (keys, context) => demoFlagValues(db, keys, context),
      callerContext: async () => ({ anonymous: true }),
    })),
    // GET me: the user as the server answers them (core/domain/member-grants.ts); their
    // authorization, the change and the picture are areas of the back office.
    getUsersMe: async (db, { caller }) =>
      ok(await userProfileIn(demoTables(db), caller!.id, caller!.tenantId)),
  };
  // Every other area (security policies, audits, reports, connectivity, billing, roles, invitations,
  // password, MFA, passkey and passwordless sign-in, sign-up...) loads on its first call.
  const handlerOf = createLazyAreas(
    routes,
    { now, random, startSession: tokens.startSession },
    config.loadBackOffice,
  );
  const { handle, transport } = createDemoPipeline({ handlerOf, tokens, load, save, delay, now });
  return { handle, transport };
}

let shared: ReturnType<typeof createDemoBackend> | null = null;

/** The page's demo backend as a transport (created on first use). */
export function demoTransport(url: string, init: RequestInit): Promise<Response> {
  shared ??= createDemoBackend();
  return shared.transport(url, init);
}
