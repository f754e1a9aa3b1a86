// Sub-account creation must not tell whether an account id exists in another tenant's tree.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { bearer, login, startTestServer } from '../../test/support/server';

const SUB_TENANTS = '/frontegg/tenants/resources/sub-tenants/v1';

let server: BuiltServer;
let admin: string;
let stranger: string;

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
  // Another customer's account, outside the admin's tree.
  stranger = (
    await server.db.query<{ id: string }>(
      `INSERT INTO tenants (vendor_id, name) SELECT id, 'Somebody else' FROM vendors LIMIT 1 RETURNING id`,
    )
  ).rows[0]!.id;
});
after(() => server.close());

const create = (payload: object) =>
  server.app.inject({ method: 'POST', url: SUB_TENANTS, headers: bearer(admin), payload });

describe('sub-account ids', () => {
  it("answers the same whether a requested id is another tenant's, one of our own, or unused", async () => {
    const own = (await create({ name: 'Own' })).json().tenantId as string;
    const unused = randomUUID();
    const answers = [];
    for (const tenantId of [stranger, own, unused]) {
      const res = await create({ name: 'Probe', tenantId });
      answers.push(res.statusCode);
      assert.equal(res.statusCode, 201, res.body);
      assert.notEqual(res.json().tenantId, tenantId, 'the server chooses the id');
      assert.match(
        res.json().tenantId,
        /^[0-9a-f]{8}-[0-9a-f]{4}-[45][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    assert.deepEqual(answers, [201, 201, 201]);
    // The other tenant is untouched, and nothing was created with the probed ids.
    const { rows } = await server.db.query<{ name: string; parent_tenant_id: string | null }>(
      'SELECT name, parent_tenant_id FROM tenants WHERE id = ANY($1::uuid[]) ORDER BY name',
      [[stranger, own, unused]],
    );
    assert.deepEqual(
      rows.map((r) => r.name),
      ['Own', 'Somebody else'],
    );
    assert.equal(rows.find((r) => r.name === 'Somebody else')!.parent_tenant_id, null);
  });
});
