import { flagContextFor, normalizeFlags, type FeatureFlagContext } from '../featureFlags/featureFlags';
import type { HttpClient } from './http';

/** **(choice of path and method)**: spec 000 §7 lists "feature flags" without a path. */
const FEATURE_FLAGS_PATH = '/flags/api/v1/evaluate';

export function createFeatureFlagsApi(http: HttpClient) {
  return {
    /**
     * Evaluates flags for a context (anonymous unless one is supplied). Without keys, every flag
     * the vendor defines is answered. A public call: it needs no token.
     */
    evaluate: async (
      keys?: string[],
      context?: FeatureFlagContext | null,
    ): Promise<Record<string, boolean>> =>
      normalizeFlags(
        await http.post<unknown>(FEATURE_FLAGS_PATH, {
          ...(keys?.length ? { keys } : {}),
          context: flagContextFor(context),
        }),
      ),
  };
}
