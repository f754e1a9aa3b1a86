/**
 * JSON-schema building blocks of the contract's requests, shared by the reference server (Fastify
 * validates with them) and the demo backend (core/contract/validate.ts). Every string has a maximum
 * length, every object forbids unknown fields, and types are never coerced (a number is not a
 * password).
 */
import { LOCALES } from '../domain/locales';

/** RFC 5321 caps a forward path at 254 characters. */
export const email = { type: 'string', maxLength: 254, format: 'email' } as const;

/** Sign-in accepts any stored password length; the policy is enforced at sign-up. */
export const loginPassword = { type: 'string', minLength: 1, maxLength: 128 } as const;

/** Sign-up: the length rule comes from the password policy and gets its own message. */
export const newPassword = { type: 'string', maxLength: 128 } as const;

/** PostgreSQL text cannot hold U+0000: refuse it up front for anything that gets stored. */
const NO_NUL = '^[^\\u0000]*$';

/** Some text besides spaces, and no U+0000 (role, group and token names). */
export const NOT_BLANK_PATTERN = '^(?=.*\\S)[^\\u0000]*$';

export const personName = { type: 'string', minLength: 1, maxLength: 100, pattern: NO_NUL } as const;

/** Opaque tokens from other systems (reCAPTCHA, invitations). */
export const optionalToken = { type: ['string', 'null'], maxLength: 4096 } as const;

export const optionalId = { type: ['string', 'null'], maxLength: 100 } as const;

/** Optional stored text (no U+0000). */
export const optionalText = (maxLength: number) =>
  ({ type: ['string', 'null'], maxLength, pattern: NO_NUL }) as const;

export const phoneNumber = { type: ['string', 'null'], maxLength: 32, pattern: '^[+0-9 ().-]*$' } as const;

/** Free-form metadata: a JSON object, or a string holding one (the form the kit reads back). */
export const metadata = {
  anyOf: [{ type: 'string', maxLength: 10_000 }, { type: 'object', maxProperties: 100 }, { type: 'null' }],
} as const;

/** An object schema with the given properties that refuses any other field. */
export function strictObject(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

// Account flows: shapes are checked here so that a forged or truncated value gets a clear 400
// instead of reaching a query (a malformed uuid would otherwise be a database error).

const UUID_BODY = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID = `^${UUID_BODY}$`;
/** 36 hex digits and dashes (an account id in a query). */
export const LOOSE_ID_PATTERN = '^[0-9a-fA-F-]{36}$';
/** 1 to 200 ids separated by commas (the users list's `ids`). */
export const ID_LIST_PATTERN = '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,199}$';
/** 1 or more uuids separated by commas (the hierarchy metadata's `_tenantIds`). */
export const UUID_LIST_PATTERN = `^(${UUID_BODY})(,(${UUID_BODY}))*$`;
/**
 * The patterns that say "a server id" (a uuid). Ids are opaque to the client; the demo backend's
 * are not uuids, so it checks these as plain strings (core/contract/validate.ts `opaqueIds`).
 */
export const ID_PATTERNS: ReadonlySet<string> = new Set([
  UUID,
  LOOSE_ID_PATTERN,
  ID_LIST_PATTERN,
  UUID_LIST_PATTERN,
]);

/** A user id in an emailed link's body. */
export const userId = { type: 'string', minLength: 1, maxLength: 36, pattern: UUID } as const;

/** Link tokens are 43 characters; a longer value is refused, a wrong one is "invalid or expired". */
export const linkToken = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** A sign-in code as typed (spaces allowed, checked as 6 digits after trimming). */
export const code = { type: 'string', minLength: 1, maxLength: 20 } as const;

/** A role or permission key: letters, digits, dot, dash and underscore (it appears in access tokens). */
export const KEY_PATTERN = '^[A-Za-z0-9._-]+$';

/** Ids of the list and id routes (roles, groups, tokens, users). */
export const uuid = { type: 'string', pattern: UUID } as const;
export const uuidList = { type: 'array', maxItems: 200, uniqueItems: true, items: uuid } as const;
export const idParams = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: uuid } }) as const;

/** A language the kit speaks (core/domain/locales.ts), saved on a profile or an account; null clears it. */
export const locale = { type: ['string', 'null'], enum: [...LOCALES, null] } as const;
