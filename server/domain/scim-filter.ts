/**
 * SCIM 2.0 filters and attribute paths (RFC 7644 §3.4.2.2 and §3.5.2), parsed by a hand-written
 * recursive-descent parser (no regular-expression matching of whole filters), then either compiled
 * to a parameterised SQL condition (listing Users and Groups: scim-filter-sql.ts) or evaluated
 * against a JSON object (PATCH paths such as `members[value eq "id"]`: scim-filter-match.ts).
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
export type CompareOp = (typeof COMPARE_OPS)[number];
export type Value = string | number | boolean | null;

/** An attribute path: `uri` (lower-cased, e.g. the enterprise extension's), `attr` and `sub` (lower-cased). */
export interface AttrPath {
  uri: string | null;
  attr: string;
  sub: string | null;
}

export type Filter =
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
