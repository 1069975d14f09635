/**
 * ALMANAC_SOURCE=live for the public sources other than EDGAR filings, against the local imitation:
 * the Treasury XML feed by month, FRED `fredgraph.csv?id=`, ALFRED vintages with FRED_API_KEY (and
 * the note that they are skipped without one), news feeds from ALMANAC_NEWS_FEEDS, daily prices
 * from the keyless provider, FDIC BankFind. Never the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelines } from '../../../pipelines/runner.ts';
import { landingDir, openSource } from '../../../pipelines/sources/index.ts';
import { queryBuild } from './build-db.ts';
import { tempDir } from '../../helpers.ts';
import { sampleBytes, sampleCsv, sampleCsvRecords } from '../../sample-files.ts';
import { SAMPLE, startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const JOBS = ['companies', 'prices', 'macro', 'news', 'banks'];
let up: Upstream;
const env = { ...process.env };
// The live runs' day: December 2020, a month of the sample's real Treasury XML feed of 2020.
const TODAY = '2020-12-31';
const SINCE = '2020-12-01';
const pub = suite('live public sources');
pub.before(async () => {
  up = await startUpstream();
  up.put('feeds.example.com/markets-wire.xml', readFileSync(path.join(SAMPLE, 'vendor/news/markets-wire.xml')));
  // The company list, cut to the tickers the imitated price provider has a file for (the sample's
  // generated prices do not cover MRVL, TSM and BRK-B).
  const list = JSON.parse(readFileSync(path.join(SAMPLE, 'www.sec.gov/files/company_tickers_exchange.json'), 'utf8')) as { fields: string[]; data: [number, string, string, string][] };
  const priced = list.data.filter((r) => existsSync(path.join(SAMPLE, 'vendor/prices', `${r[2]}.csv`)));
  assert.ok(priced.length >= 16 && priced.some((r) => r[2] === 'AAPL'));
  up.put('www.sec.gov/files/company_tickers_exchange.json', JSON.stringify({ fields: list.fields, data: priced }));
  process.env.ALMANAC_FRED_SERIES = 'DGS10,UNRATE,GDP';
  process.env.ALMANAC_ALFRED_SERIES = 'GDP';
  process.env.ALMANAC_NEWS_FEEDS = 'https://www.sec.gov/news/pressreleases.rss,https://feeds.example.com/markets-wire.xml';
});
pub.after(async () => {
  process.env = env;
  await up.close();
});

const run = (dataDir: string, fredApiKey: string) =>
  runPipelines({
    dataDir,
    source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls, fredApiKey }),
    jobs: JOBS,
    incremental: true,
    today: TODAY,
    since: SINCE,
    threads: 1,
  });


pub('a cold live run: curve by month, FRED, ALFRED vintages with a key, feeds, prices, FDIC; the key never lands', async () => {
  const dataDir = tempDir();
  process.env.FRED_API_KEY = 'test-fred-key';
  up.hits.clear();
  const r = await run(dataDir, 'test-fred-key');
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.job, x.error, x.quarantined.slice(0, 3)])));
  assert.ok(r.snapshot);
  // Treasury: the December 2020 month of the XML feed (the imitation cuts it from the sample's real
  // 2020 feed); its days counted in that file.
  assert.is(up.hits.get('home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml?data=daily_treasury_yield_curve&field_tdr_date_value_month=202012'), 1);
  const curve = await queryBuild<{ days: number; src: string }>(dataDir, "SELECT count(DISTINCT date)::INTEGER AS days, any_value(source) AS src FROM yield_curve");
  const december = new Set(sampleBytes('home.treasury.gov/daily_treasury_yield_curve/2020.xml').toString('utf8').match(/<d:NEW_DATE[^>]*>2020-12-\d\d/g));
  assert.ok(december.size > 15);
  assert.is(curve[0]!.days, december.size);
  assert.is(curve[0]!.src, 'home.treasury.gov/daily_treasury_yield_curve/202012.xml');
  // FRED from fredgraph.csv, GDP from ALFRED with its vintages (not from fredgraph).
  assert.is(up.count('fred.stlouisfed.org/graph/fredgraph.csv?id=DGS10'), 1);
  assert.is(up.count('fred.stlouisfed.org/graph/fredgraph.csv?id=GDP'), 0);
  const series = await queryBuild<{ series_id: string; vintaged: boolean; n: number }>(dataDir, 'SELECT series_id, bool_or(vintaged) AS vintaged, count(*)::INTEGER AS n FROM macro_observations GROUP BY 1 ORDER BY 1');
  assert.equal(series.map((s) => [s.series_id, s.vintaged]), [['DGS10', false], ['GDP', true], ['UNRATE', false]]);
  const meta = readFileSync(path.join(landingDir(dataDir), 'api.stlouisfed.org/fred/series/observations/GDP.json.meta.json'), 'utf8');
  assert.not.match(meta, /test-fred-key/);
  assert.match(meta, /api_key=REDACTED/);
  // News, prices from the keyless provider, FDIC.
  assert.ok((await queryBuild<{ n: number }>(dataDir, 'SELECT count(*)::INTEGER AS n FROM news_items'))[0]!.n > 0);
  const [lastDay, , , , lastClose] = sampleCsv('vendor/prices/AAPL.csv').rows.at(-1)!;
  const close = await queryBuild<{ close: number }>(dataDir, `SELECT close FROM prices WHERE ticker = 'AAPL' AND date = '${lastDay}'`);
  assert.is(close[0]!.close, Number(lastClose));
  assert.ok(up.count('stooq.com/q/d/l/?s=aapl.us') === 1);
  assert.is((await queryBuild<{ n: number }>(dataDir, 'SELECT count(*)::INTEGER AS n FROM fdic_institutions'))[0]!.n, sampleCsvRecords('banks.data.fdic.gov/api/institutions.csv').length);
  const hosts = Object.keys(Object.assign({}, ...r.runs.map((x) => x.sources))).sort();
  assert.equal(hosts, ['api.stlouisfed.org', 'banks.data.fdic.gov', 'feeds.example.com', 'fred.stlouisfed.org', 'home.treasury.gov', 'stooq.com', 'www.sec.gov']);
  // The next run: every answer is a 304, nothing parsed, nothing published.
  const again = await run(dataDir, 'test-fred-key');
  assert.is(again.unpublished, 'unchanged');
  assert.ok(again.runs.every((x) => x.docsNew + x.docsChanged === 0));
  assert.ok(again.runs.find((x) => x.job === 'macro')!.sources['home.treasury.gov']!.notModified >= 1);
});

pub('without FRED_API_KEY vintages are not fetched and the run says so', async () => {
  const dataDir = tempDir();
  delete process.env.FRED_API_KEY;
  // fredgraph's latest values of GDP: the current vintage of the sample's (generated) ALFRED file.
  const current = sampleCsv('fred.stlouisfed.org/vintages/GDP.csv').rows.filter((r) => r[1] === '9999-12-31');
  up.put('fred.stlouisfed.org/series/GDP.csv', `observation_date,GDP\n${current.map((r) => `${r[2]},${r[3]}\n`).join('')}`);
  up.hits.clear();
  const r = await runPipelines({
    dataDir,
    source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['macro'],
    incremental: true,
    today: TODAY,
    since: SINCE,
    threads: 1,
  });
  assert.is(r.status, 'success');
  assert.is(up.count('api.stlouisfed.org'), 0);
  assert.is(up.count('fred.stlouisfed.org/graph/fredgraph.csv?id=GDP'), 1, 'GDP latest values from fredgraph');
  const notes = await queryBuild<{ kind: string; detail: string }>(dataDir, "SELECT kind, detail FROM pipeline_notes WHERE job = 'macro'");
  assert.equal(notes.map((n) => n.kind), ['vintages_skipped']);
  assert.match(notes[0]!.detail, /FRED_API_KEY/);
});

pub.run();
