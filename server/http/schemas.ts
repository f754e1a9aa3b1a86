/**
 * JSON-schema building blocks for request validation. Every string has a maximum length, every
 * object forbids unknown fields, and types are never coerced (a number is not a password).
 */

/** RFC 5321 caps a forward path at 254 characters. */
export const email = { type: 'string', maxLength: 254, format: 'email' } as const;

/** Sign-in accepts any stored password length; the policy is enforced at sign-up. */
export const loginPassword = { type: 'string', minLength: 1, maxLength: 128 } as const;

/** Sign-up: the length rule comes from the password policy and gets its own message. */
export const newPassword = { type: 'string', maxLength: 128 } as const;

/** PostgreSQL text cannot hold U+0000: refuse it up front for anything that gets stored. */
const NO_NUL = '^[^\\u0000]*$';

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
