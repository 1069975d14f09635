/**
 * Generates the Python client's typed layer from the service's OpenAPI description:
 * `almanac_client/_generated.py` holds a TypedDict for every named schema, every operation's
 * JSON success response and request body (nested objects get their own TypedDicts), and the
 * `Operations` mixin: one keyword-only method per operation (`get_ticker_search(q=..., limit=...)`)
 * that calls `self._request`. Pure standard-library Python 3.11 (typing.TypedDict, NotRequired,
 * Literal); nothing to install.
 */
import { pagedOperations, type Json, type OpenApiDocument } from '../openapi.ts';

const PY_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self body'.split(' '),
);

const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('') || 'Value';

const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();

/** A Python identifier for an API parameter name (`from` -> `from_`, `as-of` -> `as_of`). */
export function pyParam(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9]/.test(id)) id = `p_${id}`;
  return PY_KEYWORDS.has(id) ? `${id}_` : id;
}

const pyString = (s: string): string => JSON.stringify(s);
const pyLiteral = (v: unknown): string => (v === null ? 'None' : typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' ? pyString(v) : String(v));

class PythonTypes {
  readonly defs: string[] = [];
  private readonly used = new Set<string>();

  constructor(doc: OpenApiDocument) {
    for (const name of Object.keys(doc.components.schemas)) this.used.add(pascal(name));
    for (const [name, schema] of Object.entries(doc.components.schemas)) this.named(pascal(name), schema, true);
  }

  private unique(hint: string): string {
    let name = pascal(hint);
    for (let n = 2; this.used.has(name); n++) name = `${pascal(hint)}${n}`;
    this.used.add(name);
    return name;
  }

  /** Emits `schema` under `name` when it is an object with properties; returns its type expression. */
  private named(name: string, schema: Json, reserved = false): string {
    const props = schema.properties as Record<string, Json> | undefined;
    if (schema.type === 'object' && props && !schema.anyOf && !schema.oneOf) {
      const required = new Set((schema.required ?? []) as string[]);
      const fields = Object.entries(props).map(([key, s]) => {
        const type = this.type(s, `${name}_${key}`);
        return `    ${pyString(key)}: ${required.has(key) ? pyString(type) : `NotRequired[${pyString(type)}]`},`;
      });
      const doc = typeof schema.description === 'string' ? `\n"""${schema.description.replace(/"""/g, "'''").replace(/\\/g, '\\\\')}"""` : '';
      this.defs.push(`${name} = TypedDict(${pyString(name)}, {\n${fields.join('\n')}\n})${doc}\n`);
      return name;
    }
    const type = this.type(schema, name, true);
    if (reserved) this.defs.push(`${name} = ${type}\n`);
    return type;
  }

  /** The Python type expression of `schema`; object shapes become TypedDicts named after `hint`. */
  type(schema: Json | undefined, hint: string, inline = false): string {
    if (!schema || typeof schema !== 'object') return 'Any';
    if (typeof schema.$ref === 'string') {
      const m = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
      return m ? pascal(m[1]!) : 'Any';
    }
    if ('const' in schema) return `Literal[${pyLiteral(schema.const)}]`;
    if (Array.isArray(schema.enum)) {
      const values = schema.enum as unknown[];
      const lits = values.filter((v) => v !== null).map(pyLiteral);
      const lit = lits.length ? `Literal[${lits.join(', ')}]` : 'None';
      return values.includes(null) && lits.length ? `${lit} | None` : lit;
    }
    const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (Array.isArray(variants)) return this.union(variants.map((v, i) => this.type(v, variants.length > 1 ? `${hint}_${i + 1}` : hint)));
    if (Array.isArray(schema.allOf)) return (schema.allOf as Json[]).length === 1 ? this.type((schema.allOf as Json[])[0], hint) : 'dict[str, Any]';
    if (Array.isArray(schema.type)) return this.union((schema.type as string[]).map((t) => this.type({ ...schema, type: t }, hint)));
    switch (schema.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array': {
        if (Array.isArray(schema.prefixItems)) return `tuple[${(schema.prefixItems as Json[]).map((s, i) => this.type(s, `${hint}_${i + 1}`)).join(', ')}]`;
        return `list[${this.type(schema.items as Json | undefined, `${hint}_item`)}]`;
      }
      case 'object': {
        if (schema.properties && Object.keys(schema.properties as Json).length) return this.named(inline ? hint : this.unique(hint), schema);
        const extra = schema.additionalProperties;
        return extra && typeof extra === 'object' ? `dict[str, ${this.type(extra as Json, `${hint}_value`)}]` : 'dict[str, Any]';
      }
      default:
        return 'Any';
    }
  }

  private union(types: string[]): string {
    const flat = [...new Set(types.flatMap((t) => t.split(' | ')))];
    if (flat.includes('Any')) return 'Any';
    const nonNull = flat.filter((t) => t !== 'None');
    return flat.includes('None') ? [...nonNull, 'None'].join(' | ') : nonNull.join(' | ');
  }
}

interface PyParam {
  wire: string;
  py: string;
  type: string;
  required: boolean;
  location: 'path' | 'query';
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The generated files of the Python client, by path relative to clients/python. */
export function pythonFiles(doc: OpenApiDocument): Record<string, string> {
  const types = new PythonTypes(doc);
  const methods: string[] = [];
  const pagedRows: string[] = [];
  const iterators: string[] = [];
  const paged = new Map(pagedOperations(doc).map((p) => [p.path, p]));
  const parameterRefs = doc.components.parameters as Record<string, Json>;

  for (const [path, item] of Object.entries(doc.paths)) {
    if ((item as Json).servers) continue; // root pages (OpenAPI, llms.txt) are not API calls
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const opId = String(op.operationId);
      const name = snake(opId);
      const base = pascal(opId);
      const params: PyParam[] = [];
      for (const raw of (op.parameters ?? []) as Json[]) {
        const p = typeof raw.$ref === 'string' ? parameterRefs[raw.$ref.split('/').pop()!]! : raw;
        if (p.in !== 'path' && p.in !== 'query') continue; // headers (CSRF) belong to browser sessions
        params.push({ wire: String(p.name), py: pyParam(String(p.name)), type: types.type(p.schema as Json, `${base}_${p.name}`), required: p.required === true, location: p.in as 'path' | 'query' });
      }
      const bodySchema = (((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
      const bodyType = bodySchema ? types.type(bodySchema, `${base}Body`) : null;
      const bodyRequired = bodySchema ? (op.requestBody as Json).required === true : false;
      const responses = op.responses as Record<string, Json>;
      const okCode = Object.keys(responses).find((c) => /^2\d\d$/.test(c));
      const okSchema = okCode ? (((responses[okCode]!.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined) : undefined;
      // A paged operation's item gets its own name first, so the response and the iterator share it.
      const pg = method === 'get' ? paged.get(path) : undefined;
      let itemType = 'Any';
      let shaped = okSchema;
      if (pg && okSchema) {
        const arraySchema = (pg.items === null ? okSchema : (okSchema.properties as Record<string, Json>)[pg.items]) as Json;
        itemType = types.type(arraySchema.items as Json, `${base}Item`);
        const itemRef = { ...arraySchema, items: { $ref: `#/components/schemas/${itemType}` } };
        shaped = pg.items === null ? itemRef : { ...okSchema, properties: { ...(okSchema.properties as Json), [pg.items]: itemRef } };
      }
      const returns = shaped ? types.type(shaped, `${base}Response`) : okCode && responses[okCode]!.content ? 'Any' : 'None';

      const ordered = [...params.filter((p) => p.required), ...params.filter((p) => !p.required)];
      const sig = ['self', ...(ordered.length || bodyType ? ['*'] : [])];
      for (const p of ordered) sig.push(p.required ? `${p.py}: ${p.type}` : `${p.py}: ${p.type} | None = None`);
      if (bodyType) sig.push(bodyRequired ? `body: ${bodyType}` : `body: ${bodyType} | None = None`);
      const summary = String(op.summary ?? opId).replace(/"""/g, "'''").replace(/\\/g, '\\\\');
      const access = op['x-access'] as Json | undefined;
      const notes = [`${method.toUpperCase()} /api${path}`];
      if (access?.tierLabel) notes.push(`needs the ${access.tierLabel} tier (402 otherwise: TierRequiredError)`);
      if (access?.auth === 'account') notes.push('needs an API key');
      if (access?.auth === 'session') notes.push('needs a signed-in browser session');
      const dict = (loc: 'path' | 'query') => `{${params.filter((p) => p.location === loc).map((p) => `${pyString(p.wire)}: ${p.py}`).join(', ')}}`;
      methods.push(
        [
          `    def ${name}(${sig.join(', ')}) -> ${returns}:`,
          `        """${summary}.\n\n        ${notes.join('; ')}.\n        """`,
          `        return self._request(${pyString(method.toUpperCase())}, ${pyString(path)}, path_params=${dict('path')}, query=${dict('query')}${bodyType ? ', body=body' : ''})`,
        ].join('\n'),
      );
      if (pg) {
        const pageParams = ordered.filter((p) => p.wire !== 'limit' && p.wire !== 'offset');
        const iterSig = ['self', '*', ...pageParams.map((p) => (p.required ? `${p.py}: ${p.type}` : `${p.py}: ${p.type} | None = None`)), 'page_size: int | None = None'];
        iterators.push(
          [
            `    def iter_${name.replace(/^get_/, '')}(${iterSig.join(', ')}) -> Iterator[${itemType}]:`,
            `        """Every item of ${name}, page by page (page_size: default the largest page the endpoint allows).\n\n        GET /api${path}, iterated by offset.\n        """`,
            `        return self.paginate(${pyString(name)}, ${[...pageParams.map((p) => `${p.py}=${p.py}`), 'limit=page_size'].join(', ')})`,
          ].join('\n'),
        );
      }
      if (pg) pagedRows.push(`    ${pyString(name)}: Paged(${pyString(path)}, ${pg.items === null ? 'None' : pyString(pg.items)}, ${pg.maxLimit}, ${pg.maxOffset}),`);
    }
  }

  const version = String(doc.info.version);
  const text = [
    `"""Generated from the Almanac OpenAPI description (API version ${version}) by \`npm run clients:generate\`.`,
    '',
    'Do not edit: a test fails when this file no longer matches the API.',
    '"""',
    '# ruff: noqa',
    '# fmt: off',
    'from __future__ import annotations',
    '',
    'from collections.abc import Iterator',
    'from typing import Any, Literal, NamedTuple, NotRequired, TypedDict',
    '',
    `API_VERSION = ${pyString(version)}`,
    '',
    '',
    ...types.defs,
    '',
    'class Paged(NamedTuple):',
    '    """An offset-paginated operation: its path, the array holding the items (None: the response is the array), the largest limit and offset."""',
    '    path: str',
    '    items: str | None',
    '    max_limit: int',
    '    max_offset: int',
    '',
    '',
    '#: Offset-paginated operations by method name (iterate them with Almanac.paginate).',
    'PAGED: dict[str, Paged] = {',
    ...pagedRows,
    '}',
    '',
    '',
    'class Operations:',
    '    """One typed method per API operation; the client class supplies _request."""',
    '',
    '    def _request(self, method: str, path: str, *, path_params: dict[str, Any], query: dict[str, Any], body: Any = None) -> Any:',
    '        raise NotImplementedError',
    '',
    '    def paginate(self, operation: str, **params: Any) -> Iterator[Any]:',
    '        raise NotImplementedError',
    '',
    methods.join('\n\n'),
    '',
    '    # Typed iterators over the offset-paginated operations.',
    '',
    iterators.join('\n\n'),
    '',
  ].join('\n');
  return { 'almanac_client/_generated.py': text };
}
