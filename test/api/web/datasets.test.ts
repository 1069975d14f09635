import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASETS } from '../../../schema/datasets.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_DIR } from '../../../schema/config.ts';

/** The sample's company list (rows of the SEC's real list): its rows and distinct CIKs, counted here. */
const LIST = JSON.parse(readFileSync(path.join(SAMPLE_DIR, 'www.sec.gov/files/company_tickers_exchange.json'), 'utf8')) as { data: [number, string, string, string][] };
const ROWS = LIST.data.length;
const CIKS = new Set(LIST.data.map((r) => r[0])).size;

let t: TestApp;
const catalog = suite('/datasets');
catalog.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
catalog.after(() => t.close());

type Ld = Record<string, any>;

function embeddedJsonLd(html: string): Ld[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
}

catalog('the JSON-LD is a schema.org DataCatalog naming every dataset', async () => {
  const res = await t.app.inject('/datasets.jsonld');
  assert.is(res.statusCode, 200);
  assert.is(res.headers['content-type'], 'application/ld+json; charset=utf-8');
  const ld = json<Ld>(res);
  assert.is(ld['@context'], 'https://schema.org');
  assert.is(ld['@type'], 'DataCatalog');
  assert.is(ld.url, `${t.config.publicUrl}/datasets`);
  assert.equal(ld.dataset.map((d: Ld) => d.name), DATASETS.map((d) => d.name));
  for (const d of ld.dataset as Ld[]) {
    assert.is(d['@type'], 'Dataset');
    assert.ok(d.description.length > 40, d.name);
    assert.is(d.license, `${t.config.publicUrl}/datasets#terms`);
    assert.ok(d.additionalProperty.some((p: Ld) => p.name === 'updateSchedule' && typeof p.value === 'string'), d.name);
  }
});

catalog('coverage comes from the served snapshot: exact counts for the company list', async () => {
  const ld = json<Ld>(await t.app.inject('/datasets.jsonld'));
  const companies = ld.dataset.find((d: Ld) => d.identifier === 'companies');
  assert.equal(companies.additionalProperty, [
    { '@type': 'PropertyValue', name: 'updateSchedule', value: 'daily at 06:15 UTC' },
    { '@type': 'PropertyValue', name: 'rows:companies', value: ROWS },
    { '@type': 'PropertyValue', name: 'companies:companies', value: CIKS },
  ]);
  assert.match(companies.dateModified, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.equal(companies.distribution.map((d: Ld) => d.name), ['GET /api/ticker-search', 'GET /api/random-ticker', 'MCP tool search_tickers', 'MCP tool get_random_ticker']);
  assert.is(companies.distribution[0].contentUrl, `${t.config.publicUrl}/api/ticker-search`);
  // Not built in this sample: listed, with no coverage rows and no update date.
  const bdc = ld.dataset.find((d: Ld) => d.identifier === 'bdc');
  assert.equal(bdc.additionalProperty, [{ '@type': 'PropertyValue', name: 'updateSchedule', value: 'daily at 07:00 UTC' }]);
  assert.is(bdc.dateModified, undefined);
});

catalog('the HTML view embeds the same JSON-LD and lists every dataset with its coverage', async () => {
  const res = await t.app.inject('/datasets');
  assert.is(res.statusCode, 200);
  assert.is(res.headers['content-type'], 'text/html; charset=utf-8');
  const [ld] = embeddedJsonLd(res.body);
  assert.equal(ld, json(await t.app.inject('/datasets.jsonld')));
  for (const d of DATASETS) assert.match(res.body, `<h2 id="h-${d.id}">${d.name.replace(/&/g, '&amp;')}</h2>`);
  assert.ok(ROWS === 20 && CIKS === 19, `${ROWS} rows, ${CIKS} CIKs`); // GOOGL and GOOG share a CIK
  assert.match(res.body, `<li><code>companies</code>: ${ROWS} rows, ${CIKS} companies</li>`);
  assert.match(res.body, 'id="terms"');
});

catalog('content negotiation: Accept: application/ld+json gets the JSON-LD at /datasets', async () => {
  const res = await t.app.inject({ url: '/datasets', headers: { accept: 'application/ld+json' } });
  assert.is(res.headers['content-type'], 'application/ld+json; charset=utf-8');
  assert.is(json<Ld>(res)['@type'], 'DataCatalog');
});

catalog.run();
