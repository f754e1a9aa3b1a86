import { MESSAGES } from './messages';

/**
 * An error answered by the server (or the demo backend): it carries the HTTP status.
 * Two bundles may each carry a copy of this class, so check errors with `isApiError`, which reads
 * the static `kind`, never with `instanceof` alone.
 */
export class ApiError extends Error {
  readonly kind = 'ApiError' as const;
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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
  return isApiError(error) && error.message ? error.message : MESSAGES.generic;
}
