/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts over the
 * repositories written once in core/domain/security-policy-storage.ts (the server's), kept in the
 * page's storage (core/demo/tables.ts). The password sign-in applies the lockout policy
 * (core/demo/signIn.ts); demo mode knows no client address, which the rules read as "no address":
 * refused while an IP config is active, as on the server.
 */
import { securityPolicyRepositories } from '../domain/security-policy-storage';
import {
  SECURITY_POLICY_HANDLERS,
  type SecurityPolicyHandlerPorts,
} from '../domain/security-policy-handlers';
import type { SecurityPolicyPorts } from '../domain/security-policies';
import { DEMO_VENDOR_ID, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
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
export const demoSecurityPolicyPorts = (
  db: DemoDatabase,
  { now, random }: DemoClock,
): SecurityPolicyPorts => ({
  ...securityPolicyRepositories(memoryTables((db.tables ??= {})), { now, newId: random }),
  emit: async () => {},
});

/** The security page's routes (core/domain/security-policy-handlers.ts) over the caller's account's settings. */
export const demoSecurityPolicyRoutes = (clock: DemoClock) =>
  demoHandlers(SECURITY_POLICY_HANDLERS, (db): SecurityPolicyHandlerPorts => ({
    ...demoSecurityPolicyPorts(db, clock),
    globalPolicy: async () => GLOBAL_POLICY,
  }));
