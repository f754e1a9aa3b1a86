/**
 * The demo's validator against the server's: Ajv configured as Fastify configures it
 * (server/app.ts: no coercion, no removal, union types; ajv-formats), over every request schema of
 * the contract and a set of values made from each schema (valid ones, and each field wrong in each
 * way the schema can refuse). Both must accept the same values and word the same message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { errorText } from './errors';
import { isEmail, schemaIssues, validationEntries, type ValidationIssue } from './validate';
import { ROUTES } from './routes';
import { postUsersInvitationVerify } from './routes/team';

const ajv = new Ajv({
  coerceTypes: false,
  removeAdditional: false,
  allowUnionTypes: true,
  useDefaults: true,
});
addFormats.default(ajv);

type Schema = Record<string, unknown>;

/** A value the schema accepts (as far as a simple walk can tell). */
function validValue(schema: Schema): unknown {
  if (schema.enum) return (schema.enum as unknown[])[0];
  if (schema.anyOf) return validValue((schema.anyOf as Schema[])[0]!);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.pattern === '^[A-Z]{3}$') return 'EUR';
      if (typeof schema.pattern === 'string' && schema.pattern.includes('0-9a-fA-F'))
        return schema.pattern.includes(',')
          ? '123e4567-e89b-42d3-a456-426614174000,123e4567-e89b-42d3-a456-426614174001'
          : '123e4567-e89b-42d3-a456-426614174000';
      if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^[0-9]')) return '12';
      if (schema.pattern === '^(https?://[^\\s]+)?$') return 'https://example.com';
      return 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return schema.items ? [validValue(schema.items as Schema)] : [];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required as string[] | undefined) ?? [];
      const names = required.length ? required : Object.keys(properties).slice(0, 1);
      return Object.fromEntries(names.map((name) => [name, validValue(properties[name] ?? {})]));
    }
    default:
      return 'text';
  }
}

/** Values the schema may refuse: each way a field can be wrong. */
function wrongValues(schema: Schema): unknown[] {
  const values: unknown[] = [null, 5, 1.5, true, [], {}, '', ' ', 'x'.repeat(300), '\u0000', 'not an email'];
  if (typeof schema.maxLength === 'number')
    values.push('y'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength));
  if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
  if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
  if (schema.items)
    values.push(['not an id'], [validValue(schema.items as Schema), validValue(schema.items as Schema)]);
  if (typeof schema.maxItems === 'number')
    values.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => `${i}`));
  if (typeof schema.pattern === 'string')
    values.push('123e4567-e89b-42d3-a456-42661417400', 'abc', '+44 20 7946 0958', 'EUr');
  return values;
}

function casesOf(schema: Schema): unknown[] {
  const base = validValue(schema) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const cases: unknown[] = [base, {}, { unknownField: 1 }, { ...base, extra: 'x' }];
  cases.push(Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, validValue(sub)])));
  for (const [name, sub] of Object.entries(properties))
    for (const wrong of wrongValues(sub)) cases.push({ ...base, [name]: wrong });
  for (const name of Object.keys(base)) {
    const { [name]: _, ...without } = base;
    cases.push(without);
  }
  return cases;
}

const messages = (issues: readonly ValidationIssue[] | null | undefined) =>
  issues && issues.length
    ? validationEntries(issues, 'body').map((entry) => errorText(entry.code, entry.params))
    : [];

describe('the demo validator words what the server (Ajv) words', () => {
  for (const { method, path, request } of ROUTES) {
    const route = `${method} ${path}`;
    for (const [part, schema] of Object.entries(request ?? {}).filter(([name]) => name !== 'clientBody')) {
      it(`${route} ${part}`, () => {
        const validate = ajv.compile(schema as object);
        let compared = 0;
        for (const value of casesOf(schema as Schema)) {
          const copy = structuredClone(value);
          validate(copy);
          const expected = messages(validate.errors as ErrorObject[] | null);
          assert.deepEqual(
            messages(schemaIssues(schema, value)),
            expected,
            `${route} ${part} ${JSON.stringify(value)}`,
          );
          compared++;
        }
        assert.ok(compared > 3);
      });
    }
  }
});

describe('schemaIssues', () => {
  it('refuses a keyword outside its subset, so no schema passes unchecked', () =>
    assert.throws(
      () => schemaIssues({ type: 'string', contentEncoding: 'base64' }, 'x'),
      /unsupported keyword/,
    ));

  it('reports where: the path of the field in the body', () =>
    assert.deepEqual(
      schemaIssues(
        { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } },
        { a: ['x', 1] },
      ),
      [
        {
          keyword: 'type',
          instancePath: '/a/1',
          params: { type: 'string' },
        },
      ],
    ));

  it('checks the id patterns as plain strings with opaqueIds (the demo ids are not uuids)', () => {
    const schema = postUsersInvitationVerify.request!.body;
    const body = { userId: 'demo-user-1', token: 'abc' };
    assert.equal(schemaIssues(schema, body)[0]?.keyword, 'pattern');
    assert.deepEqual(schemaIssues(schema, body, { opaqueIds: true }), []);
  });
});

describe('isEmail', () => {
  const rows: Array<[string, boolean]> = [
    ['a@b.co', true],
    ['first.last+tag@example.co.uk', true],
    ['no-at-sign', false],
    ['a@b', false],
    ['a..b@example.com', false],
    [' a@b.co', false],
  ];
  for (const [value, expected] of rows)
    it(`${value}: ${expected}`, () => assert.equal(isEmail(value), expected));
});
