/**
 * `/api-docs`: human-readable API documentation rendered from the generated OpenAPI document (never
 * written by hand): one section per tag, one entry per operation with its access rule, parameters,
 * request body, responses (with their schemas) and a curl sample.
 */
import { GRAPHQL_EXAMPLE, GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { TOOL_CATALOG } from '../../schema/mcp/index.ts';
import type { Json, OpenApiDocument } from '../openapi/generate.ts';
import { escapeHtml, html, page, raw, type SafeHtml } from './html.ts';

/** A small, safe subset of Markdown: paragraphs, `code`, **bold**, [links](url). */
function inline(s: string): string {
  return escapeHtml(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+|\/[^\s)]*)\)/g, '<a href="$2">$1</a>');
}

/** Inline Markdown only (no paragraphs). */
export function markdownInline(text: string): SafeHtml {
  return raw(inline(text));
}

export function markdown(text: string | undefined): SafeHtml {
  if (!text) return html``;
  return raw(
    text
      .split(/\n\s*\n/)
      .map((p) => `<p>${inline(p.trim()).replace(/\n/g, '<br>')}</p>`)
      .join(''),
  );
}

function resolve(doc: OpenApiDocument, node: Json | undefined): Json | undefined {
  let cur = node;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 10; i++) {
    const parts = (cur.$ref as string).replace(/^#\//, '').split('/');
    cur = parts.reduce<unknown>((o, k) => (o as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json | undefined;
  }
  return cur;
}

/** One-line type of a schema (`string`, `integer | null`, `array of object`, `Error`). */
function typeName(doc: OpenApiDocument, schema: Json | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') return (schema.$ref as string).split('/').pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map((s) => typeName(doc, s)).join(' | ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map((s) => typeName(doc, s)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  const t = Array.isArray(schema.type) ? (schema.type as string[]).join(' | ') : (schema.type as string | undefined);
  if (t === 'array') return `array of ${typeName(doc, schema.items as Json)}`;
  return t ?? 'any';
}

function constraints(schema: Json | undefined): string {
  if (!schema) return '';
  const out: string[] = [];
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined) out.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`max ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.format !== undefined) out.push(String(schema.format));
  return out.join(', ');
}

/** Nested field list of an object schema (depth-limited). */
function fields(doc: OpenApiDocument, schema: Json | undefined, depth = 0): SafeHtml {
  const s = resolve(doc, schema);
  if (!s || depth > 3) return html``;
  if (s.type === 'array') return fields(doc, s.items as Json, depth);
  const variants = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (variants) return html`${variants.map((v) => html`<div class="variant"><span class="muted">one of:</span> <code>${typeName(doc, v)}</code>${fields(doc, v, depth + 1)}</div>`)}`;
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return html``;
  const required = new Set((s.required ?? []) as string[]);
  return html`<ul class="fields">${Object.entries(props).map(
    ([name, p]) =>
      html`<li><code>${name}</code> <span class="type">${typeName(doc, p)}</span>${required.has(name) ? '' : html` <span class="muted">optional</span>`}${p.description ? html` — ${markdownInline(String(p.description))}` : ''}${fields(doc, p, depth + 1)}</li>`,
  )}</ul>`;
}

function badge(text: string, kind: string): SafeHtml {
  return html`<span class="badge badge-${kind}">${text}</span>`;
}

function operationHtml(doc: OpenApiDocument, path: string, method: string, op: Json): SafeHtml {
  const access = (op['x-access'] ?? {}) as { auth?: string; tierLabel?: string; csrf?: boolean };
  const params = ((op.parameters ?? []) as Json[]).map((p) => resolve(doc, p)!).filter(Boolean);
  const body = resolve(doc, op.requestBody as Json | undefined);
  const bodySchema = ((body?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  const samples = (op['x-codeSamples'] ?? []) as { lang: string; source: string }[];
  const id = String(op.operationId);
  return html`
<article class="operation card" id="${id}" aria-labelledby="${id}-h">
  <h3 id="${id}-h"><span class="method method-${method}">${method.toUpperCase()}</span> <code>/api${path}</code></h3>
  <p class="summary">${op.summary as string}</p>
  <p class="badges">${access.auth === 'public' ? badge('anonymous allowed', 'public') : access.auth === 'session' ? badge('signed-in session', 'session') : badge('API key', 'key')}${access.tierLabel ? badge(`${access.tierLabel}+`, 'tier') : ''}${access.csrf ? badge('CSRF', 'csrf') : ''}${op['x-metered'] ? badge('metered', 'metered') : ''}</p>
  ${markdown(op.description as string | undefined)}
  ${
    params.length
      ? html`<h4>Parameters</h4><table><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">type</th><th scope="col">required</th><th scope="col">notes</th></tr></thead><tbody>${params.map(
          (p) =>
            html`<tr><td><code>${p.name as string}</code></td><td>${p.in as string}</td><td>${typeName(doc, p.schema as Json)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${p.description ? html`${markdownInline(String(p.description))} ` : ''}${constraints(p.schema as Json)}</td></tr>`,
        )}</tbody></table>`
      : ''
  }
  ${bodySchema ? html`<h4>Request body <span class="muted">application/json</span></h4>${fields(doc, bodySchema)}` : ''}
  <h4>Responses</h4>
  <dl class="responses">${responses.map(([status, r]) => {
    const res = resolve(doc, r)!;
    const content = (res.content ?? {}) as Record<string, Json>;
    const json = content['application/json'];
    const headers = Object.keys((res.headers ?? {}) as Json).filter((h) => h !== 'X-Request-Id');
    return html`<dt><code>${status}</code></dt><dd>${markdown(res.description as string)}${json ? html`<p><span class="type">${typeName(doc, json.schema as Json)}</span></p>${Number(status) < 300 ? fields(doc, json.schema as Json) : ''}` : ''}${Object.keys(content).filter((t) => t !== 'application/json').map((t) => html`<p class="muted">also ${t}</p>`)}${headers.length ? html`<p class="muted">headers: ${headers.map((h, i) => html`${i ? ', ' : ''}<code>${h}</code>`)}</p>` : ''}</dd>`;
  })}</dl>
  ${samples.map((s) => html`<details><summary>${s.lang} example</summary><pre><code>${s.source}</code></pre></details>`)}
</article>`;
}

/** The documentation page. */
export function apiDocsPage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; description: string };
  const byTag = new Map<string, SafeHtml[]>();
  const toc = new Map<string, [string, string, string][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        toc.set(tag, []);
      }
      byTag.get(tag)!.push(operationHtml(doc, path, method, op));
      toc.get(tag)!.push([String(op.operationId), method.toUpperCase(), path]);
    }
  }
  const servers = doc.servers as { url: string; description?: string }[];
  const body = html`
<h1>${info.title} <span class="muted">${info.version}</span></h1>
${markdown(info.description)}
<p>Base URLs: ${servers.map((s, i) => html`${i ? ' and ' : ''}<code>${s.url}</code>`)} (interchangeable). Machine-readable: <a href="/openapi.yaml">/openapi.yaml</a> (OpenAPI 3.1), <a href="/llms.txt">/llms.txt</a>. Also: <a href="#graphql">GraphQL</a> and <a href="#mcp">MCP</a>.</p>
<section class="card" aria-labelledby="graphql">
<h2 id="graphql">GraphQL</h2>
<p>The same data, keys, tiers and limits at <code>POST ${GRAPHQL_PATHS.endpoint}</code> (JSON <code>{"query", "variables"}</code>; GET for queries). A query is one metered call, weighted by its cost; a mutation is one call per root field, as REST counts each; every list is a Relay connection (<code>first</code>/<code>after</code>, at most 100).
Schema: <a href="${GRAPHQL_PATHS.sdl}">${GRAPHQL_PATHS.sdl}</a> (SDL, stable; introspection is off in production). In development, open <a href="${GRAPHQL_PATHS.endpoint}">${GRAPHQL_PATHS.endpoint}</a> in a browser for GraphiQL.</p>
<pre><code>curl -X POST '${servers[0]!.url.replace(/\/api$/, '')}${GRAPHQL_PATHS.endpoint}' -H 'User-Agent: my-agent/1.0 (me@example.com)' -H 'Content-Type: application/json' \
  -d '${JSON.stringify({ query: GRAPHQL_EXAMPLE })}'</code></pre>
<p>Anonymous, as above; add <code>-H 'X-API-Key: &lt;API_KEY&gt;'</code> for your tier and limits.</p>
</section>
<section class="card" aria-labelledby="mcp">
<h2 id="mcp">MCP</h2>
<p>${TOOL_CATALOG.length} tools over Streamable HTTP at <code>/api/mcp</code>; send <code>X-API-Key</code> on the HTTP request for keyed tools, or none for the anonymous ones. Browse them at <a href="/mcp">/mcp</a>; machine-readable at <a href="/api/mcp/tools.json">/api/mcp/tools.json</a>; host configuration in <a href="/llms.txt">llms.txt</a>.</p>
</section>
<nav aria-label="Endpoints" class="toc">
${[...toc.entries()].map(([tag, ops]) => html`<h2 class="toc-tag"><a href="#tag-${tag}">${tag}</a></h2><ul>${ops.map(([id, m, p]) => html`<li><a href="#${id}"><span class="method method-${m.toLowerCase()}">${m}</span> /api${p}</a></li>`)}</ul>`)}
</nav>
${[...byTag.entries()].map(([tag, ops]) => html`<section aria-labelledby="tag-${tag}"><h2 id="tag-${tag}">${tag}</h2>${ops}</section>`)}`;
  return page({ title: 'API documentation', description: 'Almanac REST API reference, generated from the OpenAPI description.', body, path: '/api-docs' });
}
