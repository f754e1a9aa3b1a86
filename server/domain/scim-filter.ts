/**
 * SCIM 2.0 filters and attribute paths (RFC 7644 §3.4.2.2 and §3.5.2), parsed by a hand-written
 * recursive-descent parser (no regular-expression matching of whole filters), then either compiled
 * to a parameterised SQL condition (listing Users and Groups) or evaluated against a JSON object
 * (PATCH paths such as `members[value eq "id"]`).
 *
 *   FILTER    = orExp
 *   orExp     = andExp *("or" andExp)
 *   andExp    = notExp *("and" notExp)
 *   notExp    = "not" "(" FILTER ")" / "(" FILTER ")" / valuePath / attrExp
 *   valuePath = attrPath "[" FILTER "]"
 *   attrExp   = attrPath "pr" / attrPath compareOp compValue
 *   compValue = false / null / true / number / string (JSON)
 *   attrPath  = [URI ":"] ATTRNAME ["." subAttr]
 *
 * Keywords and operators are case-insensitive (RFC 7644 §3.4.2.2); attribute names too (RFC 7643 §2.1).
 * Every failure is a `ScimFilterError` carrying the SCIM `scimType` to answer with (400).
 */

const COMPARE_OPS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le'] as const;
type CompareOp = (typeof COMPARE_OPS)[number];
type Value = string | number | boolean | null;

/** An attribute path: `uri` (lower-cased, e.g. the enterprise extension's), `attr` and `sub` (lower-cased). */
interface AttrPath {
  uri: string | null;
  attr: string;
  sub: string | null;
}

type Filter =
  | { kind: 'compare'; path: AttrPath; op: CompareOp; value: Value }
  | { kind: 'present'; path: AttrPath }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'valuePath'; path: AttrPath; filter: Filter };

/** A PATCH operation's path (RFC 7644 §3.5.2): `attrPath`, or `valuePath` with an optional sub-attribute. */
interface PatchPath {
  path: AttrPath;
  filter: Filter | null;
  /** The sub-attribute after `]`: `emails[type eq "work"].value`. */
  sub: string | null;
}

export class ScimFilterError extends Error {
  constructor(
    message: string,
    readonly scimType: 'invalidFilter' | 'invalidPath' = 'invalidFilter',
  ) {
    super(message);
  }
}

/** Longest filter or path read (an IdP's filters are a few dozen characters). */
const MAX_FILTER_LENGTH = 2000;
/** Deepest nesting of parentheses, brackets and `not` (keeps the recursion bounded). */
const MAX_DEPTH = 32;

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: '(' | ')' | '[' | ']'; at: number };

const WORD_CHAR = /[A-Za-z0-9_$:.-]/;

function tokenize(input: string, kind: 'invalidFilter' | 'invalidPath'): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: c, at: i });
      i += 1;
    } else if (c === '"') {
      // A JSON string: find its end honouring escapes, then let JSON.parse decode it.
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw new ScimFilterError(`Unterminated string at position ${i}`, kind);
      let value: unknown;
      try {
        value = JSON.parse(input.slice(i, j + 1));
      } catch {
        throw new ScimFilterError(`Invalid string at position ${i}`, kind);
      }
      tokens.push({ type: 'string', value: value as string, at: i });
      i = j + 1;
    } else if (WORD_CHAR.test(c)) {
      let j = i;
      while (j < input.length && WORD_CHAR.test(input[j]!)) j += 1;
      const text = input.slice(i, j);
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
        tokens.push({ type: 'number', value: Number(text), at: i });
      else tokens.push({ type: 'word', text, at: i });
      i = j;
    } else {
      throw new ScimFilterError(`Unexpected character "${c}" at position ${i}`, kind);
    }
  }
  return tokens;
}

const ATTR_NAME = /^[A-Za-z$][A-Za-z0-9_$-]*$/;

/** `urn:...:User:name.givenName` -> { uri, attr: 'name', sub: 'givenname' }. */
function parseAttrPath(text: string, kind: 'invalidFilter' | 'invalidPath'): AttrPath {
  const colon = text.lastIndexOf(':');
  const uri = colon >= 0 ? text.slice(0, colon).toLowerCase() : null;
  const rest = colon >= 0 ? text.slice(colon + 1) : text;
  if (uri !== null && !/^urn:[a-z0-9][a-z0-9.:_-]*$/.test(uri))
    throw new ScimFilterError(`Invalid attribute path "${text}"`, kind);
  const parts = rest.split('.');
  if (parts.length > 2 || !parts.every((p) => ATTR_NAME.test(p)))
    throw new ScimFilterError(`Invalid attribute path "${text}"`, kind);
  return { uri, attr: parts[0]!.toLowerCase(), sub: parts[1]?.toLowerCase() ?? null };
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly kind: 'invalidFilter' | 'invalidPath',
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private fail(message: string): never {
    throw new ScimFilterError(message, this.kind);
  }
  private keyword(word: string): boolean {
    const t = this.peek();
    if (t?.type === 'word' && t.text.toLowerCase() === word) {
      this.pos += 1;
      return true;
    }
    return false;
  }
  private expect(type: '(' | ')' | '[' | ']'): void {
    const t = this.peek();
    if (t?.type !== type) this.fail(`Expected "${type}"${t ? ` at position ${t.at}` : ' at the end'}`);
    this.pos += 1;
  }
  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }
  rest(): Token | undefined {
    return this.peek();
  }

  filter(): Filter {
    if (++this.depth > MAX_DEPTH) this.fail('The filter is nested too deeply');
    let left = this.and();
    while (this.keyword('or')) left = { kind: 'or', left, right: this.and() };
    this.depth -= 1;
    return left;
  }
  private and(): Filter {
    let left = this.unary();
    while (this.keyword('and')) left = { kind: 'and', left, right: this.unary() };
    return left;
  }
  private unary(): Filter {
    const t = this.peek();
    if (!t) this.fail('The filter ends too early');
    if (t.type === 'word' && t.text.toLowerCase() === 'not' && this.tokens[this.pos + 1]?.type === '(') {
      this.pos += 1;
      this.expect('(');
      const inner = this.filter();
      this.expect(')');
      return { kind: 'not', filter: inner };
    }
    if (t.type === '(') {
      this.pos += 1;
      const inner = this.filter();
      this.expect(')');
      return inner;
    }
    if (t.type !== 'word') this.fail(`Expected an attribute at position ${t.at}`);
    this.pos += 1;
    const path = parseAttrPath(t.text, this.kind);
    if (this.peek()?.type === '[') {
      this.pos += 1;
      if (path.sub) this.fail(`"${t.text}" cannot be followed by a filter`);
      const inner = this.filter();
      this.expect(']');
      return { kind: 'valuePath', path, filter: inner };
    }
    const op = this.peek();
    if (op?.type !== 'word') this.fail(`Expected an operator after "${t.text}"`);
    this.pos += 1;
    const opText = op.text.toLowerCase();
    if (opText === 'pr') return { kind: 'present', path };
    if (!(COMPARE_OPS as readonly string[]).includes(opText)) this.fail(`Unknown operator "${op.text}"`);
    return { kind: 'compare', path, op: opText as CompareOp, value: this.value() };
  }
  private value(): Value {
    const t = this.peek();
    if (!t) this.fail('Expected a value at the end');
    this.pos += 1;
    if (t.type === 'string' || t.type === 'number') return t.value;
    if (t.type === 'word') {
      const word = t.text.toLowerCase();
      if (word === 'true') return true;
      if (word === 'false') return false;
      if (word === 'null') return null;
    }
    return this.fail(`Expected a value (a string, number, true, false or null) at position ${t.at}`);
  }
}

/** Parses a `filter` query parameter. */
export function parseFilter(input: string): Filter {
  if (input.length > MAX_FILTER_LENGTH) throw new ScimFilterError('The filter is too long');
  const parser = new Parser(tokenize(input, 'invalidFilter'), 'invalidFilter');
  if (parser.atEnd()) throw new ScimFilterError('The filter is empty');
  const filter = parser.filter();
  const extra = parser.rest();
  if (extra) throw new ScimFilterError(`Unexpected text at position ${extra.at}`);
  return filter;
}

/** Parses a PATCH operation's `path`: `attr`, `attr.sub`, `urn:...:attr`, `attr[filter]`, `attr[filter].sub`. */
export function parsePatchPath(input: string): PatchPath {
  if (input.length > MAX_FILTER_LENGTH) throw new ScimFilterError('The path is too long', 'invalidPath');
  const tokens = tokenize(input, 'invalidPath');
  const first = tokens[0];
  if (first?.type !== 'word') throw new ScimFilterError('The path is empty or invalid', 'invalidPath');
  const path = parseAttrPath(first.text, 'invalidPath');
  if (tokens.length === 1) return { path, filter: null, sub: null };
  if (tokens[1]?.type !== '[' || path.sub)
    throw new ScimFilterError(`Invalid path "${input}"`, 'invalidPath');
  // The filter runs to the matching "]"; a ".sub" word may follow it.
  let depth = 0;
  let close = -1;
  for (let i = 1; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t.type === '[') depth += 1;
    if (t.type === ']' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) throw new ScimFilterError(`Invalid path "${input}": "]" is missing`, 'invalidPath');
  const parser = new Parser(tokens.slice(2, close), 'invalidPath');
  if (parser.atEnd())
    throw new ScimFilterError(`Invalid path "${input}": the filter is empty`, 'invalidPath');
  const filter = parser.filter();
  if (!parser.atEnd()) throw new ScimFilterError(`Invalid path "${input}"`, 'invalidPath');
  const after = tokens.slice(close + 1);
  if (after.length === 0) return { path, filter, sub: null };
  const tail = after[0];
  if (after.length !== 1 || tail?.type !== 'word' || !/^\.[A-Za-z$][A-Za-z0-9_$-]*$/.test(tail.text))
    throw new ScimFilterError(`Invalid path "${input}"`, 'invalidPath');
  return { path, filter, sub: tail.text.slice(1).toLowerCase() };
}

// ------------------------------------------------------------------------------ SQL

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

// ------------------------------------------------------------------------------ in memory

/** A resource's attribute, found case-insensitively (RFC 7643 §2.1). */
function read(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

function valuesAt(object: unknown, path: AttrPath): unknown[] {
  const top = read(object, path.attr);
  const list = Array.isArray(top) ? top : top === undefined ? [] : [top];
  if (!path.sub) return list;
  return list.flatMap((item) => {
    const v = read(item, path.sub!);
    return Array.isArray(v) ? v : v === undefined ? [] : [v];
  });
}

function compareValue(actual: unknown, op: CompareOp, expected: Value): boolean {
  if (expected === null) return op === 'eq' ? actual === null : op === 'ne' ? actual !== null : false;
  if (typeof expected === 'boolean' || typeof actual === 'boolean')
    return op === 'eq' ? actual === expected : op === 'ne' ? actual !== expected : false;
  if (typeof expected === 'number' && typeof actual === 'number') {
    const results = {
      eq: actual === expected,
      ne: actual !== expected,
      gt: actual > expected,
      ge: actual >= expected,
      lt: actual < expected,
      le: actual <= expected,
    };
    return (results as Partial<Record<CompareOp, boolean>>)[op] ?? false;
  }
  if (typeof actual !== 'string') return op === 'ne';
  // Strings compare case-insensitively here: ids and emails are what PATCH paths name.
  const a = actual.toLowerCase();
  const e = String(expected).toLowerCase();
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

/** Whether a JSON object matches a filter (PATCH path filters: `members[value eq "id"]`). */
export function matchesFilter(filter: Filter, object: unknown): boolean {
  switch (filter.kind) {
    case 'and':
      return matchesFilter(filter.left, object) && matchesFilter(filter.right, object);
    case 'or':
      return matchesFilter(filter.left, object) || matchesFilter(filter.right, object);
    case 'not':
      return !matchesFilter(filter.filter, object);
    case 'present':
      return valuesAt(object, filter.path).some((v) => v !== null && v !== '');
    case 'compare': {
      const values = valuesAt(object, filter.path);
      if (values.length === 0) return filter.op === 'ne' || (filter.op === 'eq' && filter.value === null);
      return values.some((v) => compareValue(v, filter.op, filter.value));
    }
    case 'valuePath': {
      const list = read(object, filter.path.attr);
      return (Array.isArray(list) ? list : []).some((item) => matchesFilter(filter.filter, item));
    }
  }
}
