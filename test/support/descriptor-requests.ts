// Requests derived from the route table's descriptors (core/contract/routes), for a test that calls
// every route (server/permission-matrix.test.ts): every `:param` and required field takes the value
// the test names for it, else one its schema says is valid.
import type { RouteDescriptor } from '../../core/contract/routes';

type Json = any; // answers, fixtures, schemas
/** A route as the test calls it: `key` is `METHOD path` (path as in the table), `path` with the prefix. */
export interface Target {
  key: string;
  method: string;
  path: string;
  route: RouteDescriptor;
}
/** The request being built: `who` makes it; `get` gives a name's value, made once per request. */
export type Ctx<W> = {
  key: string;
  path: string;
  who: W;
  fresh: boolean;
  get: (name: string) => Promise<Json>;
};
/** Named values: a value, or a function of the request being built that makes it. */
export type Vals<W> = Record<string, string | number | boolean | object | ((c: Ctx<W>) => unknown)>;
type Has<W> = Ctx<W> & { has: (name: string) => boolean };

let seq = 0;

/** `where` (`/…`: every route whose path holds it; `METHOD /…`: whose path ends so) applies to the route. */
export function applies(where: string, g: Target) {
  const [method, path] = where.startsWith('/') ? [g.method, where] : where.split(' ');
  return method === g.method && (where.startsWith('/') ? g.path.includes(path!) : g.path.endsWith(path!));
}

/**
 * An example of `s` for the field `name`: its named value, else the first of an enum, false, the
 * minimum, as many items as required, the required fields (or the first, when one is needed), a
 * text that the pattern accepts; a text it refuses asks for a named value.
 */
async function example<W>(s: Json, name: string, c: Has<W>): Promise<Json> {
  if (c.has(name)) return c.get(name);
  const alt = s.anyOf?.[0] ?? (s.type ? undefined : s.oneOf?.[0]);
  if (alt) return example(alt, name, c);
  const type = [s.type ?? 'string'].flat().find((t) => t !== 'null');
  if (s.enum) return s.enum[0];
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'array')
    return Promise.all(Array.from({ length: s.minItems ?? 0 }, () => example(s.items, name, c)));
  if (type === 'object') {
    const props = s.properties ?? {};
    const names = new Set<string>([...(s.required ?? []), ...(s.oneOf?.[0]?.required ?? [])]);
    if (!names.size && s.minProperties) names.add(Object.keys(props)[0]!);
    for (const n of Object.keys(props)) if (c.has(`+${n}`)) names.add(n);
    const out: Record<string, unknown> = {};
    for (const n of names) out[n] = await example(props[n] ?? {}, n, c);
    return out;
  }
  if (s.format === 'email') return `derived-${++seq}@example.com`;
  const text = `matrix-${name.toLowerCase()}-${++seq}`.slice(0, s.maxLength).padEnd(s.minLength ?? 0, '0');
  return !s.pattern || new RegExp(s.pattern, 'u').test(text) ? text : c.get(name);
}

/**
 * The request of a route as `who` makes it, from the values of every `values` key that applies
 * (a later one wins; `$before` makes a state the request needs; `+field`: an optional field given
 * too). `set` values win and apply to optional fields too (one that no field takes goes into the
 * body). `dry`: nothing is made, the names without a value are collected.
 */
export function requestsFrom<W>(values: Record<string, Vals<W>>) {
  return async function requestOf(
    g: Target,
    who: W,
    set: Vals<W> = {},
    fresh = g.method === 'DELETE',
    dry?: string[],
  ): Promise<{ url: string; payload?: Json }> {
    const vals: Vals<W> = {};
    for (const [where, given] of Object.entries(values)) if (applies(where, g)) Object.assign(vals, given);
    Object.assign(vals, set);
    const optional = new Set(
      Object.keys({ ...vals, ...set }).flatMap((n) => (n.startsWith('+') ? [n.slice(1)] : [])),
    );
    for (const n of optional) vals[n] = vals[`+${n}`]!;
    for (const n of Object.keys(set)) optional.add(n);
    const memo = new Map<string, Promise<Json>>();
    const made = (v: Vals<W>[string]) => Promise.resolve(typeof v === 'function' ? v(c) : v);
    const c: Has<W> = {
      ...{ key: g.key, path: g.path, who, fresh },
      has: (name: string) => (name.startsWith('+') ? optional.has(name.slice(1)) : name in vals),
      get: (name: string): Promise<Json> => {
        if (!(name in vals)) dry?.push(name);
        if (dry || !(name in vals))
          return dry ? Promise.resolve('dry') : Promise.reject(new Error(`no ${name}`));
        if (!memo.has(name)) memo.set(name, made(vals[name]!));
        return memo.get(name)!;
      },
    };
    if (!dry && vals.$before) await made(vals.$before);
    let url = g.path;
    for (const [, name] of g.path.matchAll(/:(\w+)/g))
      url = url.replace(`:${name}`, String(await c.get(name!)));
    const { body, querystring } = (g.route.request ?? {}) as Json;
    const query = querystring ? new URLSearchParams(await example(querystring, '', c)).toString() : '';
    const payload = body ? await example(body, '', c) : {};
    const extra = Object.keys(set).filter((n) => !memo.has(n) && !/^[$+]/.test(n));
    for (const n of extra) payload[n] = await c.get(n);
    return { url: query ? `${url}?${query}` : url, ...(body || extra.length ? { payload } : {}) };
  };
}
