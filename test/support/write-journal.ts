// "Nothing written": a journal of every row any statement inserts, changes or deletes, for tests
// that must show a refused call wrote nothing (server/permission-matrix.test.ts).
import type { Database } from '../../server/storage/database';

/** What the journal tells: its last note, what was written after a note, an account's fingerprint. */
export interface WriteJournal {
  /** The journal's last note: the same after a call means the call wrote nothing. */
  mark(): Promise<number>;
  /** What was written after `mark`, e.g. "users UPDATE ×1, audits INSERT ×2". */
  since(mark: number): Promise<string>;
  /**
   * A fingerprint of the account's own rows: its tree of accounts, members, roles, groups, tokens,
   * links, sessions. Computed again only when the journal has a new note.
   */
  accountPrint(): Promise<string>;
}

/**
 * Installs row triggers on every table that note each write in `matrix_writes` (in the writing
 * transaction, so a write rolled back leaves no note). Not a write: an UPDATE that changes nothing,
 * and a session's last use, which any verified token moves forward (at most every 30 s, the
 * idle-timeout bookkeeping of domain/security-policies.ts), a refused call's too.
 */
export async function journalWrites(db: Database, tenantId: string): Promise<WriteJournal> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  await db.query('CREATE TABLE matrix_writes (id bigserial PRIMARY KEY, table_name text, op text)');
  await db.query(`CREATE FUNCTION matrix_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'last_used_at') = (to_jsonb(OLD) - 'last_used_at')
        AND (TG_TABLE_NAME = 'sessions' OR to_jsonb(NEW) = to_jsonb(OLD)) THEN
        RETURN NULL;
      END IF;
      INSERT INTO matrix_writes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  for (const { name } of tables.rows) {
    const trigger = `EXECUTE FUNCTION matrix_note_write()`;
    await db.query(`CREATE TRIGGER w AFTER INSERT OR UPDATE OR DELETE ON ${name} FOR EACH ROW ${trigger}`);
    await db.query(`CREATE TRIGGER t AFTER TRUNCATE ON ${name} FOR EACH STATEMENT ${trigger}`);
  }
  const mark = async () => {
    const sql = 'SELECT coalesce(max(id), 0)::int AS n FROM matrix_writes';
    return (await db.query<{ n: number }>(sql)).rows[0]!.n;
  };
  let printed = { mark: -1, print: '' };
  return {
    mark,
    async since(from) {
      const { rows } = await db.query<{ t: string; op: string; n: number }>(
        'SELECT table_name AS t, op, count(*)::int AS n FROM matrix_writes WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2',
        [from],
      );
      return rows.map((r) => `${r.t} ${r.op} ×${r.n}`).join(', ');
    },
    async accountPrint() {
      const now = await mark();
      if (now === printed.mark) return printed.print;
      const { rows } = await db.query<{ print: string }>(
        `WITH RECURSIVE tree(id) AS (
       SELECT $1::uuid UNION SELECT t.id FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id),
     m AS (SELECT * FROM memberships WHERE tenant_id IN (SELECT id FROM tree)),
     r AS (SELECT * FROM roles WHERE tenant_id IS NULL OR tenant_id IN (SELECT id FROM tree)),
     g AS (SELECT * FROM groups WHERE tenant_id IN (SELECT id FROM tree)),
     k AS (SELECT * FROM api_tokens WHERE tenant_id IN (SELECT id FROM tree))
     SELECT md5(coalesce(string_agg(v, '|' ORDER BY v), '')) AS print FROM (
       SELECT 't' || x::text AS v FROM tenants x WHERE x.id IN (SELECT id FROM tree)
       UNION ALL SELECT 'm' || x::text FROM m x UNION ALL SELECT 'r' || x::text FROM r x
       UNION ALL SELECT 'g' || x::text FROM g x UNION ALL SELECT 'k' || x::text FROM k x
       UNION ALL SELECT 'mr' || x::text FROM membership_roles x WHERE x.membership_id IN (SELECT id FROM m)
       UNION ALL SELECT 'u' || x::text FROM users x WHERE x.id IN (SELECT user_id FROM m)
       UNION ALL SELECT 'rp' || x::text FROM role_permissions x WHERE x.role_id IN (SELECT id FROM r)
       UNION ALL SELECT 'gr' || x::text FROM group_roles x WHERE x.group_id IN (SELECT id FROM g)
       UNION ALL SELECT 'gm' || x::text FROM group_members x WHERE x.group_id IN (SELECT id FROM g)
       UNION ALL SELECT 'kr' || x::text FROM api_token_roles x WHERE x.token_id IN (SELECT id FROM k)
       UNION ALL SELECT 'l' || x::text FROM invite_links x WHERE x.tenant_id IN (SELECT id FROM tree)
       UNION ALL SELECT 's' || x::text FROM sessions x WHERE x.tenant_id IN (SELECT id FROM tree)) a`,
        [tenantId],
      );
      printed = { mark: now, print: rows[0]!.print };
      return printed.print;
    },
  };
}
