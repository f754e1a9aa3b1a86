/** Routes: the account's usage (core/domain/usage.ts; spec 001 §2 page "usage", §6 fe.usage.read). */
import * as s from '../schemas';
import { perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getTenantUsage: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/usage/v1',
  access: perm('fe.usage.read', 'account'),
  // The window is the page's (30 days): nothing to ask.
  request: { querystring: s.strictObject({}) },
};
