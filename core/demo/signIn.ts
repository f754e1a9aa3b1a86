/**
 * Demo mode's public settings the login box reads before anyone signs in (configurations, the
 * password's rules, the vendor, the application's addresses, SSO pre-login). Sign-in by password
 * and sign-up are public areas over demo mode's platform (core/domain/sign-in-area.ts), loaded
 * with the back office.
 */
import { contractError } from '../contract/errors';
import { SIGN_IN_SETTINGS_HANDLERS, type SignInSettingsPorts } from '../domain/sign-in-settings-handlers';
import { SSO_PRE_LOGIN_HANDLERS } from '../domain/sign-in-handlers';
import { loginAliasesOver } from '../domain/login-alias';
import { demoSignInMethodPorts } from './signInMethods';
import { DEMO_PASSWORD_POLICY, DEMO_POLICY, type DemoDatabase } from './data';
import { demoHandlers, type DemoRequest, type DemoRoutes } from './dispatch';
import { demoSsoRoute } from './hostedLogin';
import { appOrigin } from './passwordlessPorts';
import type { DemoTokens } from './sessions';
import { memoryTables } from './tables';

/** The demo's application settings: its policy, the server's default password lengths. */
export const demoSettings = (db: DemoDatabase) => ({
  ...(DEMO_POLICY as Required<typeof DEMO_POLICY>),
  ...DEMO_PASSWORD_POLICY,
  whiteLabelMode: false,
  signUpRequiresActivation: !!db.settings?.signUpRequiresActivation,
});

/** The ports of the login box's public reads (core/domain/sign-in-settings-handlers.ts) over the demo's settings. */
function signInSettingsPorts(
  db: DemoDatabase,
  request: DemoRequest,
  tokens: DemoTokens,
): SignInSettingsPorts {
  return {
    settings: async () => demoSettings(db),
    vendorName: async () => 'Auth Elements demo',
    methods: demoSignInMethodPorts(db),
    loginAlias: { port: loginAliasesOver(memoryTables((db.tables ??= {}))), alias: request.loginAlias },
    // The demo's captcha policy is off.
    captchaPolicy: async () => ({ enabled: false }),
    appUrl: appOrigin,
    async bearerAccount() {
      const user = request.token ? tokens.userOfToken(db, request.token) : null;
      if (request.token && !user) throw contractError('UNAUTHORIZED');
      return user?.tenantId ?? null;
    },
  };
}

/** The public settings of the login box and SSO pre-login. */
export function demoSignInRoutes(tokens: DemoTokens): DemoRoutes {
  return {
    ...demoHandlers(SIGN_IN_SETTINGS_HANDLERS, (db, request) => signInSettingsPorts(db, request, tokens)),
    // SSO pre-login: the demo's sample domains (core/demo/hostedLogin.ts); it answers no quiet absence.
    ...demoHandlers(SSO_PRE_LOGIN_HANDLERS, () => ({
      ssoRoute: async (domain) => demoSsoRoute(domain),
      quietAbsence: () => null,
    })),
  };
}
