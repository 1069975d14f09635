/**
 * The OpenAPI description the client packages are generated from: the service's own generator
 * (api/openapi/generate.ts) over the mounted REST resources, with a fixed base URL so the output
 * depends on the API surface only (the clients take their base URL at run time).
 */
import { buildOpenApi, type Json, type OpenApiDocument } from '../api/openapi/generate.ts';
import { RESOURCES } from '../api/rest/index.ts';

export type { Json, OpenApiDocument };

export function clientOpenApi(): OpenApiDocument {
  return buildOpenApi(RESOURCES, { publicUrl: 'http://localhost:8080' });
}

/** Prose and samples: documentation, not shape. */
const PROSE = new Set(['description', 'example', 'examples', 'x-codeSamples', 'externalDocs']);
/** Keywords whose members are named by the API (a property may well be called `description`). */
const NAMED_MEMBERS = new Set(['properties', 'patternProperties', '$defs']);

/**
 * `doc` without its prose (descriptions, examples, code samples): what the generated types are
 * made from, so they change when a path, parameter or shape changes, not when documentation is
 * reworded (the prose is at /api-docs and /openapi.yaml). Summaries stay (one line per operation).
 */
export function shapeOnly<T>(doc: T): T {
  const walk = (node: unknown, named: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, false));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (!named && PROSE.has(k)) continue;
      out[k] = named ? walk(v, false) : walk(v, NAMED_MEMBERS.has(k));
    }
    return out;
  };
  return walk(doc, false) as T;
}

/** An offset-paginated operation: `limit` and `offset` query parameters, items in the response or one of its arrays. */
export interface PagedOperation {
  path: string;
  operationId: string;
  /** The array property holding the page's items; null when the response is the array itself. */
  items: string | null;
  /** The largest `limit` the operation accepts (used as the page size unless the caller sets `limit`). */
  maxLimit: number;
  /** The largest `offset` the operation accepts: iteration ends there. */
  maxOffset: number;
}

/**
 * Which array is the page when a paged response has several (the others are page-independent
 * context, e.g. the glossary's topic list). A new paged route whose items cannot be told apart
 * fails generation until it is listed here.
 */
const ITEMS_WHEN_AMBIGUOUS: Record<string, string> = { '/glossary': 'terms' };

/** Every GET operation of `doc` with integer `limit` and `offset` query parameters, by path. */
export function pagedOperations(doc: OpenApiDocument): PagedOperation[] {
  const out: PagedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.get as Json | undefined;
    if (!op) continue;
    const params = (op.parameters ?? []) as Json[];
    const param = (name: string) => params.find((p) => p.in === 'query' && p.name === name)?.schema as Json | undefined;
    const limit = param('limit');
    const offset = param('offset');
    if (!limit || !offset) continue;
    const ok = (((op.responses as Json)['200'] as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
    const schema = ok?.schema as Json | undefined;
    if (!schema) throw new Error(`${path}: a paged operation needs a JSON 200 response`);
    let items: string | null = null;
    if (schema.type !== 'array') {
      const arrays = Object.entries((schema.properties ?? {}) as Record<string, Json>).filter(([, s]) => s.type === 'array').map(([k]) => k);
      const chosen = arrays.length === 1 ? arrays[0] : ITEMS_WHEN_AMBIGUOUS[path];
      if (!chosen || !arrays.includes(chosen)) throw new Error(`${path}: cannot tell which array of the response is the page (${arrays.join(', ') || 'none'}); list it in ITEMS_WHEN_AMBIGUOUS (clients/openapi.ts)`);
      items = chosen;
    }
    const max = (s: Json, fallback: number) => (typeof s.maximum === 'number' ? s.maximum : fallback);
    out.push({ path, operationId: op.operationId as string, items, maxLimit: max(limit, 100), maxOffset: max(offset, Number.MAX_SAFE_INTEGER) });
  }
  return out;
}
