/**
 * Demo mode's sign-in methods (issue 15) as its sign-in reads them: the application's are the
 * local ones, the demo settings' `authStrategy` first, passkeys as the public policy has them; an
 * account's own choice is its stored row (core/domain/sign-in-method-tables.ts, read here without
 * the tables' store: the first chunk's byte budget). The administrator's save is the shared
 * repository's (core/domain/sign-in-method-handlers.ts, over core/demo/platform.ts).
 */
import type { SignInMethodPorts } from '../domain/sign-in-methods';
import { accountChoiceOf, TENANT_SIGN_IN_METHODS } from '../domain/sign-in-method-tables';
import { DEMO_POLICY, storedRows, type DemoDatabase } from './data';

/** An account's own choice from its stored row; the application's methods from demo mode's settings. */
export const demoSignInMethodPorts = (db: DemoDatabase): SignInMethodPorts => ({
  vendor: async () => ({
    authStrategy: db.settings?.authStrategy ?? DEMO_POLICY.authStrategy ?? null,
    main: null,
    passkeys: !!DEMO_POLICY.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive),
  }),
  ofAccount: async (tenantId) =>
    accountChoiceOf(storedRows(db.tables, TENANT_SIGN_IN_METHODS).find((r) => r.tenantId === tenantId)),
});
