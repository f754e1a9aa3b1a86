/**
 * The login alias port of core/domain/login-alias.ts on the server: the accounts' rows and their
 * joined members, read over the tables port (core/domain/login-alias.ts `loginAliasPortOver`).
 */
import { loginAliasPortOver, type LoginAliasPort } from '../../core/domain/login-alias';
import type { Database } from './database';
import { sqlTables } from './tables';

export const loginAliasRepository = (db: Database): LoginAliasPort => loginAliasPortOver(sqlTables(db));
