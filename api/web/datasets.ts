/**
 * `/datasets` (spec 4.5): the data catalog as a schema.org `DataCatalog` — JSON-LD embedded in the
 * HTML view, and alone at `/datasets.jsonld` (or `/datasets` with `Accept: application/ld+json`).
 * Coverage comes from the served snapshot's statistics, cached per snapshot version.
 */
import { DATA_TERMS, DATASETS, type CatalogDataset, type DatasetEntry } from '../../schema/datasets.ts';
import { catalogDatasets, catalogStats, type CatalogStats } from '../../warehouse/queries/catalog.ts';
import type { Warehouse } from '../../warehouse/reader.ts';
import { listOperations } from '../openapi/generate.ts';
import type { Resource } from '../route.ts';
import { html, page, SITE_NAME, type SafeHtml } from './html.ts';

/**
 * Caches the catalog's statistics per snapshot version (they change only with a new snapshot);
 * the next scheduled fetch is worked out per request from the jobs' cron declarations.
 */
export class CatalogCache {
  #version: string | null = null;
  #value: Promise<CatalogStats> | null = null;
  async get(warehouse: Warehouse, overrides: Readonly<Record<string, string>> = {}, now: Date = new Date()): Promise<CatalogDataset[]> {
    const version = warehouse.version;
    if (!this.#value || version !== this.#version) {
      this.#version = version;
      this.#value = catalogStats(warehouse);
      this.#value.catch(() => {
        this.#value = null;
      });
    }
    return catalogDatasets(await this.#value, overrides, now);
  }
}

function temporal(d: CatalogDataset): string | null {
  const from = d.coverage.map((c) => c.from).filter((x): x is string => !!x).sort()[0];
  const to = d.coverage.map((c) => c.to).filter((x): x is string => !!x).sort().at(-1);
  return from && to ? `${from}/${to}` : null;
}

/** Paths (under /api) of `entry` that are served by the mounted resources, with their operation ids. */
function servedEndpoints(entry: DatasetEntry, resources: Resource[]): { path: string; operationId: string }[] {
  const served = new Map(listOperations(resources).filter((o) => o.method === 'GET' && !o.root).map((o) => [o.path, o.operationId]));
  return entry.endpoints.filter((e) => served.has(e)).map((path) => ({ path, operationId: served.get(path)! }));
}

/** The schema.org DataCatalog document. */
export function dataCatalogJsonLd(datasets: CatalogDataset[], resources: Resource[], publicUrl: string): Record<string, unknown> {
  const base = publicUrl.replace(/\/+$/, '');
  const publisher = { '@type': 'Organization', name: SITE_NAME, url: `${base}/` };
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    '@id': `${base}/datasets`,
    name: `${SITE_NAME} data catalog`,
    description: 'Financial datasets derived from SEC filings and public sources, served point in time over a JSON REST API and MCP. Educational use; not investment advice.',
    url: `${base}/datasets`,
    publisher,
    license: `${base}/datasets#terms`,
    inLanguage: 'en',
    dataset: datasets.map((d) => {
      const entry = DATASETS.find((e) => e.id === d.id)!;
      const endpoints = servedEndpoints(entry, resources);
      const span = temporal(d);
      return {
        '@type': 'Dataset',
        '@id': `${base}/datasets#${d.id}`,
        identifier: d.id,
        name: d.name,
        description: d.description,
        url: `${base}/datasets#${d.id}`,
        keywords: entry.keywords,
        license: `${base}/datasets#terms`,
        conditionsOfAccess: DATA_TERMS,
        isAccessibleForFree: true,
        creator: { '@type': 'Organization', name: entry.source, url: entry.sourceUrl },
        publisher,
        ...(span ? { temporalCoverage: span } : {}),
        ...(d.lastUpdated ? { dateModified: d.lastUpdated } : {}),
        usageInfo: `${base}/api-docs`,
        additionalProperty: [
          { '@type': 'PropertyValue', name: 'updateSchedule', value: d.schedule },
          ...d.coverage.map((c) => ({ '@type': 'PropertyValue', name: `rows:${c.table}`, value: c.rows })),
          ...d.coverage.filter((c) => c.entities !== null).map((c) => ({ '@type': 'PropertyValue', name: `${c.entityLabel ?? 'entities'}:${c.table}`, value: c.entities })),
        ],
        distribution: [
          ...endpoints.map((e) => ({
            '@type': 'DataDownload',
            name: `GET /api${e.path}`,
            encodingFormat: 'application/json',
            contentUrl: `${base}/api${e.path}`,
          })),
          ...(entry.mcpTools ?? []).map((t) => ({ '@type': 'DataDownload', name: `MCP tool ${t}`, encodingFormat: 'application/json', contentUrl: `${base}/mcp#${t}` })),
        ],
      };
    }),
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** Last successful fetch and next scheduled one per job, and the synthetic rows, if any. */
function freshness(d: CatalogDataset): SafeHtml {
  return html`<ul>${d.jobs.map(
    (j) =>
      html`<li>job <code>${j.job}</code>: last fetched ${j.lastFetchedAt ? html`<time datetime="${j.lastFetchedAt}Z">${j.lastFetchedAt.replace('T', ' ')} UTC</time>` : 'never'}; next ${
        j.nextFetchAt ? html`<time datetime="${j.nextFetchAt}Z">${j.nextFetchAt.replace('T', ' ')} UTC</time>` : 'not scheduled'
      }${j.cron ? html` (<code>${j.cron}</code>)` : ''}</li>`,
  )}</ul>${d.syntheticRows > 0 ? html`<p class="synthetic-note"><strong>Synthetic:</strong> ${fmt(d.syntheticRows)} of ${fmt(d.rows)} rows were generated, not taken from the source (marked <code>synthetic: true</code> in every answer).</p>` : ''}`;
}

function coverageList(d: CatalogDataset): SafeHtml {
  if (d.coverage.length === 0) return html`<p class="muted">No coverage yet: the pipeline has not loaded this dataset into the served snapshot.</p>`;
  return html`<ul class="coverage">${d.coverage.map(
    (c) =>
      html`<li><code>${c.table}</code>: ${fmt(c.rows)} rows${c.syntheticRows > 0 ? html` (${fmt(c.syntheticRows)} synthetic)` : ''}${c.entities !== null ? html`, ${fmt(c.entities)} ${c.entityLabel ?? 'entities'}` : ''}${c.from && c.to ? html`, ${c.from} to ${c.to}` : ''}</li>`,
  )}</ul>`;
}

/** The HTML view of the catalog (with the JSON-LD embedded). */
export function datasetsPage(datasets: CatalogDataset[], resources: Resource[], publicUrl: string): string {
  const body = html`
<h1>Datasets</h1>
<p class="lead">Every dataset ${SITE_NAME} serves, what it covers in the current snapshot, how often it is refreshed and how to query it. Machine-readable: <a href="/datasets.jsonld">schema.org DataCatalog (JSON-LD)</a>.</p>
<nav aria-label="Datasets" class="toc"><ul>${datasets.map((d) => html`<li><a href="#${d.id}">${d.name}</a></li>`)}</ul></nav>
${datasets.map((d) => {
  const entry = DATASETS.find((e) => e.id === d.id)!;
  const endpoints = servedEndpoints(entry, resources);
  return html`
<section class="card dataset" id="${d.id}" aria-labelledby="h-${d.id}">
  <h2 id="h-${d.id}">${d.name}</h2>
  <p>${d.description}</p>
  <dl class="facts">
    <dt>Source</dt><dd><a href="${entry.sourceUrl}" rel="noopener">${entry.source}</a></dd>
    <dt>Update schedule</dt><dd>${d.schedule}${d.lastUpdated ? html` (last updated ${d.lastUpdated})` : ''}</dd>
    <dt>Freshness</dt><dd class="freshness">${freshness(d)}</dd>
    <dt>Coverage</dt><dd>${coverageList(d)}</dd>
    <dt>How to query</dt><dd>${
      endpoints.length || entry.mcpTools?.length
        ? html`<ul>${endpoints.map((e) => html`<li><code>GET /api${e.path}</code> (<a href="/api-docs#${e.operationId}">docs</a>)</li>`)}${(entry.mcpTools ?? []).map((t) => html`<li>MCP tool <code>${t}</code></li>`)}</ul>`
        : html`<span class="muted">through the API as its endpoints are published</span>`
    }${entry.note ? html`<p class="note">${entry.note}</p>` : ''}</dd>
  </dl>
</section>`;
})}
<section id="terms" class="card" aria-labelledby="h-terms">
  <h2 id="h-terms">License and terms</h2>
  <p>${DATA_TERMS}</p>
</section>`;
  return page({
    title: 'Datasets',
    description: `${SITE_NAME} data catalog: SEC fundamentals point in time, insiders, 13F, funds, BDC credit, prices, macro and news.`,
    body,
    path: '/datasets',
    jsonLd: [dataCatalogJsonLd(datasets, resources, publicUrl)],
    canonical: `${publicUrl.replace(/\/+$/, '')}/datasets`,
  });
}
