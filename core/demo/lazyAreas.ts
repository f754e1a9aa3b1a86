/**
 * The demo backend's back office, loaded on first use (issue 25, the demo chunk): the page's first
 * demo chunk holds the sessions, sign-in and the profile (core/demo/backend.ts); a call no
 * eager handler answers imports core/demo/backOffice.ts during the pause the pipeline takes before
 * answering (core/demo/pipeline.ts), once, then finds its handler there by descriptor name. No
 * list of names is kept: the back office's own handlers are the list. A module that cannot be
 * loaded makes the call fail as a fetch that fails (a TypeError), which the kit shows as its
 * generic network message; the next call tries again.
 */
import type { RouteName } from '../contract/routes';
import type { DemoRoutes, Handler } from './dispatch';
import type { UserHandler } from './sessions';
import type { BackOfficeDeps } from './backOffice';

/** Imports the back office's module (tests make it fail). */
export type BackOfficeLoader = () => Promise<typeof import('./backOffice')>;

const loadBackOffice: BackOfficeLoader = () => import('./backOffice');

interface LazyAreasDeps extends BackOfficeDeps {
  /** Wraps the handlers with the bearer's user (core/demo/sessions.ts). */
  signedIn: (area: DemoRoutes<UserHandler>) => DemoRoutes;
}

/** `handlerOf(name)`: the back office's handler of a route, its module loaded on the first call. */
export function createLazyAreas({ signedIn, ...deps }: LazyAreasDeps, load = loadBackOffice) {
  let routes: Promise<DemoRoutes> | null = null;
  return {
    handlerOf(name: RouteName): Promise<Handler | undefined> {
      routes ??= load().then(
        (module) => ({
          ...signedIn(module.demoBackOfficeRoutes(deps)),
          ...module.demoPublicAreaRoutes(deps),
        }),
        (error: unknown) => {
          // Not kept: the next call loads the module again.
          routes = null;
          throw new TypeError("Failed to fetch the demo's back-office module", { cause: error });
        },
      );
      return routes.then((all) => all[name]);
    },
  };
}
