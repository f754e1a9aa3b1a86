/**
 * A parsed SCIM filter (scim-filter.ts) as a parameterised SQL condition: how the Users and Groups
 * lists answer `filter` (RFC 7644 §3.4.2.2).
 */
import { ScimFilterError, type AttrPath, type CompareOp, type Filter, type Value } from './scim-filter';

/** How one attribute reads in SQL: an expression, its type, and whether string comparisons keep case. */
export interface SqlAttribute {
  sql: string;
  type: 'string' | 'boolean' | 'dateTime';
  caseExact?: boolean;
  /**
   * A multi-valued attribute kept in another table: the comparison is built on `sql` inside
   * `exists(condition)` (e.g. a group's `members.value`).
   */
  exists?: (condition: string) => string;
  /** A case-insensitive `eq` written another way (one an index can answer), given the value's parameter. */
  equals?: (param: string) => string;
}

/** Attributes by lower-cased name (`username`, `emails.value`, `name.givenname`). */
export type SqlAttributes = Record<string, SqlAttribute>;

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Compiles a filter into an SQL condition whose values are parameters `$first`, `$first+1`, ...
 * Attributes not in `attributes` (or of the wrong type for the operator) are refused: a filter
 * we cannot answer truthfully is an error (RFC 7644 §3.4.2.2 `invalidFilter`), never "no match".
 */
export function filterToSql(
  filter: Filter,
  attributes: SqlAttributes,
  first: number,
  coreUri: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  const resolve = (path: AttrPath, parent: string | null): SqlAttribute => {
    if (path.uri !== null && path.uri !== coreUri)
      throw new ScimFilterError(`Filtering on "${path.uri}" attributes is not supported`);
    const name = parent ? `${parent}.${path.attr}` : path.sub ? `${path.attr}.${path.sub}` : path.attr;
    const attribute = attributes[name];
    if (!attribute) throw new ScimFilterError(`Filtering on "${name}" is not supported`);
    return attribute;
  };
  const compile = (f: Filter, parent: string | null): string => {
    switch (f.kind) {
      case 'and':
      case 'or':
        return `(${compile(f.left, parent)} ${f.kind.toUpperCase()} ${compile(f.right, parent)})`;
      case 'not':
        return `(NOT coalesce(${compile(f.filter, parent)}, false))`;
      case 'valuePath': {
        if (parent) throw new ScimFilterError('A filter inside a filter is not supported');
        if (f.path.sub) throw new ScimFilterError('Invalid value path');
        return compile(f.filter, f.path.attr);
      }
      case 'present': {
        const a = resolve(f.path, parent);
        const cond =
          a.type === 'string' ? `(${a.sql} IS NOT NULL AND ${a.sql} <> '')` : `(${a.sql} IS NOT NULL)`;
        return a.exists ? a.exists(cond) : cond;
      }
      case 'compare': {
        const a = resolve(f.path, parent);
        const cond = compare(a, f.op, f.value, param);
        return a.exists ? a.exists(cond) : cond;
      }
    }
  };
  return { sql: compile(filter, null), params };
}

function compare(a: SqlAttribute, op: CompareOp, value: Value, param: (v: unknown) => string): string {
  if (value === null) {
    if (op === 'eq') return `(${a.sql} IS NULL)`;
    if (op === 'ne') return `(${a.sql} IS NOT NULL)`;
    throw new ScimFilterError(`"${op}" cannot compare with null`);
  }
  if (a.type === 'boolean') {
    if (typeof value !== 'boolean')
      throw new ScimFilterError('A boolean attribute compares with true or false');
    if (op === 'eq') return `(${a.sql} = ${param(value)}::boolean)`;
    if (op === 'ne') return `(${a.sql} IS DISTINCT FROM ${param(value)}::boolean)`;
    throw new ScimFilterError(`"${op}" cannot compare booleans`);
  }
  if (typeof value !== 'string') throw new ScimFilterError('This attribute compares with a string');
  if (a.type === 'dateTime') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new ScimFilterError(`"${value}" is not a date and time`);
    const sqlOps: Partial<Record<CompareOp, string>> = {
      eq: '=',
      ne: '<>',
      gt: '>',
      ge: '>=',
      lt: '<',
      le: '<=',
    };
    const sqlOp = sqlOps[op];
    if (!sqlOp) throw new ScimFilterError(`"${op}" cannot compare dates`);
    return `(${a.sql} ${sqlOp} ${param(date.toISOString())}::timestamptz)`;
  }
  const exact = a.caseExact === true;
  const left = exact ? a.sql : `lower(${a.sql})`;
  const right = (v: string) => (exact ? param(v) : `lower(${param(v)})`);
  const like = exact ? 'LIKE' : 'ILIKE';
  if (op === 'eq' && a.equals && !exact) return `(${a.equals(param(value))})`;
  switch (op) {
    case 'eq':
      return `(${left} = ${right(value)})`;
    case 'ne':
      return `(${left} IS DISTINCT FROM ${right(value)})`;
    case 'co':
      return `(${a.sql} ${like} ${param(`%${likePattern(value)}%`)})`;
    case 'sw':
      return `(${a.sql} ${like} ${param(`${likePattern(value)}%`)})`;
    case 'ew':
      return `(${a.sql} ${like} ${param(`%${likePattern(value)}`)})`;
    case 'gt':
      return `(${left} > ${right(value)} COLLATE "C")`;
    case 'ge':
      return `(${left} >= ${right(value)} COLLATE "C")`;
    case 'lt':
      return `(${left} < ${right(value)} COLLATE "C")`;
    case 'le':
      return `(${left} <= ${right(value)} COLLATE "C")`;
  }
}
