/**
 * The demo backend's handler of a route (issue 25, the demo chunk): the first chunk's own
 * (core/demo/backend.ts: the sessions, the login box's public settings, GET me), else the back
 * office's, loaded on first use: a call no eager handler answers imports core/demo/backOffice.ts
 * during the pause the pipeline takes before answering (core/demo/pipeline.ts), once, then finds
 * its handler there by descriptor name. No list of names is kept: the back office's own handlers
 * are the list. A module that cannot be loaded makes the call fail as a fetch that fails (a
 * TypeError), which the kit shows as its generic network message; the next call tries again.
 */
import type { RouteName } from '../contract/routes';
import type { DemoRoutes, Handler } from './dispatch';
import type { BackOfficeDeps } from './backOffice';

/** Imports the back office's module (tests make it fail). */
export type BackOfficeLoader = () => Promise<typeof import('./backOffice')>;

const loadBackOffice: BackOfficeLoader = () => import('./backOffice');

/** `handlerOf(name)`: the eager handler of a route, else the back office's, its module loaded on the first call. */
export function createLazyAreas(eager: DemoRoutes, deps: BackOfficeDeps, load = loadBackOffice) {
  let routes: Promise<DemoRoutes> | null = null;
  return (name: RouteName): Handler | Promise<Handler | undefined> => {
    const handler = eager[name];
    if (handler) return handler;
    routes ??= load().then(
      (module) => module.demoBackOfficeRoutes(deps),
      (error: unknown) => {
        // Not kept: the next call loads the module again.
        routes = null;
        throw new TypeError("Failed to fetch the demo's back-office module", { cause: error });
      },
    );
    return routes.then((all) => all[name]);
  };
}
