import type { ErrorCode } from './errorCodes';
import { MESSAGES } from './messages';

/**
 * An error answered by the server (or the demo backend): it carries the HTTP status and, when the
 * backend sent them, the stable codes of its messages (`codes[i]` is the code of `messages[i]`;
 * `code` is the first). The codes come from the error catalogue (core/contract/errors.ts).
 * Two bundles may each carry a copy of this class, so check errors with `isApiError`, which reads
 * the static `kind`, never with `instanceof` alone.
 */
export class ApiError extends Error {
  readonly kind = 'ApiError' as const;
  /** The code of the first message (`codes[0]`), when the answer carried codes. */
  readonly code?: ErrorCode;
  constructor(
    message: string,
    readonly status: number,
    readonly codes?: readonly string[],
    /** The messages of the answer's `errors` list, one per code (`message` is them joined). */
    readonly messages?: readonly string[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = codes?.[0] as ErrorCode | undefined;
  }
}

/**
 * A host's texts for server errors, by code (`localizations.serverErrors`, set by
 * elements/i18n/localize.ts): a string, or a function given the server's English message (for
 * messages that carry values, like "Try again in 5 minutes.").
 */
export const SERVER_ERROR_TEXTS: Record<string, string | ((message: string) => string)> = {};

/** The text of a server error: each message replaced by the host's text for its code, if any. */
function localizedServerMessage(error: ApiError): string {
  const { codes, messages } = error;
  if (!codes || !messages || codes.length !== messages.length) return error.message;
  return messages
    .map((message, index) => {
      const text = SERVER_ERROR_TEXTS[codes[index]!];
      return text === undefined ? message : typeof text === 'function' ? text(message) : text;
    })
    .join(', ');
}

export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { kind?: unknown }).kind === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/**
 * The error of an access token that is not a JWT (core/jwt.ts `InvalidTokenError`). Recognised by
 * its `kind`, like `isApiError`, so this module does not pull the JWT decoder into every bundle.
 */
export function isInvalidTokenError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'InvalidTokenError'
  );
}

/**
 * The display helper of spec 000 §8: a status-coded error shows its message, a malformed token shows
 * "Invalid token specified" (§8 "Malformed token"), anything else (a network failure, a bug) shows
 * the generic message, so nothing internal reaches the user.
 */
export function errorMessage(error: unknown): string {
  if (isInvalidTokenError(error)) return MESSAGES.invalidToken;
  return isApiError(error) && error.message ? localizedServerMessage(error) : MESSAGES.generic;
}
