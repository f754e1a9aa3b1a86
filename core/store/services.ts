import type { Api } from '../api';
import type { HttpClient } from '../api/http';
import type { Logger } from '../api/logger';
import type { EventBus } from '../bus';
import type { ResolvedOptions } from '../config/options';

/** What the thunks of one app use: its API, bus, options, and the timers of its session. */
export interface AuthServices {
  api: Api;
  /** The app's HTTP client, for API modules that live in lazily loaded chunks (portal pages, MFA, passkeys). */
  http?: HttpClient;
  bus: EventBus;
  options: ResolvedOptions;
  logger: Logger;
  navigate: (url: string) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** The one refresh in flight for this app, shared by every element and every caller. */
  refreshInFlight: Promise<boolean> | null;
  refreshTimer: unknown;
}
