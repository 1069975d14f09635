/**
 * `/mcp`: the browsable tool list (spec 4.5), rendered from the same catalog as tools/list and
 * tools.json: grouped, with tier and access badges and each tool's argument schema, in the site's
 * layout (api/web/html.ts).
 */
import { TOOL_GROUPS } from '../../schema/mcp/index.ts';
import { escapeHtml, page, raw } from '../web/html.ts';
import type { ToolsJson } from './listing.ts';


function argsTable(schema: Record<string, unknown>): string {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(props).map(([name, p]) => {
    const type = p.type ?? (p.anyOf ? (p.anyOf as { type?: string }[]).map((a) => a.type).join(' | ') : 'any');
    const extra = [p.description, p.pattern ? `pattern ${p.pattern}` : null, p.minimum !== undefined ? `min ${p.minimum}` : null, p.maximum !== undefined ? `max ${p.maximum}` : null]
      .filter(Boolean)
      .join('; ');
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(String(type))}${p.type === 'array' ? ` of ${escapeHtml(String((p.items as { type?: string })?.type ?? 'any'))}` : ''}</td><td>${escapeHtml(extra)}</td></tr>`;
  });
  if (rows.length === 0) return '<p class="noargs">No arguments.</p>';
  return `<table class="args"><thead><tr><th scope="col">argument</th><th scope="col">type</th><th scope="col">notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The `/mcp` HTML page for a tools.json document. */
export function renderMcpPage(catalog: ToolsJson): string {
  const sections = Object.entries(TOOL_GROUPS)
    .map(([group, label]) => {
      const tools = catalog.tools.filter((t) => t.group === group);
      if (tools.length === 0) return '';
      const items = tools
        .map((t) => {
          const badges = [
            `<span class="badge tier tier-${escapeHtml(t.minimumTier.toLowerCase().replace(/\s+/g, '-'))}">${escapeHtml(t.minimumTier)}</span>`,
            t.anonymous ? '<span class="badge anon">no key needed</span>' : '<span class="badge key">API key</span>',
            t.heavy ? '<span class="badge heavy">heavy</span>' : '',
            t.paginated ? '<span class="badge paged">paged</span>' : '',
          ].join(' ');
          return `<article id="${escapeHtml(t.name)}"><h3><code>${escapeHtml(t.name)}</code> <small>${escapeHtml(t.title)}</small></h3><p>${badges}</p><p>${escapeHtml(t.description)}</p>${argsTable(t.inputSchema)}<p class="out">Returns <code>${escapeHtml(t.output)}</code></p></article>`;
        })
        .join('\n');
      return `<section aria-labelledby="group-${group}"><h2 id="group-${group}">${escapeHtml(label)} <small>(${tools.length})</small></h2>\n${items}</section>`;
    })
    .join('\n');
  const body = `<h1>MCP tools</h1>
<p>${catalog.count} tools over Streamable HTTP at <code>${escapeHtml(catalog.endpoint)}</code>; ${catalog.anonymous} answer without a key. Without an MCP client, POST JSON-RPC with <code>Content-Type: application/json</code> and <code>Accept: application/json, text/event-stream</code> (both are needed: 406 otherwise).
${escapeHtml(catalog.authentication)} ${escapeHtml(catalog.pagination)} No result is larger than ${catalog.maxResultBytes} bytes.
Machine-readable: <a href="/api/mcp/tools.json">/api/mcp/tools.json</a>; host configuration (URL and key header) in <a href="/llms.txt">llms.txt</a>. Never invent a key: without one, use the tools marked <span class="badge anon">no key needed</span>.</p>
<nav aria-label="Tool groups" class="toc inline"><ul>${Object.entries(TOOL_GROUPS)
    .filter(([group]) => catalog.tools.some((t) => t.group === group))
    .map(([group, label]) => `<li><a href="#group-${group}">${escapeHtml(label)}</a></li>`)
    .join('')}</ul></nav>
<div class="mcp-catalog">
${sections}
</div>`;
  return page({ title: 'MCP tools', description: `Almanac's ${catalog.count} MCP tools: arguments, tiers and results.`, body: raw(body), path: '/mcp' });
}
