/**
 * Whether to offer passkeys right after a sign-in (spec 000 §4): loaded with `import()` by
 * signIn.ts only when the public policy offers passkeys. Apart from passkeyThunks.ts, which ends
 * its sign-ins in signIn.ts: no import cycle.
 */
import { createMfaApi } from '../../api/mfa';
import type { User } from '../../api/types';
import { KNOWN_FEATURE_FLAGS } from '../../featureFlags/featureFlags';
import { PASSKEYS_DONT_SHOW_AGAIN_KEY, PREFERRED_METHOD_KEY, passkeyPromptApplies } from '../../flows/mfa';
import type { AuthThunk } from './session';

function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Whether to show the passkey prompt to `user`, who has just signed in. Any failure means no prompt. */
export function shouldPromptPasskeys(user: User): AuthThunk<boolean> {
  return async (_dispatch, getState, services) => {
    const preferredMethod = readStored(PREFERRED_METHOD_KEY);
    const dontShowAgain = readStored(PASSKEYS_DONT_SHOW_AGAIN_KEY);
    const policy = getState().auth.publicPolicy;
    // The cheap conditions first: no request when the answer is already no.
    if (!passkeyPromptApplies({ flagOn: true, policy, preferredMethod, dontShowAgain, deviceCount: 0 }))
      return false;
    try {
      const flag = KNOWN_FEATURE_FLAGS.showPasskeysNew;
      const [flags, passkeys] = await Promise.all([
        services.api.featureFlags.evaluate([flag], { userId: user.id, tenantId: user.tenantId }),
        createMfaApi(services.http!).getPasskeys(),
      ]);
      return passkeyPromptApplies({
        flagOn: flags[flag] === true,
        policy,
        preferredMethod,
        dontShowAgain,
        deviceCount: passkeys.devices.length,
      });
    } catch (error) {
      services.logger.warn('Could not check whether to offer passkeys', error);
      return false;
    }
  };
}
