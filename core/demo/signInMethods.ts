/**
 * Demo mode's sign-in methods (issue 15), answering like the reference server
 * (server/routes/sign-in-methods.ts, server/domain/sign-in-methods.ts): the application's methods
 * (every local method, the demo settings' `authStrategy` first, passkeys on), an account's own
 * choice within them (PUT and DELETE on the signed-in read's path, fe.secure.write.securityPolicy),
 * the same checks and messages. Demo mode stores and answers them; the server enforces them.
 * The application-wide save and the captcha policy are a vendor administrator's: the demo has
 * none and refuses them (403) as the server refuses everyone else; its captcha policy is off.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { DEMO_POLICY, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';

type Json = Record<string, unknown>;
type Handler = (db: DemoDatabase, request: { body: Json; token: string | null }) => Answer;

const LOCAL = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'];
const NO_LOCAL = 'NoLocalAuthentication';

interface Methods {
  main: string[];
  passkeys: boolean;
}

function applicationMethods(db: DemoDatabase): Methods {
  const first = db.settings?.authStrategy ?? DEMO_POLICY.authStrategy ?? 'EmailAndPassword';
  return {
    main: [first, ...LOCAL.filter((m) => m !== first)],
    passkeys: !!DEMO_POLICY.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive),
  };
}

function accountMethods(db: DemoDatabase, tenantId: string): Methods {
  const application = applicationMethods(db);
  const own = db.signInMethods?.[tenantId];
  const main = own?.main.filter((m) => m === NO_LOCAL || application.main.includes(m)) ?? [];
  if (!own || main.length === 0) return application;
  return { main, passkeys: own.passkeys && application.passkeys && !main.includes(NO_LOCAL) };
}

/** The public methods read of an account's sign-in address (core/demo/loginAlias.ts). */
export const accountStrategies = (db: DemoDatabase, tenantId: string) => answer(accountMethods(db, tenantId));

const answer = ({ main, passkeys }: Methods) => ({
  mainAuthStrategies: main.map((strategy) => ({ strategy })),
  secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: passkeys }],
});

/** The server's checks of a save, with its messages (the schema is checked before, as there). */
function problem(body: Json, application: Methods): SignInMethodsRefusal | null {
  const main = [
    ...new Set(((body.mainAuthStrategies as Array<{ strategy: string }>) ?? []).map((s) => s.strategy)),
  ];
  const secondary = (body.secondaryAuthStrategies as Array<{ strategy: string; isActive: boolean }>) ?? [];
  const passkeys = secondary.some((s) => s.strategy === 'Passkeys' && s.isActive);
  if (secondary.some((s) => s.isActive && s.strategy !== 'Passkeys')) return 'SIGN_IN_SECONDARY_UNSUPPORTED';
  if (main.length === 0) return 'SIGN_IN_METHODS_EMPTY';
  if (main.includes(NO_LOCAL)) {
    if (main.length > 1) return 'SIGN_IN_NO_LOCAL_ALONE';
    if (passkeys) return 'SIGN_IN_NO_LOCAL_PASSKEYS';
  }
  if (
    main.some((m) => m !== NO_LOCAL && !application.main.includes(m)) ||
    (passkeys && !application.passkeys)
  )
    return 'SIGN_IN_METHOD_VENDOR_OFF';
  // The demo's accounts have no SSO connection of their own.
  if (main.includes(NO_LOCAL)) return 'SIGN_IN_NO_LOCAL_NEEDS_SSO';
  return null;
}

type SignInMethodsRefusal =
  | 'SIGN_IN_SECONDARY_UNSUPPORTED'
  | 'SIGN_IN_METHODS_EMPTY'
  | 'SIGN_IN_NO_LOCAL_ALONE'
  | 'SIGN_IN_NO_LOCAL_PASSKEYS'
  | 'SIGN_IN_METHOD_VENDOR_OFF'
  | 'SIGN_IN_NO_LOCAL_NEEDS_SSO';

/** The routes, for core/demo/backend.ts's table (the access check, from each descriptor, ran before). */
export function demoSignInMethodRoutes(deps: {
  userOf: (db: DemoDatabase, token: string | null) => DemoUser | null;
}): DemoRoutes<Handler> {
  const signedIn =
    (handler: (db: DemoDatabase, user: DemoUser, body: Json) => Answer): Handler =>
    (db, request) => {
      const user = deps.userOf(db, request.token);
      return user ? handler(db, user, request.body) : fail('UNAUTHORIZED');
    };
  return {
    getConfigurationsAuthStrategiesPublic: (db) => ok(answer(applicationMethods(db))),
    getConfigurationsAuthStrategies: signedIn((db, user) => ok(answer(accountMethods(db, user.tenantId)))),
    putConfigurationsAuthStrategies: signedIn((db, user, body) => {
      const refused = problem(body, applicationMethods(db));
      if (refused) return fail(refused);
      const main = [
        ...new Set((body.mainAuthStrategies as Array<{ strategy: string }>).map((s) => s.strategy)),
      ];
      const passkeys = (
        body.secondaryAuthStrategies as Array<{ strategy: string; isActive: boolean }> | undefined
      )?.some((s) => s.strategy === 'Passkeys' && s.isActive);
      (db.signInMethods ??= {})[user.tenantId] = { main, passkeys: !!passkeys };
      return ok(answer(accountMethods(db, user.tenantId)), true);
    }),
    // The application's settings are a vendor administrator's: the demo has none, so it refuses
    // them as the server refuses everyone else.
    putConfigurationsAuthStrategiesVendor: signedIn(() => fail('SIGN_IN_METHODS_VENDOR_ONLY')),
    getConfigurationsCaptchaPolicy: signedIn(() => fail('CAPTCHA_VENDOR_ONLY')),
    putConfigurationsCaptchaPolicy: signedIn(() => fail('CAPTCHA_VENDOR_ONLY')),
    deleteConfigurationsAuthStrategies: signedIn((db, user) => {
      if (db.signInMethods) delete db.signInMethods[user.tenantId];
      return ok(answer(accountMethods(db, user.tenantId)), true);
    }),
  };
}
