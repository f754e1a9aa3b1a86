/**
 * SCIM PATCH (RFC 7644 §3.5.2; domain/scim.ts): the PatchOp message read as IdPs send it, and its
 * operations applied to a resource's JSON (the result is then checked as a PUT body would be).
 */
import { isObject, PATCH_SCHEMA, ScimError, type Json } from './scim';
import { parsePatchPath, ScimFilterError, type Filter } from './scim-filter';
import { matchesFilter } from './scim-filter-match';

/** Operations in one PATCH request. */
const MAX_OPERATIONS = 100;

interface Operation {
  op: 'add' | 'replace' | 'remove';
  path: string | null;
  value: unknown;
}

export /** The PatchOp message (RFC 7644 §3.5.2): `schemas` and `Operations` (any case, as IdPs send it). */
function operationsOf(body: Json): Operation[] {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA))
    throw new ScimError(400, `A PATCH request names the schema ${PATCH_SCHEMA}`, 'invalidSyntax');
  const key = Object.keys(body).find((k) => k.toLowerCase() === 'operations');
  const list = key ? body[key] : undefined;
  if (!Array.isArray(list) || list.length === 0)
    throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax');
  if (list.length > MAX_OPERATIONS)
    throw new ScimError(400, `At most ${MAX_OPERATIONS} operations at once`, 'invalidSyntax');
  return list.map((raw) => {
    if (!isObject(raw)) throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    const op = Object.entries(raw).find(([k]) => k.toLowerCase() === 'op')?.[1];
    const path = Object.entries(raw).find(([k]) => k.toLowerCase() === 'path')?.[1];
    const value = Object.entries(raw).find(([k]) => k.toLowerCase() === 'value')?.[1];
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove')
      throw new ScimError(400, 'op must be add, replace or remove', 'invalidSyntax');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw new ScimError(400, 'path must be a string', 'invalidPath');
    if (name !== 'remove' && value === undefined)
      throw new ScimError(400, `${name} needs a value`, 'invalidValue');
    return { op: name, path: typeof path === 'string' && path.trim() ? path.trim() : null, value };
  });
}

/** The key of `object` for a lower-cased attribute name (existing spelling, else canonical). */
function keyFor(object: Json, attr: string, names: Record<string, string>): string {
  return Object.keys(object).find((k) => k.toLowerCase() === attr) ?? names[attr] ?? attr;
}

/** Multi-valued items are the same when their `value` is (members, emails). */
function mergeItems(existing: unknown, added: unknown[]): unknown[] {
  const list = Array.isArray(existing) ? [...existing] : [];
  for (const item of added) {
    const value = isObject(item) ? item.value : undefined;
    const at =
      value === undefined
        ? -1
        : list.findIndex((e) => isObject(e) && String(e.value).toLowerCase() === String(value).toLowerCase());
    if (at >= 0) list[at] = { ...(list[at] as Json), ...(item as Json) };
    else list.push(item);
  }
  return list;
}

/** Applies PATCH operations to a resource's JSON; read-only attributes stay as they were. */
export function applyPatch(
  resource: Json,
  operations: Operation[],
  coreUri: string,
  names: Record<string, string>,
): Json {
  const doc: Json = structuredClone(resource);
  for (const operation of operations) {
    if (operation.path === null) {
      if (operation.op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
      if (!isObject(operation.value))
        throw new ScimError(400, `${operation.op} without a path needs an object value`, 'invalidValue');
      // Each key is a path of its own (Okta: { active: false }; Azure: { "name.givenName": "x" }).
      for (const [key, value] of Object.entries(operation.value)) {
        if (key === 'schemas' || key === 'id' || key === 'meta') continue;
        applyOne(doc, operation.op, key, value, coreUri, names);
      }
    } else {
      applyOne(doc, operation.op, operation.path, operation.value, coreUri, names);
    }
  }
  return doc;
}

const READ_ONLY = new Set(['id', 'meta', 'schemas', 'groups']);

function applyOne(
  doc: Json,
  op: Operation['op'],
  pathText: string,
  value: unknown,
  coreUri: string,
  names: Record<string, string>,
) {
  let parsed;
  try {
    parsed = parsePatchPath(pathText);
  } catch (error) {
    if (error instanceof ScimFilterError) throw new ScimError(400, error.message, 'invalidPath');
    throw error;
  }
  const { path, filter, sub } = parsed;
  // An extension's attribute lives in the object named by its URN (kept as sent).
  let target: Json = doc;
  if (path.uri !== null && path.uri !== coreUri.toLowerCase()) {
    const key = Object.keys(doc).find((k) => k.toLowerCase() === path.uri) ?? originalUri(pathText);
    if (!isObject(doc[key])) doc[key] = {};
    target = doc[key] as Json;
  }
  if (READ_ONLY.has(path.attr) && target === doc) {
    throw new ScimError(400, `${path.attr} is read-only`, 'mutability');
  }
  const key = keyFor(target, path.attr, target === doc ? names : {});
  if (filter === null) {
    if (path.sub === null) return applyAttribute(target, key, op, value);
    if (!isObject(target[key])) {
      if (op === 'remove') return;
      target[key] = {};
    }
    const parent = target[key] as Json;
    return applyAttribute(parent, keyFor(parent, path.sub, {}), op, value);
  }
  // attr[filter] or attr[filter].sub
  const list = Array.isArray(target[key]) ? (target[key] as unknown[]) : [];
  const matching = list.filter((item) => matchesFilter(filter, item));
  if (op === 'remove') {
    if (sub === null) target[key] = list.filter((item) => !matching.includes(item));
    else for (const item of matching) delete (item as Json)[keyFor(item as Json, sub, {})];
    return;
  }
  if (matching.length === 0) {
    // Azure: replace emails[type eq "work"].value when there is no work email yet: add one.
    const created: Json = { ...equalities(filter) };
    if (sub === null) {
      if (!isObject(value))
        throw new ScimError(400, `The value for ${pathText} must be an object`, 'invalidValue');
      Object.assign(created, value);
    } else created[sub] = value;
    target[key] = [...list, created];
    return;
  }
  for (const item of matching) {
    const obj = item as Json;
    if (sub === null) {
      if (!isObject(value))
        throw new ScimError(400, `The value for ${pathText} must be an object`, 'invalidValue');
      Object.assign(obj, value);
    } else obj[keyFor(obj, sub, {})] = value;
  }
}

/** The URN as written in the path (keys keep the IdP's spelling). */
function originalUri(pathText: string): string {
  const bracket = pathText.indexOf('[');
  const head = bracket >= 0 ? pathText.slice(0, bracket) : pathText;
  return head.slice(0, head.lastIndexOf(':'));
}

/** The `attr eq value` parts of a filter (what a value created from a path filter holds). */
function equalities(filter: Filter): Json {
  if (filter.kind === 'compare' && filter.op === 'eq' && !filter.path.sub)
    return { [filter.path.attr]: filter.value };
  if (filter.kind === 'and') return { ...equalities(filter.left), ...equalities(filter.right) };
  return {};
}

function applyAttribute(target: Json, key: string, op: Operation['op'], value: unknown): void {
  if (op === 'remove') {
    // Azure removes members by value: { op: remove, path: members, value: [{ value: id }] }.
    if (Array.isArray(value) && Array.isArray(target[key])) {
      const gone = new Set(
        value.map((v) => (isObject(v) ? String(v.value).toLowerCase() : String(v).toLowerCase())),
      );
      target[key] = (target[key] as unknown[]).filter(
        (item) => !(isObject(item) && gone.has(String(item.value).toLowerCase())),
      );
    } else delete target[key];
    return;
  }
  if (op === 'add' && Array.isArray(target[key])) {
    target[key] = mergeItems(target[key], Array.isArray(value) ? value : [value]);
    return;
  }
  if (op === 'add' && isObject(target[key]) && isObject(value)) {
    target[key] = { ...(target[key] as Json), ...value };
    return;
  }
  target[key] = value;
}
