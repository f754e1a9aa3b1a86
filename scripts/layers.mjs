// The layering rules of the tree, checked over the TypeScript import graph (`npm test` runs
// scripts/check-layers.mjs, which applies them to every tracked source file).
//
// Edges: every relative `import`/`export … from` and every `import()` whose specifier is a string.
// A type-only import (`import type …`, `export type … from`, or an import whose every name is marked
// `type`) is erased by the compiler: it is no edge at run time, so it is left out of the cycle check
// and allowed across layers (the layer rules are about code that runs). A dynamic `import()` is a
// run-time edge for both: it cannot see a half-initialised module, but a cycle through it still ties
// the files into one unit (neither can be loaded, split or understood without the other), so it
// counts as a cycle like a static one.
//
// Rules:
// 1. no cycle of run-time imports, static or `import()`, except the cycles of ALLOWED_CYCLES (a list
//    that may only shrink: an allowed cycle that is gone fails too, until it is removed from it);
// 2. `core/` imports neither `elements/` nor `server/`;
// 3. `elements/` does not import `server/`;
// 4. a non-test file in `server/routes/` imports no other file of `server/routes/` (shared parts live
//    in `server/http/` or `server/domain/`);
// 5. production code (anything that is not a test, a test-support file, a benchmark, a script or a
//    tool's configuration)
//    imports nothing from `test/` or a `test-support/` folder;
// 6. the shared rules in `core/domain/` run on the server and in the browser: at run time they import
//    nothing from `server/`, `core/api/` or `core/demo/`, and no Node.js built-in (`node:*`).
import ts from 'typescript';
import { dirname, join, normalize } from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** True for test files, the folders only tests use, and the tools' own configuration. */
export function isTestFile(path) {
  return (
    /\.(test|spec)\.(ts|tsx|mts|mjs)$/.test(path) ||
    /(^|\/)[^/]+\.config\.(ts|mts|mjs)$/.test(path) ||
    path.startsWith('test/') ||
    path.includes('/test-support/') ||
    path.startsWith('scripts/')
  );
}

/** The relative imports of one file: `{ specifier, typeOnly, dynamic }`. */
export function importsOf(path, text) {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const everyNameIsType =
        !!clause &&
        !clause.name &&
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: !!clause?.isTypeOnly || everyNameIsType,
        dynamic: false,
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const everyNameIsType =
        !!clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((element) => element.isTypeOnly);
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: node.isTypeOnly || everyNameIsType,
        dynamic: false,
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((entry) => entry.specifier.startsWith('.'));
}

/** Resolves a relative specifier against the set of known files (paths relative to the root). */
function resolveSpecifier(from, specifier, files) {
  const base = normalize(join(dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((extension) => stem + extension)]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

const top = (path) => path.split('/')[0];

/**
 * The run-time import cycles the tree still has, each as the sorted list of its files (a strongly
 * connected component of the import graph). Being broken elsewhere: remove a cycle once it is gone.
 * - The sign-in thunks and the parts they load lazily (`import()`), which import the thunks back;
 *   issue 25 breaks it in core/store/auth.
 */
export const ALLOWED_CYCLES = [];

function importGraph(files) {
  const violations = [];
  const graph = new Map();
  for (const [path, text] of files) {
    const edges = [];
    for (const entry of importsOf(path, text)) {
      const target = resolveSpecifier(path, entry.specifier, files);
      if (!target) continue;
      if (!entry.typeOnly) {
        if (top(path) === 'core' && (top(target) === 'elements' || top(target) === 'server'))
          violations.push(`${path} imports ${target}: core/ may not import ${top(target)}/`);
        if (top(path) === 'elements' && top(target) === 'server')
          violations.push(`${path} imports ${target}: elements/ may not import server/`);
        if (path.startsWith('server/routes/') && target.startsWith('server/routes/') && !isTestFile(path))
          violations.push(
            `${path} imports ${target}: a route file may not import another route file (move the shared part to server/http/ or server/domain/)`,
          );
        if (!isTestFile(path) && isTestFile(target))
          violations.push(`${path} imports ${target}: production code may not import test code`);
        if (path.startsWith('core/domain/') && !isTestFile(path) && /^core\/(api|demo)\//.test(target))
          violations.push(
            `${path} imports ${target}: core/domain/ may not import ${target.split('/').slice(0, -1).join('/')}/`,
          );
        edges.push(target);
      }
    }
    graph.set(path, edges);
    if (
      path.startsWith('core/domain/') &&
      !isTestFile(path) &&
      /(from\s+|import\s*\(\s*)['"]node:/.test(text)
    )
      violations.push(`${path} imports a Node.js built-in: core/domain/ runs in the browser too`);
  }
  return { graph, violations };
}

/**
 * Checks the rules over `files`, a Map of root-relative path to source text, with `allowedCycles`
 * (lists of files, as ALLOWED_CYCLES) let through. Returns one line per violation, sorted; an empty
 * list means the tree is layered as it should be.
 */
export function checkLayers(files, allowedCycles = []) {
  const { graph, violations } = importGraph(files);
  const key = (members) => [...members].sort().join(' ');
  const allowed = new Set(allowedCycles.map(key));
  const found = new Set();
  for (const cycle of findCycles(graph)) {
    const members = key(cycle.slice(0, -1));
    found.add(members);
    if (!allowed.has(members)) violations.push(`import cycle: ${cycle.join(' -> ')}`);
  }
  for (const members of allowed)
    if (!found.has(members))
      violations.push(
        `allowed import cycle is gone (${members}): remove it from ALLOWED_CYCLES in scripts/layers.mjs`,
      );
  return violations.sort();
}

/** The strongly connected components with more than one file (or a file importing itself), as cycles. */
function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const strongConnect = (start) => {
    // Iterative Tarjan: the import graph of a large tree would overflow a recursive one.
    const work = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++];
        if (!indices.has(target)) {
          indices.set(target, index);
          low.set(target, index);
          index += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(member) ?? []).includes(member);
        if (component.length > 1 || selfLoop) cycles.push(component.sort().concat(component[0]));
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) strongConnect(node);
  return cycles;
}
