#!/usr/bin/env node
/**
 * custom-elements.json (Custom Elements Manifest 2.1.0) for the package, generated from the
 * sources with TypeScript's compiler API, so it cannot drift from the typings:
 * - the tags and their element interfaces: `HTMLElementTagNameMap` in elements/shared/elementTypes.ts
 *   (the descriptions are those interfaces' doc comments);
 * - the attributes: `CommonAttributes` and each tag's own attributes in elements/react/jsx.ts;
 * - the events: `BusEvents` in core/bus.ts (every element re-dispatches its app's bus events as
 *   CustomEvents, elements/shared/ElementRoot.tsx).
 * Written by the build (rollup.config.mjs); also runs alone: `node scripts/build-manifest.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = new URL('../', import.meta.url);
const path = (rel) => fileURLToPath(new URL(rel, root));

function docOf(checker, symbol) {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

function typeText(checker, symbol, node) {
  return checker.typeToString(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, node)));
}

function findInterface(source, name) {
  let found;
  source.forEachChild(function visit(node) {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) found = node;
    else if (ts.isModuleDeclaration(node) && node.body) ts.forEachChild(node.body, visit);
  });
  if (!found) throw new Error(`interface ${name} not found in ${source.fileName}`);
  return found;
}

export function buildManifest() {
  const files = {
    types: path('elements/shared/elementTypes.ts'),
    jsx: path('elements/react/jsx.ts'),
    bus: path('core/bus.ts'),
  };
  const program = ts.createProgram(Object.values(files), {
    strict: true,
    jsx: ts.JsxEmit.ReactJSX,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = (file) => program.getSourceFile(file);

  // Events: every bus event, with its payload type as the event's detail.
  const busEvents = findInterface(source(files.bus), 'BusEvents');
  const events = busEvents.members.map((member) => {
    const symbol = checker.getSymbolAtLocation(member.name);
    const event = { name: symbol.name, type: { text: `CustomEvent<${typeText(checker, symbol, member)}>` } };
    const description = docOf(checker, symbol);
    return description ? { ...event, description } : event;
  });

  // Attributes: the common ones, then each tag's own (the type argument of Element<...>).
  const jsx = source(files.jsx);
  const attribute = (symbol, node) => {
    const result = { name: symbol.name, type: { text: typeText(checker, symbol, node) } };
    const description = docOf(checker, symbol);
    return description ? { ...result, description } : result;
  };
  const common = findInterface(jsx, 'CommonAttributes').members.map((member) =>
    attribute(checker.getSymbolAtLocation(member.name), member),
  );
  const ownAttributes = new Map();
  for (const member of findInterface(jsx, 'AuthElementsIntrinsicElements').members) {
    const tag = member.name.text;
    const [own] = member.type.typeArguments ?? [];
    const properties = own ? checker.getTypeFromTypeNode(own).getProperties() : [];
    ownAttributes.set(
      tag,
      properties.map((symbol) => attribute(symbol, own)),
    );
  }

  // Tags, their classes' names and descriptions.
  const tagMap = findInterface(source(files.types), 'HTMLElementTagNameMap');
  const { version } = JSON.parse(readFileSync(path('package.json'), 'utf8'));
  const modules = tagMap.members.map((member) => {
    const tag = member.name.text;
    const className = member.type.typeName.text;
    const classSymbol = checker.getSymbolAtLocation(member.type.typeName);
    const target =
      classSymbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(classSymbol) : classSymbol;
    if (!ownAttributes.has(tag)) throw new Error(`<${tag}> has no JSX typing in elements/react/jsx.ts`);
    const modulePath = `cdn/${version}/${tag.replace(/^auth-/, '').replace(/^checkout-dialog$/, 'checkout')}/index.js`;
    return {
      kind: 'javascript-module',
      path: modulePath,
      declarations: [
        {
          kind: 'class',
          name: className,
          tagName: tag,
          customElement: true,
          description: docOf(checker, target),
          superclass: { name: 'HTMLElement' },
          attributes: [...common, ...ownAttributes.get(tag)],
          events,
        },
      ],
      exports: [
        {
          kind: 'custom-element-definition',
          name: tag,
          declaration: { name: className, module: modulePath },
        },
      ],
    };
  });
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

export function writeManifest() {
  writeFileSync(path('custom-elements.json'), `${JSON.stringify(buildManifest(), null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeManifest();
