/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts over the
 * repositories written once in core/domain/security-policy-storage.ts (the server's), kept in the
 * page's storage (core/demo/tables.ts). The password sign-in applies the lockout policy
 * (core/demo/signIn.ts); demo mode knows no client address, which the rules read as "no address":
 * refused while an IP config is active, as on the server.
 */
import { securityPolicyPortsOver } from '../domain/security-policy-storage';
import {
  SECURITY_POLICY_HANDLERS,
  type SecurityPolicyHandlerPorts,
} from '../domain/security-policy-handlers';
import type { SecurityPolicyPorts } from '../domain/security-policies';
import { SIGN_IN_METHOD_HANDLERS } from '../domain/sign-in-method-handlers';
import { signInMethodStore } from '../domain/sign-in-method-storage';
import { DEMO_VENDOR_ID, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';
import { memoryTables } from './tables';

/** The vendor's global policy as demo mode has it (the server's answer, GET configurations/v1, but the rules' parts). */
const GLOBAL_POLICY = {
  id: DEMO_VENDOR_ID,
  allowSignups: true,
  apiTokensEnabled: true,
  cookieSameSite: 'LAX',
  defaultRefreshTokenExpiration: 2_592_000,
  defaultTokenExpiration: 86_400,
  publicKey: '',
};

/** The rules' ports over the demo's stored policies and restrictions; demo mode sends no webhooks. */
export const demoSecurityPolicyPorts = (db: DemoDatabase, { now, random }: DemoClock): SecurityPolicyPorts =>
  securityPolicyPortsOver(memoryTables((db.tables ??= {})), { now, newId: random }, async () => {});

/**
 * The security page's routes over the caller's account's settings: its policies
 * (core/domain/security-policy-handlers.ts) and its sign-in methods (sign-in-method-handlers.ts; demo
 * mode has no vendor administrator, so the captcha policy is refused as the server refuses everyone else).
 */
export const demoSecurityPolicyRoutes = ({ now, random }: DemoClock) => ({
  ...demoHandlers(SECURITY_POLICY_HANDLERS, (db): SecurityPolicyHandlerPorts => ({
    ...demoSecurityPolicyPorts(db, { now, random }),
    globalPolicy: async () => GLOBAL_POLICY,
  })),
  ...demoHandlers(SIGN_IN_METHOD_HANDLERS, (db) => ({
    // Demo mode has no vendor administrator (the save is refused first) and no SSO connection (SSO only is refused).
    ...signInMethodStore(
      memoryTables((db.tables ??= {})),
      { now, newId: random },
      {
        vendor: demoSignInMethodPorts(db).vendor,
        saveVendor: async () => {},
        federatedSignInExists: async () => false,
      },
    ),
    isVendorAdministrator: async () => false,
    captchaPolicy: async () => ({ enabled: false }),
    saveCaptchaPolicy: async () => ({ enabled: false }),
  })),
});
