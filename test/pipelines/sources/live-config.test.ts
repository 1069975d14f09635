/** Live-source settings: base-URL overrides, price providers (keys never in a document key), series lists. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { datasetMemoryLimit, loadConfig } from '../../../schema/config.ts';
import { csvProvider, priceProvider, stooqProvider } from '../../../pipelines/sources/price-providers.ts';
import { redact } from '../../../pipelines/sources/http.ts';

const cfg = suite('live source settings');

cfg('ALMANAC_UPSTREAMS: a JSON object of http(s) base URLs, else a clear error', () => {
  assert.equal(loadConfig({ ALMANAC_UPSTREAMS: '{"*":"http://127.0.0.1:9000"}' }).upstreams, { '*': 'http://127.0.0.1:9000' });
  assert.equal(loadConfig({}).upstreams, {});
  assert.throws(() => loadConfig({ ALMANAC_UPSTREAMS: '["http://x"]' }), /must be a JSON object/);
  assert.throws(() => loadConfig({ ALMANAC_UPSTREAMS: '{"www.sec.gov":"ftp://x"}' }), /base URL for www.sec.gov must be an http\(s\) URL/);
});

cfg('series lists and their defaults', () => {
  const c = loadConfig({ ALMANAC_FRED_SERIES: 'dgs10, unrate', FRED_API_KEY: 'k' });
  assert.equal(c.fredSeries, ['DGS10', 'UNRATE']);
  assert.ok(c.alfredSeries.includes('GDP'));
  assert.is(c.fredApiKey, 'k');
  assert.ok(loadConfig({}).fredSeries.includes('DGS10'));
});

cfg('price providers: stooq (keyless) and a documented-CSV template whose key is filled only into the URL', () => {
  assert.is(stooqProvider.key('brk.b'), 'stooq.com/q/d/l/BRK.B.csv');
  assert.is(stooqProvider.url('stooq.com/q/d/l/BRK.B.csv'), 'https://stooq.com/q/d/l/?s=brk-b.us&i=d');
  assert.is(stooqProvider.url('www.sec.gov/x.csv'), null);
  const p = csvProvider('https://eod.example.com/v1/{ticker}.csv?token={apikey}', 's3cret');
  assert.is(p.key('AAPL'), 'eod.example.com/v1/AAPL.csv');
  assert.is(p.url('eod.example.com/v1/AAPL.csv'), 'https://eod.example.com/v1/AAPL.csv?token=s3cret');
  assert.is(redact(p.url('eod.example.com/v1/AAPL.csv')!), 'https://eod.example.com/v1/AAPL.csv?token=REDACTED');
  assert.throws(() => csvProvider('https://eod.example.com/{ticker}/daily'), /end its path with \{ticker\}\.csv/);
  assert.throws(() => csvProvider('https://eod.example.com/{ticker}.csv?k={apikey}'), /ALMANAC_PRICES_KEY is empty/);
  assert.is(priceProvider({}).name, 'stooq');
  assert.throws(() => priceProvider({ pricesProvider: 'yahoo' }), /unknown ALMANAC_PRICES_PROVIDER "yahoo"/);
});

cfg('DERA data-set backfills: DuckDB memory limit an eighth of the machine, 256 MB to 1 GB, unless DUCKDB_MEMORY_LIMIT', () => {
  const GB = 2 ** 30;
  assert.is(datasetMemoryLimit(24 * GB), '1024MB');
  assert.is(datasetMemoryLimit(4 * GB), '512MB');
  assert.is(datasetMemoryLimit(1 * GB), '256MB');
  assert.is(loadConfig({}).duckdbDatasetMemoryLimit, datasetMemoryLimit());
  assert.is(loadConfig({}).duckdbMemoryLimit, '2GB');
  const set = loadConfig({ DUCKDB_MEMORY_LIMIT: '3GB' });
  assert.equal([set.duckdbMemoryLimit, set.duckdbDatasetMemoryLimit], ['3GB', '3GB']);
});

cfg.run();
