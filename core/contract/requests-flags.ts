/**
 * Feature flags' request schema (server/routes/featureFlags.ts; the demo: core/demo/backend.ts), by
 * `METHOD path` as in core/contract/requests.ts: the evaluation of named flags for a context. A
 * bodiless POST (the kit sends none when there is nothing to say) is `{}` on both backends, checked
 * like any other.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

const flagKey = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const FLAG_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  'POST /flags/api/v1/evaluate': {
    body: s.strictObject({
      keys: { type: 'array', items: flagKey, maxItems: 100 },
      context: s.strictObject({
        anonymous: { type: 'boolean' },
        userId: { type: 'string', maxLength: 100 },
        tenantId: { type: 'string', maxLength: 100 },
        attributes: { type: 'object', maxProperties: 50 },
      }),
    }),
  },
  // The vendor's switch (server/routes/featureFlags.ts); the demo has no vendor administrator.
  'PUT /flags/api/v1/flags/:key': {
    body: s.strictObject({ enabled: { type: 'boolean' } }, ['enabled']),
  },
};
