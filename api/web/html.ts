/**
 * Server-rendered HTML: an escaping tagged template and the page layout shared by every public
 * page (navigation, skip link, footer with the educational-use notice). No external assets: the
 * stylesheet and scripts are served from `/assets/` by this server (the app works offline).
 *
 * @example
 * const body = html`<h1>${title}</h1>${list.map((x) => html`<li>${x}</li>`)}`;
 * reply.type('text/html; charset=utf-8').send(page({ title, body }));
 */

/** Markup that is already safe (escaped or trusted); anything else interpolated is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: interpolations are escaped unless they are SafeHtml (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Trusted markup, inserted as is. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so it cannot end the block. */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value, null, 2).replace(/</g, '\\u003c'));
}

export interface PageOptions {
  title: string;
  description?: string;
  body: SafeHtml;
  /** Path of the page, to mark the current navigation entry. */
  path?: string;
  /** JSON-LD documents embedded in the head. */
  jsonLd?: unknown[];
  /** Page scripts under /assets/ (deferred). */
  scripts?: string[];
  /** Canonical URL. */
  canonical?: string;
}

const NAV: [string, string][] = [
  ['/', 'Home'],
  ['/explore', 'Explorer'],
  ['/datasets', 'Datasets'],
  ['/glossary', 'Glossary'],
  ['/learn', 'Learn'],
  ['/api-docs', 'API docs'],
  ['/mcp', 'MCP tools'],
  ['/account', 'Account'],
];

export const SITE_NAME = 'Almanac';
export const DISCLAIMER = 'Data is educational and is not investment advice. No buy, hold or sell ratings are served.';

/** A complete HTML document. */
export function page(options: PageOptions): string {
  const current = (href: string) => (options.path === href || (href !== '/' && options.path?.startsWith(`${href}/`)) ? raw(' aria-current="page"') : '');
  const doc = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title === SITE_NAME ? SITE_NAME : `${options.title} · ${SITE_NAME}`}</title>
${options.description ? html`<meta name="description" content="${options.description}">` : ''}
${options.canonical ? html`<link rel="canonical" href="${options.canonical}">` : ''}
<link rel="stylesheet" href="/assets/site.css">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="alternate" type="application/yaml" href="/openapi.yaml" title="OpenAPI description">
${(options.jsonLd ?? []).map((d) => html`<script type="application/ld+json">${jsonForScript(d)}</script>\n`)}
<script src="/assets/site.js" defer></script>
${(options.scripts ?? []).map((s) => html`<script src="/assets/${s}" defer></script>\n`)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/">${SITE_NAME}</a>
  <nav aria-label="Main">
    <ul>${NAV.map(([href, label]) => html`<li><a href="${href}"${current(href)}>${label}</a></li>`)}</ul>
  </nav>
  <form class="site-search" role="search" action="/search" method="get">
    <label for="site-q" class="visually-hidden">Search tickers, companies and glossary terms</label>
    <input id="site-q" name="q" type="search" maxlength="100" placeholder="Ticker, company or term" autocomplete="off">
    <button type="submit">Search</button>
  </form>
</header>
<main id="main" tabindex="-1">
${options.body}
</main>
<footer class="site">
  <p>${DISCLAIMER}</p>
  <p><a href="/openapi.yaml">OpenAPI</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api/mcp/tools.json">tools.json</a> · <a href="/datasets">Datasets</a> · <a href="/robots.txt">robots.txt</a></p>
</footer>
</body>
</html>
`;
  return doc.value;
}
