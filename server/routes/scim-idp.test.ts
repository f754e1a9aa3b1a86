// The request sequences Okta and Microsoft Entra ID (Azure AD) provisioning send, as their public
// documentation shows them, against the SCIM endpoints (routes/scim.ts); every answer is checked
// against the RFC 7643 schemas by a maintained SCIM library on the client side (SCIMMY: its User,
// Group, EnterpriseUser, ResourceType and ServiceProviderConfig definitions coerce a resource and
// throw on any attribute of the wrong type, mutability or shape) and the RFC 7644 messages
// (ListResponse, Error).
//
// Sources:
// - Okta: "Okta and SCIM Version 2.0", developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20
//   (find by `userName eq` with startIndex=1&count=100, create with a password Okta may send,
//   deactivate with `{ op: replace, value: { active: false } }`, group push: create, rename with a
//   path-less value holding id and displayName, add members, remove `members[value eq "id"]`).
// - Microsoft Entra ID: "Tutorial: Develop and plan provisioning for a SCIM endpoint",
//   learn.microsoft.com/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups
//   (userName a UPN with the enterprise extension, `Replace` in capitals, `emails[type eq "work"].value`,
//   `active` as "False", members added and removed by value with `$ref: null`,
//   `excludedAttributes=members`).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SCIMMY from 'scimmy';
import type { BuiltServer } from '../app';
import { parseFilter, ScimFilterError } from '../domain/scim-filter';
import { bearer, login, startTestServer } from '../../test/support/server';

const SCIM = '/frontegg/scim/v2';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let server: BuiltServer;
const tokens: Record<'okta' | 'azure-ad', string> = { okta: '', 'azure-ad': '' };
let validated = 0;

type Json = Record<string, unknown>;

/** Checks a resource against its RFC 7643 schema with SCIMMY (throws on a violation). */
function validateResource(resource: Json): void {
  const schemas = resource.schemas as string[];
  assert.ok(Array.isArray(schemas) && schemas.length > 0, 'schemas is a non-empty list');
  const { [ENTERPRISE]: enterprise, ...core } = resource;
  if (schemas.includes(USER)) {
    SCIMMY.Schemas.User.definition.coerce({ ...core, schemas: [USER] }, 'out');
    if (enterprise !== undefined)
      SCIMMY.Schemas.EnterpriseUser.definition.coerce(
        { ...(enterprise as Json), schemas: [ENTERPRISE], id: resource.id },
        'out',
      );
  } else if (schemas.includes(GROUP)) SCIMMY.Schemas.Group.definition.coerce(resource, 'out');
  else if (schemas.includes('urn:ietf:params:scim:schemas:core:2.0:ResourceType'))
    SCIMMY.Schemas.ResourceType.definition.coerce(resource, 'out');
  else if (schemas.includes('urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'))
    SCIMMY.Schemas.ServiceProviderConfig.definition.coerce(resource, 'out');
  else if (!schemas.includes('urn:ietf:params:scim:schemas:core:2.0:Schema'))
    assert.fail(`unknown schemas ${schemas.join()}`);
  validated += 1;
}

/** Checks a whole answer: a ListResponse, an Error, or a resource; the media type. */
function validate(status: number, body: Json, contentType: string): void {
  assert.match(contentType, /^application\/scim\+json/);
  const schemas = body.schemas as string[];
  if (status >= 400) {
    assert.deepEqual(schemas, [ERROR]);
    assert.equal(body.status, String(status));
    new SCIMMY.Messages.Error({
      status,
      ...(body.scimType ? { scimType: body.scimType } : {}),
      detail: String(body.detail),
    } as ConstructorParameters<typeof SCIMMY.Messages.Error>[0]);
    validated += 1;
    return;
  }
  if (schemas.includes(LIST)) {
    assert.equal(typeof body.totalResults, 'number');
    assert.equal(typeof body.startIndex, 'number');
    assert.equal(typeof body.itemsPerPage, 'number');
    assert.equal((body.Resources as unknown[]).length, body.itemsPerPage);
    for (const resource of body.Resources as Json[]) validateResource(resource);
    new SCIMMY.Messages.ListResponse(
      body as unknown as ConstructorParameters<typeof SCIMMY.Messages.ListResponse>[0],
    );
    return;
  }
  validateResource(body);
}

async function call(idp: keyof typeof tokens, method: string, path: string, payload?: unknown) {
  const res = await server.app.inject({
    method: method as 'GET',
    url: `${SCIM}${path}`,
    headers: {
      authorization: `Bearer ${tokens[idp]}`,
      accept: 'application/scim+json',
      ...(payload !== undefined
        ? {
            'content-type': idp === 'okta' ? 'application/scim+json; charset=utf-8' : 'application/scim+json',
          }
        : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  const body = res.body ? (res.json() as Json) : {};
  if (res.statusCode !== 204) validate(res.statusCode, body, String(res.headers['content-type']));
  return { status: res.statusCode, body };
}

before(async () => {
  server = await startTestServer();
  const admin = (await login(server.app)).accessToken;
  for (const source of ['okta', 'azure-ad'] as const) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/frontegg/directory/resources/v1/configurations/scim2',
      headers: bearer(admin),
      payload: { source },
    });
    tokens[source] = res.json().token;
  }
});
after(() => server.close());

describe('discovery answers conform to RFC 7643', () => {
  it('ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    assert.equal((await call('okta', 'GET', '/ServiceProviderConfig')).status, 200);
    assert.equal((await call('okta', 'GET', '/ResourceTypes')).status, 200);
    const schemas = await call('okta', 'GET', '/Schemas');
    // SCIMMY's own definitions name the same attributes as ours do, with the same types.
    for (const schema of schemas.body.Resources as Array<{
      id: string;
      attributes: Array<{ name: string; type: string }>;
    }>) {
      const theirs = [SCIMMY.Schemas.User, SCIMMY.Schemas.Group, SCIMMY.Schemas.EnterpriseUser]
        .map((s) => s.definition.describe())
        .find((d: { id: string }) => d.id === schema.id) as {
        attributes: Array<{ name: string; type: string }>;
      };
      for (const attribute of schema.attributes) {
        const match = theirs.attributes.find((a) => a.name === attribute.name);
        assert.ok(match, `${schema.id}:${attribute.name} is an RFC 7643 attribute`);
        assert.equal(match.type, attribute.type, `${schema.id}:${attribute.name}`);
      }
    }
  });
});

describe('Okta', () => {
  it('provisions, finds by userName, updates, deactivates and pushes a group', async () => {
    const email = `okta.user.${Date.now()}@example.com`;
    const search = `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`;
    const none = await call('okta', 'GET', search);
    assert.equal(none.body.totalResults, 0);
    const created = await call('okta', 'POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.password, undefined, 'a password is never kept');
    assert.equal(created.body.locale, 'en-US');
    const id = created.body.id as string;
    const found = await call('okta', 'GET', search);
    assert.equal((found.body.Resources as Json[])[0]!.id, id);
    assert.equal((await call('okta', 'GET', `/Users/${id}`)).body.userName, email);
    const put = await call('okta', 'PUT', `/Users/${id}`, {
      schemas: [USER],
      id,
      userName: email,
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Another User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      active: true,
    });
    assert.equal(put.body.displayName, 'Another User');
    const off = await call('okta', 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    assert.equal(off.body.active, false);

    const member = (
      await call('okta', 'POST', '/Users', {
        schemas: [USER],
        userName: `okta.member.${Date.now()}@example.com`,
      })
    ).body.id;
    const group = await call('okta', 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: `Test SCIMv2 ${Date.now()}`,
      members: [],
    });
    assert.equal(group.status, 201);
    const gid = group.body.id as string;
    const renamed = await call('okta', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id: gid, displayName: 'Test SCIMv2 renamed' } }],
    });
    assert.equal(renamed.body.displayName, 'Test SCIMv2 renamed');
    await call('okta', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: email }, { value: member }] }],
    });
    const removed = await call('okta', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    assert.deepEqual(
      (removed.body.members as Json[]).map((m) => m.value),
      [member],
    );
    const groups = await call('okta', 'GET', '/Groups?startIndex=1&count=100');
    assert.ok((groups.body.Resources as Json[]).some((g) => g.id === gid));
    assert.equal((await call('okta', 'DELETE', `/Groups/${gid}`)).status, 204);
  });
});

describe('Microsoft Entra ID (Azure AD)', () => {
  it('provisions with a UPN and the enterprise extension, patches, disables, deletes; manages group membership', async () => {
    const upn = `Test_User_${Date.now()}@contoso.onmicrosoft.com`;
    const mail = `test.user.${Date.now()}@contoso.example`;
    const byName = `/Users?filter=${encodeURIComponent(`userName eq "${upn}"`)}`;
    assert.equal((await call('azure-ad', 'GET', byName)).body.totalResults, 0);
    const created = await call('azure-ad', 'POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: upn,
      active: true,
      emails: [{ primary: true, type: 'work', value: mail }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { department: 'Engineering', employeeNumber: '1' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    assert.equal(created.body.userName, upn);
    assert.deepEqual(created.body.schemas, [USER, ENTERPRISE]);
    assert.equal((created.body[ENTERPRISE] as Json).department, 'Engineering');
    assert.equal((await call('azure-ad', 'GET', byName)).body.totalResults, 1);
    const byMail = `/Users?filter=${encodeURIComponent(`emails[type eq "work" and value eq "${mail}"]`)}`;
    assert.equal((await call('azure-ad', 'GET', byMail)).body.totalResults, 1);
    const byExternal = `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`;
    assert.equal((await call('azure-ad', 'GET', byExternal)).body.totalResults, 1);
    const newMail = `updated.${mail}`;
    const patched = await call('azure-ad', 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: newMail },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Research' },
        { op: 'Add', path: 'title', value: 'Engineer' },
      ],
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal((patched.body.emails as Json[])[0]!.value, newMail);
    assert.equal((patched.body.name as Json).familyName, 'updatedFamilyName');
    assert.equal((patched.body[ENTERPRISE] as Json).department, 'Research');
    assert.equal(patched.body.title, 'Engineer');
    assert.equal(patched.body.userName, upn, 'the UPN stays the userName');
    const disabled = await call('azure-ad', 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    assert.equal(disabled.body.active, false);

    const other = (await call('azure-ad', 'POST', '/Users', { schemas: [USER], userName: `other.${mail}` }))
      .body.id as string;
    const group = await call('azure-ad', 'POST', '/Groups', {
      schemas: [GROUP, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: `displayName ${Date.now()}`,
      meta: { resourceType: 'Group' },
    });
    assert.equal(group.status, 201);
    const gid = group.body.id as string;
    const byGroupName = `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${group.body.displayName}"`)}`;
    const listed = await call('azure-ad', 'GET', byGroupName);
    assert.equal(listed.body.totalResults, 1);
    assert.equal((listed.body.Resources as Json[])[0]!.members, undefined);
    assert.equal(
      (await call('azure-ad', 'GET', `/Groups/${gid}?excludedAttributes=members`)).body.members,
      undefined,
    );
    await call('azure-ad', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'Add',
          path: 'members',
          value: [
            { $ref: null, value: id },
            { $ref: null, value: other },
          ],
        },
      ],
    });
    const afterRemove = await call('azure-ad', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: id }] }],
    });
    assert.deepEqual(
      (afterRemove.body.members as Json[]).map((m) => m.value),
      [other],
    );
    const renamed = await call('azure-ad', 'PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: `${gid}updatedDisplayName` }],
    });
    assert.equal(renamed.body.displayName, `${gid}updatedDisplayName`);
    assert.equal((await call('azure-ad', 'DELETE', `/Groups/${gid}`)).status, 204);
    assert.equal((await call('azure-ad', 'DELETE', `/Users/${id}`)).status, 204);
    assert.equal((await call('azure-ad', 'GET', `/Users/${id}`)).status, 404);
    // One configuration does not see another's users.
    assert.equal((await call('okta', 'GET', `/Users/${other}`)).status, 404);
  });

  it('answers every error as an RFC 7644 error', async () => {
    assert.equal(
      (await call('azure-ad', 'GET', '/Users?filter=userName%20eq')).body.scimType,
      'invalidFilter',
    );
    assert.equal(
      (await call('azure-ad', 'PATCH', '/Users/x', { schemas: [PATCH_OP], Operations: [] })).status,
      404,
    );
    assert.equal((await call('azure-ad', 'POST', '/Groups', {})).body.scimType, 'invalidValue');
    assert.ok(validated > 30, `${validated} answers validated`);
  });
});

describe('our filter parser agrees with SCIMMY’s', () => {
  const ours = (text: string) => {
    try {
      parseFilter(text);
      return true;
    } catch (error) {
      assert.ok(error instanceof ScimFilterError);
      return false;
    }
  };
  const theirs = (text: string) => {
    try {
      new SCIMMY.Types.Filter(text);
      return true;
    } catch {
      return false;
    }
  };
  it('accepts what SCIMMY accepts', () => {
    for (const text of [
      'userName eq "bjensen"',
      // (SCIMMY 1.3.5 refuses a `not (...)` nested in parentheses, which RFC 7644's grammar allows
      // and ours reads: scim-filter.test.ts.)
      'userName Eq "x" and (emails.value co "@example.com" or active eq false)',
      'not (active eq false) and userName sw "a"',
      'emails[type eq "work" and value co "@example.com"]',
      'meta.lastModified gt "2011-05-13T04:42:34Z"',
      'title pr',
    ]) {
      assert.ok(theirs(text), `SCIMMY: ${text}`);
      assert.ok(ours(text), text);
    }
  });
  it('refuses what SCIMMY refuses, and what SCIMMY lets through that the grammar does not allow', () => {
    for (const text of ['(userName eq "a"', 'userName eq "a")']) {
      assert.equal(theirs(text), false, `SCIMMY: ${text}`);
      assert.equal(ours(text), false, text);
    }
    // SCIMMY 1.3.5 reads these; RFC 7644 §3.4.2.2 needs a value after an operator and a filter after "and".
    for (const text of ['userName eq', 'userName eq "a" and']) assert.equal(ours(text), false, text);
  });
});
