// The SCIM filter and PATCH path parser (RFC 7644 §3.4.2.2, §3.5.2), its SQL and in-memory forms.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilter, parsePatchPath, ScimFilterError } from './scim-filter';
import { matchesFilter } from './scim-filter-match';
import { filterToSql, type SqlAttributes } from './scim-filter-sql';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:user';
const ATTRS: SqlAttributes = {
  username: { sql: 'u.email', type: 'string' },
  externalid: { sql: 'x.ext', type: 'string', caseExact: true },
  active: { sql: 'm.active', type: 'boolean' },
  'emails.value': { sql: 'u.email', type: 'string' },
  'emails.type': { sql: "'work'", type: 'string' },
  'meta.created': { sql: 'u.created_at', type: 'dateTime' },
};

describe('parseFilter', () => {
  it('reads the RFC 7644 examples', () => {
    const examples = [
      'userName eq "bjensen"',
      'name.familyName co "O\'Malley"',
      'userName sw "J"',
      'urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"',
      'title pr',
      'meta.lastModified gt "2011-05-13T04:42:34Z"',
      'title pr and userType eq "Employee"',
      'title pr or userType eq "Intern"',
      'schemas eq "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"',
      'userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")',
      'userType ne "Employee" and not (emails co "example.com" or emails.value co "example.org")',
      'userType eq "Employee" and (emails.type eq "work")',
      'userType eq "Employee" and emails[type eq "work" and value co "@example.com"]',
      'emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]',
    ];
    for (const text of examples) assert.doesNotThrow(() => parseFilter(text), text);
  });

  it('binds and tighter than or, keeps case-insensitive keywords and JSON strings', () => {
    assert.deepEqual(parseFilter('a eq 1 OR b Eq "x\\"y" AND c PR'), {
      kind: 'or',
      left: { kind: 'compare', path: { uri: null, attr: 'a', sub: null }, op: 'eq', value: 1 },
      right: {
        kind: 'and',
        left: { kind: 'compare', path: { uri: null, attr: 'b', sub: null }, op: 'eq', value: 'x"y' },
        right: { kind: 'present', path: { uri: null, attr: 'c', sub: null } },
      },
    });
    assert.deepEqual(parseFilter('active eq false').kind, 'compare');
    assert.equal((parseFilter('x eq null') as { value: unknown }).value, null);
  });

  it('refuses malformed filters with invalidFilter', () => {
    for (const text of [
      '',
      'userName',
      'userName eq',
      'userName eq bjensen',
      'userName xx "a"',
      '(userName eq "a"',
      'userName eq "a")',
      'userName eq "a" and',
      'userName eq "unterminated',
      'a.b.c eq "x"',
      'emails[type eq "work"',
      'userName eq "a" userName eq "b"',
      'user#name eq "a"',
      `${'('.repeat(40)}a pr${')'.repeat(40)}`,
      'x'.repeat(2001),
    ]) {
      assert.throws(
        () => parseFilter(text),
        (e: unknown) => e instanceof ScimFilterError && e.scimType === 'invalidFilter',
        text,
      );
    }
  });
});

describe('parsePatchPath', () => {
  it('reads attribute, sub-attribute, URN and value-filter paths', () => {
    assert.deepEqual(parsePatchPath('active'), {
      path: { uri: null, attr: 'active', sub: null },
      filter: null,
      sub: null,
    });
    assert.deepEqual(parsePatchPath('name.givenName').path, { uri: null, attr: 'name', sub: 'givenname' });
    assert.deepEqual(
      parsePatchPath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department').path,
      {
        uri: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user',
        attr: 'department',
        sub: null,
      },
    );
    const members = parsePatchPath('members[value eq "2819c223-7f76-453a-919d-413861904646"]');
    assert.equal(members.path.attr, 'members');
    assert.equal(members.filter?.kind, 'compare');
    const email = parsePatchPath('emails[type eq "work"].value');
    assert.equal(email.sub, 'value');
  });

  it('refuses malformed paths with invalidPath', () => {
    for (const text of [
      '',
      '[x eq 1]',
      'members[',
      'members[]',
      'members[value eq "x"]value',
      'members[value eq "x"].a.b',
      'a b',
    ]) {
      assert.throws(
        () => parsePatchPath(text),
        (e: unknown) => e instanceof ScimFilterError && e.scimType === 'invalidPath',
        text,
      );
    }
  });
});

describe('filterToSql', () => {
  it('compiles to parameters, never to text from the filter', () => {
    const { sql, params } = filterToSql(
      parseFilter(
        'userName eq "a\'; DROP TABLE users; --" or (externalId sw "x%_" and not (active eq false))',
      ),
      ATTRS,
      3,
      CORE,
    );
    assert.equal(
      sql,
      '((lower(u.email) = lower($3)) OR ((x.ext LIKE $4) AND (NOT coalesce((m.active = $5::boolean), false))))',
    );
    assert.deepEqual(params, ["a'; DROP TABLE users; --", 'x\\%\\_%', false]);
  });

  it('reads value paths and the core URN, refuses what it cannot answer', () => {
    assert.match(
      filterToSql(parseFilter('emails[type eq "work" and value co "@x"]'), ATTRS, 1, CORE).sql,
      /ILIKE \$2/,
    );
    assert.match(filterToSql(parseFilter(`${CORE}:userName pr`), ATTRS, 1, CORE).sql, /IS NOT NULL/);
    assert.match(
      filterToSql(parseFilter('meta.created gt "2020-01-01T00:00:00Z"'), ATTRS, 1, CORE).sql,
      /timestamptz/,
    );
    for (const text of [
      'title eq "x"',
      'active gt true',
      'active eq "yes"',
      'userName eq 3',
      'meta.created co "2020"',
      'meta.created gt "soon"',
      'urn:other:User:userName eq "x"',
      'emails[value eq "a" and emails[value pr]]',
    ])
      assert.throws(() => filterToSql(parseFilter(text), ATTRS, 1, CORE), ScimFilterError, text);
  });
});

describe('matchesFilter', () => {
  const member = { value: 'ABC-1', display: 'Ada', type: 'User' };
  it('matches objects case-insensitively', () => {
    assert.ok(matchesFilter(parseFilter('value eq "abc-1"'), member));
    assert.ok(matchesFilter(parseFilter('Display sw "a" and not (type eq "Group")'), member));
    assert.ok(!matchesFilter(parseFilter('value eq "abc-2" or display ew "x"'), member));
    assert.ok(
      matchesFilter(parseFilter('emails[type eq "work"]'), { emails: [{ type: 'Work', value: 'a@b.c' }] }),
    );
    assert.ok(matchesFilter(parseFilter('missing pr'), {}) === false);
  });
});
