// The SSO connections' repository (core/domain/sso-repository.ts, written once over the tables port)
// on both stores: the server's over PGlite (`sqlTables`) and demo mode's over its stored data
// (its platform's tables, core/demo/platform.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SsoConnectionRepository } from '../../core/domain/sso-connections';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { demoTables } from '../../core/demo/teamAdmin';
import { ROLES } from '../../core/domain/role-tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { ssoConnectionRepository } from '../../core/domain/sso-repository';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

interface Repos {
  repo: SsoConnectionRepository;
  /** A role the account may assign. */
  roleId: () => Promise<string>;
  /** Two roles the account may assign, by name. */
  twoRoles: () => Promise<Array<{ id: string; key: string }>>;
  /** Makes the vendor route this domain itself (its own SSO). */
  vendorRoutes: (domain: string) => Promise<void>;
}

let n = 0;
const unique = () => `sso-repo-${Date.now().toString(36)}-${(n += 1)}`;
const CALLBACKS = {
  samlCallbacks: ['http://app.test/account/saml/callback'],
  oidcRedirects: ['http://app.test/account/oidc/callback'],
};

repositorySuite<Repos>(
  'SSO connections',
  {
    pglite: (db) => ({
      repo: ssoConnectionRepository(sqlTables(db), { ...SERVER_ROW_CLOCK, ...CALLBACKS }),
      roleId: async () =>
        (await db.query<{ id: string }>('SELECT id FROM roles WHERE tenant_id IS NULL ORDER BY name LIMIT 1'))
          .rows[0]!.id,
      twoRoles: async () =>
        (
          await db.query<{ id: string; key: string }>(
            'SELECT id, key FROM roles WHERE tenant_id IS NULL ORDER BY name, id LIMIT 2',
          )
        ).rows,
      vendorRoutes: async (domain) => {
        await db.query(
          `INSERT INTO sso_domains (domain, address, idp_type) VALUES ($1, 'https://idp.test', 'saml')`,
          [domain],
        );
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      const { tables, clock } = demoPlatform(db, { now: Date.now, random: unique });
      const builtIn = () =>
        demoTables(db)
          .of(ROLES)
          .rows({ where: { tenantId: null }, orderBy: [{ by: 'name' }, { by: 'id' }], limit: 2 });
      return {
        repo: ssoConnectionRepository(tables, { ...clock, ...CALLBACKS }),
        roleId: async () => (await builtIn())[0]!.id,
        twoRoles: async () => (await builtIn()).map(({ id, key }) => ({ id, key })),
        vendorRoutes: async (domain) => {
          ((db.tables ??= {}).sso_domains ??= []).push({ domain });
        },
      };
    },
  },
  (context) => {
    const insert = (protocol: 'saml' | 'oidc', roleKeys: string[] = []) =>
      context.repos.repo.insert(context.tenantId, {
        protocol,
        type: protocol === 'saml' ? 'okta' : 'oidc',
        verification: `auth-elements-sso=${unique()}`,
        roleKeys,
      });

    test('a new connection is disabled, keyed t-{id}, listed last; an unknown id is none', async () => {
      const { repo } = context.repos;
      const id = await insert('saml');
      const found = await repo.find(context.tenantId, id);
      assert.equal(found?.key, `t-${id}`);
      assert.equal(found.protocol, 'saml');
      assert.equal(found.type, 'okta');
      assert.equal(found.enabled, false);
      assert.match(found.generatedVerification, /^auth-elements-sso=/);
      assert.deepEqual([found.domains, found.groups, found.roleIds], [[], [], []]);
      assert.equal((await repo.list(context.tenantId)).at(-1)?.id, id);
      assert.equal(await repo.find(context.tenantId, 'no-such-connection'), undefined);
    });

    test('changes of each protocol; empty entity ID and metadata address read as ""', async () => {
      const { repo } = context.repos;
      const saml = await insert('saml');
      await repo.update(context.tenantId, saml, 'saml', {
        enabled: true,
        ssoEndpoint: 'https://idp.example/sso',
        certificates: ['PEM-1', 'PEM-2'],
        idpEntityId: null,
        metadataUrl: null,
        signRequest: false,
      });
      const s = (await repo.find(context.tenantId, saml))!;
      assert.deepEqual(
        [s.enabled, s.ssoEndpoint, s.publicCertificate, s.idpEntityId, s.metadataUrl],
        [true, 'https://idp.example/sso', 'PEM-1', '', ''],
      );
      const oidc = await insert('oidc');
      await repo.update(context.tenantId, oidc, 'oidc', {
        ssoEndpoint: 'https://issuer.example',
        oidcClientId: 'client',
        sealedSecret: 'sealed',
      });
      const o = (await repo.find(context.tenantId, oidc))!;
      assert.deepEqual(
        [o.protocol, o.ssoEndpoint, o.oidcClientId, o.hasOidcSecret],
        ['oidc', 'https://issuer.example', 'client', true],
      );
    });

    test('roles: assignable ones by id, stored by key and read back as ids', async () => {
      const { repo } = context.repos;
      const roleId = await context.repos.roleId();
      const [role] = await repo.rolesOfIds(context.tenantId, [roleId]);
      assert.equal(role?.id, roleId);
      assert.deepEqual(await repo.rolesOfIds(context.tenantId, ['not-a-role']), []);
      const id = await insert('saml', [role.key]);
      assert.deepEqual((await repo.find(context.tenantId, id))?.roleIds, [roleId]);
      await repo.update(context.tenantId, id, 'saml', { roleKeys: [] });
      assert.deepEqual((await repo.find(context.tenantId, id))?.roleIds, []);
    });

    test('default roles are read by name, whatever order they were given in', async () => {
      const { repo } = context.repos;
      const [first, second] = await context.repos.twoRoles();
      const id = await insert('oidc', [second!.key, first!.key]);
      assert.deepEqual((await repo.find(context.tenantId, id))?.roleIds, [first!.id, second!.id]);
    });

    test('a domain the vendor routes is not validated; a removed connection’s domains go with it', async () => {
      const { repo } = context.repos;
      const first = (await repo.find(context.tenantId, await insert('saml')))!;
      const second = (await repo.find(context.tenantId, await insert('oidc')))!;
      const vendors = `${unique()}.example.com`;
      await context.repos.vendorRoutes(vendors);
      assert.equal(
        await repo.markValidated(first, (await repo.addDomain(context.tenantId, first, vendors))!),
        false,
      );
      const name = `${unique()}.example.com`;
      assert.equal(
        await repo.markValidated(first, (await repo.addDomain(context.tenantId, first, name))!),
        true,
      );
      const other = (await repo.addDomain(context.tenantId, second, name))!;
      assert.equal(await repo.markValidated(second, other), false);
      await repo.remove(context.tenantId, first);
      assert.equal(await repo.markValidated(second, other), true);
      assert.deepEqual((await repo.find(context.tenantId, second.id))?.domains, [
        { ...other, validated: true },
      ]);
    });

    test('domains: once per connection; validated by one connection only; removed', async () => {
      const { repo } = context.repos;
      const first = (await repo.find(context.tenantId, await insert('saml')))!;
      const second = (await repo.find(context.tenantId, await insert('saml')))!;
      const name = `${unique()}.example.com`;
      const added = (await repo.addDomain(context.tenantId, first, name))!;
      assert.deepEqual([added.domain, added.validated], [name, false]);
      assert.equal(await repo.addDomain(context.tenantId, first, name), undefined);
      const other = (await repo.addDomain(context.tenantId, second, name))!;
      assert.equal(await repo.markValidated(first, added), true);
      assert.equal(await repo.markValidated(second, other), false);
      assert.deepEqual((await repo.find(context.tenantId, first.id))?.domains, [
        { ...added, validated: true },
      ]);
      await repo.removeDomain(first, added.id);
      assert.deepEqual((await repo.find(context.tenantId, first.id))?.domains, []);
    });

    test('group mappings: added, changed, removed; a removed connection is gone', async () => {
      const { repo } = context.repos;
      const roleId = await context.repos.roleId();
      const c = (await repo.find(context.tenantId, await insert('saml')))!;
      const group = await repo.addGroup(context.tenantId, c, 'Engineers', [roleId]);
      assert.deepEqual([group.group, group.roleIds], ['Engineers', [roleId]]);
      assert.deepEqual(await repo.updateGroup(group.id, 'Admins', []), {
        id: group.id,
        group: 'Admins',
        roleIds: [],
      });
      assert.deepEqual((await repo.find(context.tenantId, c.id))?.groups, [
        { id: group.id, group: 'Admins', roleIds: [] },
      ]);
      await repo.removeGroup(group.id);
      assert.deepEqual((await repo.find(context.tenantId, c.id))?.groups, []);
      await repo.remove(context.tenantId, c);
      assert.equal(await repo.find(context.tenantId, c.id), undefined);
    });
  },
);
