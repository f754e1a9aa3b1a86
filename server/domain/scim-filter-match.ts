/**
 * A parsed SCIM filter (scim-filter.ts) evaluated against a JSON object: the filters of PATCH
 * paths such as `members[value eq "id"]` (RFC 7644 §3.5.2).
 */
import type { AttrPath, CompareOp, Filter, Value } from './scim-filter';

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
