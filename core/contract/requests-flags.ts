/**
 * Feature flags' request schema (server/routes/featureFlags.ts; the demo: core/demo/backend.ts), by
 * `METHOD path` as in core/contract/requests.ts: the evaluation of named flags for a context. A
 * bodiless POST (the kit sends none when there is nothing to say) is `{}` on both backends, checked
 * like any other.
 */

export const flagKey = { type: 'string', minLength: 1, maxLength: 100 } as const;
