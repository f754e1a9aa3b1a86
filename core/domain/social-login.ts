/**
 * Social login's buttons (spec 000 §3 "Social login config"), written once for both backends: the
 * active providers as the backend lists them (the server's configured providers with their
 * authorization address, demo mode's stand-in provider), in each shape the kit and the client SDK
 * read.
 */
import { answer, type PublicHandlers } from './handlers';

/** What the kit needs of a provider to draw its button (the rest of the server's answer passes through). */
interface SocialProviderButton {
  type: string;
  clientId: string;
  redirectUrl: string;
  active: boolean;
}

interface SocialProviderPorts {
  /** The active providers, built-in or custom ones. */
  list(custom: boolean): Promise<SocialProviderButton[]>;
}

export const SOCIAL_PROVIDER_HANDLERS: PublicHandlers<SocialProviderPorts> = {
  getSsoV2: async (p) => answer(await p.list(false)),
  // The access check has found the bearer's user: the same list.
  getSsoAuthenticated: async (p) => answer(await p.list(false)),
  // The client SDK's v1 read of the same list.
  getSsoV1: async (p) =>
    answer(
      (await p.list(false)).map(({ type, clientId, redirectUrl, active }) => ({
        type,
        clientId,
        redirectUrl,
        active,
      })),
    ),
  getSsoCustom: async (p) => answer({ providers: await p.list(true) }),
};
