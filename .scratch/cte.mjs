import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.exec(`CREATE TABLE a (id int, v int); INSERT INTO a VALUES (1, 10), (2, 20); CREATE TABLE b (id int, a_id int, w int); INSERT INTO b VALUES (1,1,5),(2,1,6),(3,2,7);`);
const r = await db.query(`WITH up AS (UPDATE a SET v = v + 1 WHERE id = 1 RETURNING id, v)
  SELECT up.*, (SELECT to_json(p) FROM (WITH m AS (SELECT * FROM b WHERE b.a_id = up.id) SELECT count(*) AS n, sum(w) AS s, now() AS t FROM m) p) AS principal FROM up`);
console.log(JSON.stringify(r.rows));
