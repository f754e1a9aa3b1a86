/**
 * Schema pieces shared by the account-flow routes. Shapes are checked here so that a forged or
 * truncated value gets a clear 400 instead of reaching a query (a malformed uuid would otherwise be
 * a database error).
 */
export const userId = {
  type: 'string',
  minLength: 1,
  maxLength: 36,
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
} as const;

/** Link tokens are 43 characters; a longer value is refused, a wrong one is "invalid or expired". */
export const linkToken = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** A sign-in code as typed (spaces allowed, checked as 6 digits after trimming). */
export const code = { type: 'string', minLength: 1, maxLength: 20 } as const;
