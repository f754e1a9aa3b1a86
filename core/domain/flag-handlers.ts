/**
 * The feature flags, public (the login box reads some before anyone signs in), written once for
 * the server and demo mode (core/domain/handlers.ts): POST /flags/api/v1/evaluate is **a choice of
 * path and method** (the context travels as JSON); GET /flags is the client SDK's. What differs is
 * a port: where the flags are read and who a call that names no context is (a valid bearer's user
 * on the server, anyone in demo mode). The vendor's switches: server/routes/featureFlags.ts.
 */
import type { FlagContext } from './feature-flags';
import { answer, type PublicHandlers } from './handlers';

export interface FlagPorts {
  /** The value of each asked flag (every flag the vendor defines when `keys` is absent). */
  evaluate(keys: string[] | undefined, context: FlagContext): Promise<Record<string, boolean>>;
  /** The context of a call that names none: its valid bearer's user and account, else anyone. */
  callerContext(): Promise<FlagContext>;
}

export const FLAG_HANDLERS: PublicHandlers<FlagPorts> = {
  // Public: flags are not secrets, and the login box reads some before anyone signs in.
  postFlagsApiEvaluate: async (p, { body }) => {
    const context = (body.context as FlagContext | undefined) ?? { anonymous: true };
    return answer({ flags: await p.evaluate(body.keys as string[] | undefined, context) });
  },
  // The client SDK's featureFlags.loadFeatureFlags: every flag as "on" or "off".
  getFlags: async (p) => {
    const flags = await p.evaluate(undefined, await p.callerContext());
    return answer(Object.fromEntries(Object.entries(flags).map(([key, on]) => [key, on ? 'on' : 'off'])));
  },
};
