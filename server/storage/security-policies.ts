/**
 * The security policies' repositories (written once in core/domain/security-policy-storage.ts)
 * over PostgreSQL.
 */
import { securityPolicyRepositories as repositoriesOver } from '../../core/domain/security-policy-storage';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

/** The security policies' repositories over `db` (cheap: build them per call or transaction). */
export const securityPolicyRepositories = (db: Database) => repositoriesOver(sqlTables(db), SERVER_ROW_CLOCK);
