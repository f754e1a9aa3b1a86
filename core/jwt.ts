import { jwtDecode } from 'jwt-decode';
import { MESSAGES } from './api/messages';

export interface AccessTokenClaims {
  sub: string;
  email?: string;
  name?: string;
  tenantId?: string;
  tenantIds?: string[];
  roles?: string[];
  permissions?: string[];
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

/** A token that is not a JWT. Check with `isInvalidTokenError` (core/api/errors.ts), which reads `kind`. */
export class InvalidTokenError extends Error {
  readonly kind = 'InvalidTokenError' as const;
  constructor() {
    super(MESSAGES.invalidToken);
    this.name = 'InvalidTokenError';
  }
}

/** Reads a JWT's claims without verifying it (the server verifies). Malformed: "Invalid token specified". */
export function decodeAccessToken(token: string): AccessTokenClaims {
  try {
    const claims = jwtDecode<AccessTokenClaims>(token);
    if (!claims || typeof claims !== 'object') throw new Error('not an object');
    return claims;
  } catch {
    throw new InvalidTokenError();
  }
}
