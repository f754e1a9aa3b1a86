/**
 * A compact validator of the JSON-schema subset the contract's request schemas use
 * (core/contract/requests.ts, core/contract/schemas.ts), for the demo backend, which runs in the
 * browser. It reports the first failure the way Ajv (the server's validator, through Fastify, with
 * `allErrors` off) reports it: the same keyword order, `instancePath` and `params`, so
 * `describeIssue` words both the same. Why not Ajv itself in the page: docs/contract.md
 * "One contract module". `validate.test.ts` runs both over the contract's schemas.
 *
 * Supported keywords: type (one or a list), enum, const, anyOf, oneOf, minLength, maxLength,
 * pattern (unicode), format (email only), minimum, maximum, minItems, maxItems, uniqueItems, items,
 * minProperties, maxProperties, required, additionalProperties (false or a schema), properties;
 * annotations (description, title, examples, default) are ignored. Any other keyword throws, so a
 * schema outside the subset fails its tests instead of passing silently.
 */
import { ID_PATTERNS } from './schemas';
import type { ErrorEntry } from './errors';

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type Schema = Record<string, unknown>;

/** The email format of ajv-formats' "full" mode, which Fastify's validator uses. */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Whether `value` is a valid email address by the contract's (the server's) rule. */
export const isEmail = (value: unknown): value is string => typeof value === 'string' && EMAIL.test(value);

const KNOWN = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'minProperties',
  'maxProperties',
  'required',
  'additionalProperties',
  'properties',
  'description',
  'title',
  'examples',
  'default',
]);

const patterns = new Map<string, RegExp>();
const regex = (source: string) => {
  let compiled = patterns.get(source);
  if (!compiled) patterns.set(source, (compiled = new RegExp(source, 'u')));
  return compiled;
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** String length in code points, as Ajv counts it. */
const lengthOf = (text: string) => [...text].length;

export interface ValidateOptions {
  /** Skip the patterns that make an id a uuid (core/contract/schemas.ts ID_PATTERNS): the demo's ids are not. */
  opaqueIds?: boolean;
}

/**
 * Validates `value` against `schema`: what Ajv reports for the first failure (one issue, or for an
 * anyOf / oneOf the failing branches' and its own), empty when the value is valid.
 */
export function schemaIssues(
  schema: unknown,
  value: unknown,
  options: ValidateOptions = {},
): ValidationIssue[] {
  return check(schema as Schema, value, '', options) ?? [];
}

/** The issues of the first failure (Ajv reports several for one anyOf / oneOf), or null. */
type Found = ValidationIssue[] | null;

function check(schema: Schema, value: unknown, path: string, options: ValidateOptions): Found {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) throw new Error(`core/contract/validate: unsupported keyword "${key}"`);
  const issue = (keyword: string, params: Record<string, unknown> = {}): ValidationIssue[] => [
    { keyword, instancePath: path, params },
  ];
  const types = schema.type === undefined ? [] : [schema.type as string | string[]].flat();
  // Ajv checks a list of types (or a type with no keyword of its own) before anything else, and a
  // single type with keywords of its own after the keywords that apply to every type.
  const typeFirst = types.length > 1 || (types.length === 1 && !ownsKeywords(schema, types[0]!));
  if (types.length && typeFirst && !types.some((t) => hasType(value, t)))
    return issue('type', { type: types.join(',') });
  if (schema.const !== undefined && !equal(schema.const, value))
    return issue('const', { allowedValue: schema.const });
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => equal(allowed, value)))
    return issue('enum', { allowedValues: schema.enum });
  // Ajv reports each failing branch, then the anyOf / oneOf itself.
  if (Array.isArray(schema.anyOf)) {
    const failed = (schema.anyOf as Schema[]).map((branch) => check(branch, value, path, options));
    if (failed.every(Boolean)) return [...failed.flatMap((found) => found ?? []), ...issue('anyOf')];
  }
  if (Array.isArray(schema.oneOf)) {
    const failed = (schema.oneOf as Schema[]).map((branch) => check(branch, value, path, options));
    const passing = failed.filter((found) => !found).length;
    if (passing === 0)
      return [...failed.flatMap((found) => found ?? []), ...issue('oneOf', { passingSchemas: null })];
    if (passing > 1) return issue('oneOf', { passingSchemas: null });
  }
  if (types.length && !typeFirst && !hasType(value, types[0]!)) return issue('type', { type: types[0] });
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      return issue('maximum', { comparison: '<=', limit: schema.maximum });
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return issue('minimum', { comparison: '>=', limit: schema.minimum });
  }
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && lengthOf(value) > schema.maxLength)
      return issue('maxLength', { limit: schema.maxLength });
    if (typeof schema.minLength === 'number' && lengthOf(value) < schema.minLength)
      return issue('minLength', { limit: schema.minLength });
    const idPattern = options.opaqueIds && ID_PATTERNS.has(schema.pattern as string);
    if (typeof schema.pattern === 'string' && !idPattern && !regex(schema.pattern).test(value))
      return issue('pattern', { pattern: schema.pattern });
    if (schema.format !== undefined) {
      if (schema.format !== 'email')
        throw new Error(`core/contract/validate: unsupported format "${String(schema.format)}"`);
      if (!EMAIL.test(value)) return issue('format', { format: 'email' });
    }
  }
  if (Array.isArray(value)) return checkArray(schema, value, path, issue, options);
  if (typeOf(value) === 'object')
    return checkObject(schema, value as Record<string, unknown>, path, issue, options);
  return null;
}

/** Whether the schema has keywords that apply to values of `type` only (Ajv then checks the type late). */
function ownsKeywords(schema: Schema, type: string): boolean {
  const own: Record<string, string[]> = {
    string: ['maxLength', 'minLength', 'pattern', 'format'],
    number: ['maximum', 'minimum'],
    integer: ['maximum', 'minimum'],
    array: ['maxItems', 'minItems', 'items', 'uniqueItems'],
    object: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'],
  };
  return (own[type] ?? []).some((keyword) => schema[keyword] !== undefined);
}

type Report = (keyword: string, params?: Record<string, unknown>) => ValidationIssue[];

function checkArray(
  schema: Schema,
  value: unknown[],
  path: string,
  issue: Report,
  options: ValidateOptions,
): Found {
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    return issue('maxItems', { limit: schema.maxItems });
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    return issue('minItems', { limit: schema.minItems });
  if (schema.items && typeof schema.items === 'object') {
    for (let i = 0; i < value.length; i++) {
      const found = check(schema.items as Schema, value[i], `${path}/${i}`, options);
      if (found) return found;
    }
  }
  if (schema.uniqueItems === true) {
    const seen = value.map((item) => JSON.stringify(item));
    for (let j = seen.length - 1; j > 0; j--) {
      const i = seen.indexOf(seen[j]!);
      if (i < j) return issue('uniqueItems', { i, j });
    }
  }
  return null;
}

function checkObject(
  schema: Schema,
  value: Record<string, unknown>,
  path: string,
  issue: Report,
  options: ValidateOptions,
): Found {
  const keys = Object.keys(value);
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties)
    return issue('maxProperties', { limit: schema.maxProperties });
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties)
    return issue('minProperties', { limit: schema.minProperties });
  for (const name of (schema.required as string[] | undefined) ?? [])
    if (value[name] === undefined) return issue('required', { missingProperty: name });
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== true) {
    for (const key of keys) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) continue;
      if (extra === false) return issue('additionalProperties', { additionalProperty: key });
      const found = check(extra as Schema, value[key], `${path}/${key}`, options);
      if (found) return found;
    }
  }
  for (const [name, sub] of Object.entries(properties)) {
    if (value[name] === undefined) continue;
    const found = check(sub, value[name], `${path}/${escapePointer(name)}`, options);
    if (found) return found;
  }
  return null;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** "companyName" → "Company name". */
function label(path: string): string {
  const field = path.split('/').filter(Boolean)[0] ?? '';
  if (!field) return 'Request body';
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * Turns one validation issue (Ajv's on the server, `schemaIssues`' in the demo) into a catalogue
 * entry a user can read once worded (core/contract/errors.ts). `context` is where it was found:
 * body, querystring, params. Echoed field names are truncated. The password, email and name fields
 * keep the codes of their own messages (PASSWORD_REQUIRED, ...).
 */
export function issueEntry(issue: ValidationIssue, context: string | undefined): ErrorEntry {
  const { params } = issue;
  const field = label(issue.instancePath);
  switch (issue.keyword) {
    case 'required': {
      const missing = label(`/${String(params.missingProperty).slice(0, 50)}`);
      if (missing === 'Password') return { code: 'PASSWORD_REQUIRED' };
      if (missing === 'Email') return { code: 'EMAIL_REQUIRED' };
      return { code: 'FIELD_REQUIRED', params: { field: missing } };
    }
    case 'additionalProperties':
      return { code: 'FIELD_UNKNOWN', params: { field: String(params.additionalProperty).slice(0, 50) } };
    case 'type':
      if (!issue.instancePath)
        return context && context !== 'body'
          ? { code: 'PARAMETERS_INVALID', params: { part: context } }
          : { code: 'BODY_NOT_OBJECT' };
      return {
        code: 'FIELD_TYPE',
        params: { field, type: article(String(params.type).split(',')[0] ?? 'value') },
      };
    case 'format':
      return { code: params.format === 'email' ? 'FIELD_EMAIL' : 'FIELD_FORMAT', params: { field } };
    case 'minLength':
      if (params.limit === 1)
        return field === 'Name' ? { code: 'NAME_EMPTY' } : { code: 'FIELD_EMPTY', params: { field } };
      return field === 'Password'
        ? { code: 'PASSWORD_TOO_SHORT', params: { n: String(params.limit) } }
        : { code: 'FIELD_TOO_SHORT', params: { field, n: String(params.limit) } };
    case 'maxLength':
      return field === 'Password'
        ? { code: 'PASSWORD_TOO_LONG', params: { n: String(params.limit) } }
        : { code: 'FIELD_TOO_LONG', params: { field, n: String(params.limit) } };
    case 'pattern':
      return {
        code: String(params.pattern).includes('u0000') ? 'FIELD_CHARACTERS' : 'FIELD_FORMAT',
        params: { field },
      };
    case 'anyOf':
      return { code: 'FIELD_ANY_OF', params: { field } };
    case 'maxProperties':
      return { code: 'FIELD_TOO_MANY_FIELDS', params: { field } };
    default:
      return { code: 'FIELD_INVALID', params: { field } };
  }
}

/**
 * The entries of a failed validation: one per field (for an `anyOf` failure Ajv also reports each
 * branch; the `anyOf` one is enough), in order, without repeats.
 */
export function validationEntries(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): ErrorEntry[] {
  const anyOfPaths = new Set(issues.filter((i) => i.keyword === 'anyOf').map((i) => i.instancePath));
  const kept = issues.filter((i) => i.keyword === 'anyOf' || !anyOfPaths.has(i.instancePath));
  const entries = new Map<string, ErrorEntry>();
  for (const entry of kept.map((issue) => issueEntry(issue, context)))
    entries.set(JSON.stringify([entry.code, entry.params]), entry);
  return [...entries.values()];
}
