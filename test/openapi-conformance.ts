/**
 * Response conformance against the generated OpenAPI description: every response a test receives
 * must be a documented status of that operation, and its JSON body must validate against the
 * documented schema (JSON Schema 2020-12, ajv). Any suite can use it:
 *
 * @example
 * const res = await t.app.inject('/api/ticker-search?q=apple');
 * assertConforms('GET', '/api/ticker-search?q=apple', res.statusCode, json(res));
 * // or, with headers checked too:
 * assertInjected('GET', '/api/ticker-search?q=apple', res);
 *
 * The document is built once per process from RESOURCES (the same generator `/openapi.yaml` uses).
 * ajv is a dependency of fastify and @apidevtools/swagger-parser, so it is always installed.
 */
import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApi, type Json, type OpenApiDocument } from '../api/openapi/generate.ts';
import { isApiPath, normaliseApiPrefix, requestPath } from '../api/request-path.ts';
import { RESOURCES } from '../api/rest/index.ts';
import type { Resource } from '../api/route.ts';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const DOC_ID = 'https://almanac.test/openapi.json';

interface Conformance {
  doc: OpenApiDocument;
  ajv: Ajv2020;
  templates: { path: string; re: RegExp }[];
  validators: Map<string, ValidateFunction>;
}

let state: Conformance | null = null;

/** Builds (once) the document and validator; pass `resources` to check a custom set. */
export function conformance(resources: Resource[] = RESOURCES): Conformance {
  if (state && resources === RESOURCES) return state;
  const doc = buildOpenApi(resources, { publicUrl: 'http://localhost' });
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, ...(structuredClone(doc) as object) });
  const params = (p: string) => p.match(/\{/g)?.length ?? 0;
  const templates = Object.keys(doc.paths)
    .map((path) => ({ path, re: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`) }))
    // Literal segments first: `/keys/list` must win over `/keys/{id}`. A parameter may be empty
    // (`/watchlists//tickers`): the router matches it, so its refusal must conform too.
    .sort((a, b) => params(a.path) - params(b.path));
  const made = { doc, ajv, templates, validators: new Map<string, ValidateFunction>() };
  if (resources === RESOURCES) state = made;
  return made;
}

function pointer(parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function resolve(doc: OpenApiDocument, node: Json): { node: Json; at: string[] | null } {
  let at: string[] | null = null;
  let cur = node;
  while (typeof cur.$ref === 'string') {
    at = (cur.$ref as string).replace(/^#\//, '').split('/');
    cur = at.reduce<unknown>((o, k) => (o as Json)[k], doc) as Json;
  }
  return { node: cur, at };
}

/** The OpenAPI path template an URL (`/api/keys/abc?x=1`, `/api/v1/...`) belongs to. */
export function matchPath(url: string, c: Conformance = conformance()): string | null {
  const bare = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!.replace(/\/+$/, '') || '/';
  const sub = bare.replace(/^\/api\/v1(?=\/|$)/, '').replace(/^\/api(?=\/|$)/, '');
  return c.templates.find((t) => t.re.test(sub))?.path ?? null;
}

/** Throws unless `status` is documented for the operation and `body` matches its JSON schema. */
export function assertConforms(method: string, url: string, status: number, body: unknown, headers?: Record<string, unknown>, resources?: Resource[]): void {
  const c = conformance(resources);
  const path = matchPath(url, c);
  if (!path) throw new Error(`OpenAPI: no documented path matches ${method} ${url}`);
  // HEAD is answered for every GET path (RFC 9110 9.3.2; the document's description says so): the
  // GET's statuses and headers. Its body is not checked: an onSend hook sees the GET's, which
  // Fastify drops after it (test/api/head.test.ts checks that none is sent).
  const head = method.toUpperCase() === 'HEAD';
  const op = c.doc.paths[path]![head ? 'get' : method.toLowerCase()] as Json | undefined;
  if (!op) throw new Error(`OpenAPI: ${method} is not documented for ${path}`);
  const responses = op.responses as Record<string, Json>;
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : 'default' in responses ? 'default' : null;
  if (!key) throw new Error(`OpenAPI: ${method} ${path} does not document status ${status} (documented: ${Object.keys(responses).join(', ')})`);
  const { node: response, at } = resolve(c.doc, responses[key]!);
  const base = at ?? ['paths', path, method.toLowerCase(), 'responses', key];
  const content = response.content as Record<string, Json> | undefined;
  if (headers) {
    for (const [name, h] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = resolve(c.doc, h).node;
      if (header.required && headers[name.toLowerCase()] === undefined) throw new Error(`OpenAPI: ${method} ${path} ${status} must carry header ${name}`);
    }
  }
  if (head) return;
  if (!content) {
    if (body !== undefined && body !== null && body !== '') throw new Error(`OpenAPI: ${method} ${path} ${status} documents no body, got ${String(JSON.stringify(body)).slice(0, 200)}`);
    return;
  }
  const mediaType = String(headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType && !/json/.test(mediaType) && body === undefined) {
    // A non-JSON representation (CSV, Arrow, Parquet, YAML...): its media type must be documented; the bytes are not validated here.
    if (!Object.keys(content).some((k) => k.split(';')[0]!.trim().toLowerCase() === mediaType)) throw new Error(`OpenAPI: ${method} ${path} ${status} answered ${mediaType}, documented: ${Object.keys(content).join(', ')}`);
    return;
  }
  const json = content['application/json'];
  if (!json) return; // a non-JSON representation (CSV, Arrow, YAML...): documented, not validated here
  const ref = `${DOC_ID}#/${pointer([...base, 'content', 'application/json', 'schema'])}`;
  let validate = c.validators.get(ref);
  if (!validate) {
    validate = c.ajv.compile({ $ref: ref });
    c.validators.set(ref, validate);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    throw new Error(`OpenAPI: ${method} ${url} ${status} body does not match the documented schema:\n  ${errors.join('\n  ')}\n  body: ${String(JSON.stringify(body)).slice(0, 400)}`);
  }
}

/** `assertConforms` for a light-my-request response (`app.inject`): parses JSON, checks headers. */
export function assertInjected(method: string, url: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }, resources?: Resource[]): void {
  const type = String(res.headers['content-type'] ?? '');
  const body = /json/.test(type) && res.body ? (JSON.parse(res.body) as unknown) : res.body === '' ? undefined : res.body;
  if (!/json/.test(type) && res.body) {
    // Non-JSON: only the status (and that the media type is documented) can be checked.
    assertConforms(method, url, res.statusCode, undefined, res.headers, resources);
    return;
  }
  assertConforms(method, url, res.statusCode, body, res.headers, resources);
}

/** Violations seen by `conformancePlugin` in this process (method, url, status and the reason). */
export const violations: string[] = [];
/** Responses `conformancePlugin` checked, by status. */
export const checked = new Map<number, number>();

/**
 * A server plugin that checks every response of a documented `/api` route as it is sent, so a
 * whole suite checks conformance without touching its assertions:
 * `sampleApp({ server: { plugins: [conformancePlugin()] } })`, then `assert.equal(violations, [])`.
 * `mode: 'throw'` turns a violation into a 500 instead (the test then fails on the status).
 */
const withPlugin = new WeakSet<object>();

/** A pre-serialised body, uncompressed when it was cached compressed. */
function decoded(payload: Buffer, encoding: string): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(payload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(payload).toString('utf8');
  return payload.toString('utf8');
}

export function conformancePlugin(mode: 'record' | 'throw' = 'record'): (app: import('fastify').FastifyInstance) => Promise<void> {
  return async (app) => {
    // Once per server, however many suites or helpers ask for it.
    if (withPlugin.has(app)) return;
    withPlugin.add(app);
    app.addHook('onSend', async (req, reply, payload) => {
      const def = req.routeOptions.config?.def;
      // The operation the router matched (`/%61pi/data` is `/api/data`, issue 13.1): its pattern,
      // parameters as placeholders (a decoded value may hold a slash).
      const path = normaliseApiPrefix((req.routeOptions.url ?? requestPath(req)).replace(/:[A-Za-z0-9_]+/g, 'x'));
      if (!def || def.hidden || def.root || !isApiPath(path)) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      let body: unknown = undefined;
      // Pre-serialised answers (cached bodies) are Buffers: judged like strings.
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? decoded(payload, String(reply.getHeader('content-encoding') ?? '')) : '';
      if (text !== '') body = /json/.test(type) ? JSON.parse(text) : undefined;
      const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
      checked.set(reply.statusCode, (checked.get(reply.statusCode) ?? 0) + 1);
      try {
        assertConforms(req.method, path, reply.statusCode, body, headers);
      } catch (err) {
        const message = (err as Error).message;
        violations.push(message);
        if (mode === 'throw') throw err;
      }
      return payload;
    });
  };
}
