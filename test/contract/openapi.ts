// The contract suite's check of every answer against the server's OpenAPI document (issue 13,
// item 7): both targets (targets.ts) pass each answer through `assertMatchesOpenApi`, so an answer
// of the server or of the demo backend that the document does not describe fails its test.
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildServer } from '../../server/app';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

let documentPromise: Promise<OpenApiDocument> | undefined;

/** The document, generated once per process by a server built for the purpose. */
export function openApiDocument(): Promise<OpenApiDocument> {
  documentPromise ??= (async () => {
    const server = await buildServer({
      database: { kind: 'pglite' },
      seed: false,
      passwordHashing: { N: 1024, r: 8, p: 1 },
      devOutbox: true,
    });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/frontegg/openapi.json' });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as OpenApiDocument;
    } finally {
      await server.close();
    }
  })();
  return documentPromise;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new Map<string, ValidateFunction>();

/** `/frontegg/x/{id}` -> a matcher of concrete paths. */
function matcher(template: string): RegExp {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`);
}

/** The operation a request reaches: a literal path wins over a templated one. */
function findOperation(document: OpenApiDocument, method: string, path: string) {
  const candidates = Object.entries(document.paths)
    .filter(([template, item]) => item[method.toLowerCase()] && matcher(template).test(path))
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const [template, item] = candidates[0] ?? [];
  return template && item ? { template, operation: item[method.toLowerCase()]! } : undefined;
}

/** How many answers were checked (figures for the report). */
export const openApiChecks = { answers: 0, unchecked: 0 };

/**
 * Fails unless the document has the operation, a response for the status (`200`, else `2XX`,
 * else `default`) and the body matches that response's JSON schema.
 */
export async function assertMatchesOpenApi(
  method: string,
  fullPath: string,
  status: number,
  body: unknown,
): Promise<void> {
  const document = await openApiDocument();
  const path = fullPath.split('?')[0]!;
  const found = findOperation(document, method, path);
  assert.ok(found, `OpenAPI: no operation ${method} ${path}`);
  const responses = found.operation.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
  const where = `${method} ${found.template} ${status}`;
  assert.ok(key, `OpenAPI: ${where} is not documented`);
  const schema = responses[key]!.content?.['application/json']?.schema;
  // No body schema: a route whose answers are not described yet (server/http/openapi.test.ts
  // NOT_YET), or an answer without a body. Counted, so the report can say how many.
  if (schema === undefined) return void (openApiChecks.unchecked += 1);
  const id = `${where} (${key})`;
  let validate = compiled.get(id);
  if (!validate) {
    validate = ajv.compile({ ...(schema as object), components: document.components });
    compiled.set(id, validate);
  }
  openApiChecks.answers += 1;
  if (!validate(body))
    assert.fail(
      `OpenAPI: the answer to ${where} does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}
