// A signed-in caller as an area's ports read it (core/domain/platform.ts), for tests of either backend.
import type { Caller } from '../domain/platform';

/** A caller of `tenantId` holding nothing; the fields a case names override. */
export const testCaller = (fields: Pick<Caller, 'tenantId'> & Partial<Caller>): Caller => ({
  userId: '',
  permissions: [],
  byApiToken: false,
  roles: [],
  sessionId: null,
  impersonating: false,
  ip: undefined,
  ...fields,
});
