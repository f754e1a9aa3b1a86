import type { SocialProviderConfig } from '../api/types';

/**
 * The social login buttons to draw (spec 000 §2, §3 "Social login config"): the built-in list (v2)
 * then the custom list, keeping providers that are active and have an authorization address, each
 * provider once (the first wins). Anything else in the answers is ignored, never drawn.
 */
export function usableSocialProviders(builtIn: unknown, custom: unknown): SocialProviderConfig[] {
  const seen = new Set<string>();
  return [...(Array.isArray(builtIn) ? builtIn : []), ...(Array.isArray(custom) ? custom : [])].filter(
    (p: Partial<SocialProviderConfig> | null) => {
      if (
        !p ||
        typeof p.provider !== 'string' ||
        typeof p.authorizationUrl !== 'string' ||
        p.active === false ||
        seen.has(p.provider)
      )
        return false;
      seen.add(p.provider);
      return true;
    },
  );
}
