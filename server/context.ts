/**
 * What every route module receives: the database and the domain services, built once per server.
 */
import type { Delivery } from './delivery/types';
import type { AuthService } from './domain/auth';
import type { ResolvedConnectivityOptions } from './domain/connectivity-worker';
import type { MfaService } from './domain/mfa';
import type { SecretBox } from './domain/mfa-crypto';
import type { PasswordHasher } from './domain/passwords';
import type { TokenService } from './domain/tokens';
import type { CookieSettings } from './http/cookies';
import type { ResolvedOptions } from './options';
import type { Database } from './storage/database';

export interface AppContext {
  db: Database;
  tokens: TokenService;
  hasher: PasswordHasher;
  auth: AuthService;
  options: ResolvedOptions;
  cookies: CookieSettings;
  /** Email and SMS: SMTP / webhook when configured, else the development outbox table. */
  delivery: Delivery;
  /** Multi-factor authentication and passkeys (domain/mfa.ts). */
  mfa: MfaService;
  /** Seals stored secrets with the server key (MFA seeds, webhook secrets, Slack webhook URLs). */
  secretBox: SecretBox;
  /** Connectivity's delivery settings (domain/connectivity-worker.ts). */
  connectivity: ResolvedConnectivityOptions;
}
