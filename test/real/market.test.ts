/**
 * Real-data suite over ../shared/data (npm run test:real): the Treasury yield curve (XML feed and
 * CSV), FRED series in both layouts, Yahoo/yfinance price files and the SEC feeds parse with the
 * values the files hold.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { realSuite, SHARED_DATA } from './shared-data.ts';
import * as assert from 'uvu/assert';
import { parseFeed } from '../../pipelines/parsers/feeds.ts';
import { parseFredCsv } from '../../pipelines/parsers/fred-csv.ts';
import { parsePricesCsv } from '../../pipelines/parsers/prices-csv.ts';
import { parseTreasuryCsv } from '../../pipelines/parsers/treasury-csv.ts';
import { parseTreasuryXml } from '../../pipelines/parsers/treasury-xml.ts';

const DATA = SHARED_DATA;
const file = (p: string): Buffer => readFileSync(path.join(DATA, p));
const missing = !existsSync(path.join(DATA, 'macro_rates'));
if (missing) console.log(`skipping the market real-data suite: ${DATA} is missing`);

const real = realSuite('market real data', path.join(SHARED_DATA, 'macro_rates'));

const at = <T extends { date: string }>(rows: T[], date: string, extra: (r: T) => boolean = () => true): T[] => rows.filter((r) => r.date === date && extra(r));

real('Treasury XML 2020: 251 days, all tenors, values as in the file', () => {
  if (missing) return;
  const points = parseTreasuryXml(file('macro_rates/treasury/2020.xml'));
  assert.is(new Set(points.map((p) => p.date)).size, 251);
  const jan2 = at(points, '2020-01-02');
  assert.equal(jan2.map((p) => [p.tenor, p.value]).slice(0, 3), [['1M', 1.53], ['2M', 1.55], ['3M', 1.54]]);
  assert.equal(jan2.find((p) => p.tenor === '10Y')!.value, 1.88);
  assert.equal(jan2.find((p) => p.tenor === '30Y')!.value, 2.33);
});

real('Treasury XML 1990: tenors not published are absent, BC_30YEARDISPLAY 0.00 is ignored', () => {
  if (missing) return;
  const points = parseTreasuryXml(file('macro_rates/treasury/1990.xml'));
  assert.is(new Set(points.map((p) => p.date)).size, 250);
  const tenors = new Set(points.map((p) => p.tenor));
  for (const t of ['1M', '2M', '20Y']) assert.not.ok(tenors.has(t), t);
  assert.ok(points.every((p) => p.value > 0), 'no zero from the display field');
});

real('Treasury CSV 2022 (4 Mo from 2022-10-19) and 2025 (1.5 Mo empty in January)', () => {
  if (missing) return;
  const y22 = parseTreasuryCsv(file('macro_rates/treasury/2022-daily-treasury-rates.csv').toString('utf8'));
  assert.equal(at(y22, '2022-12-30').map((p) => p.value), [4.12, 4.41, 4.42, 4.69, 4.76, 4.73, 4.41, 4.22, 3.99, 3.96, 3.88, 4.14, 3.97]);
  assert.equal(at(y22, '2022-10-18', (p) => p.tenor === '4M'), []);
  const y25 = parseTreasuryCsv(file('macro_rates/treasury/2025-daily-treasury-rates.csv').toString('utf8'));
  assert.equal(at(y25, '2025-07-11', (p) => p.tenor === '1.5M').map((p) => p.value), [4.39]);
  assert.equal(at(y25, '2025-02-14', (p) => p.tenor === '1.5M'), []);
});

real('FRED: DGS10 legacy layout with "." as null; current layout CPIAUCSL, FEDFUNDS, UNRATE', () => {
  if (missing) return;
  const dgs10 = parseFredCsv(file('macro_rates/fred/DGS10.csv').toString('utf8'));
  assert.equal(dgs10[0], { seriesId: 'DGS10', date: '1962-01-02', value: 4.06, realtimeStart: '1962-01-02', realtimeEnd: '9999-12-31', vintaged: false });
  assert.is(dgs10.filter((o) => o.value === null).length, 697);
  const cpi = parseFredCsv(file('macro_rates/fred/CPIAUCSL.csv').toString('utf8'));
  assert.equal([cpi[0]!.seriesId, cpi[0]!.date, cpi[0]!.value], ['CPIAUCSL', '2015-03-01', 235.976]);
  const ff = parseFredCsv(file('macro_rates/fred/FEDFUNDS.csv').toString('utf8'));
  assert.equal([ff[0]!.date, ff[0]!.value], ['2015-03-01', 0.11]);
  const un = parseFredCsv(file('macro_rates/fred/UNRATE.csv').toString('utf8'));
  assert.equal([un[0]!.seriesId, un[0]!.date, un[0]!.value], ['UNRATE', '1962-01-01', 5.8]);
});

real('prices: yfinance SPY 2019 with float noise and dividends; Yahoo NVDA and ORCL', () => {
  if (missing) return;
  const spy = parsePricesCsv(file('prices/SPY.csv').toString('utf8'));
  assert.equal(spy[0]!.date, '2019-01-02');
  assert.is(spy[0]!.close, 250.18);
  assert.is(spy[0]!.volume, 126925200);
  assert.ok(spy.filter((r) => r.dividend > 0).length >= 4, 'quarterly dividends');
  const nvda = parsePricesCsv(file('prices/nvda-1999-2014.txt').toString('utf8'));
  assert.equal([nvda[0]!.date, nvda[0]!.close, nvda[0]!.adjClose, nvda[0]!.volume], ['1999-01-22', 1.640625, 1.518424, 67867200]);
  const orcl = parsePricesCsv(file('prices/orcl-1995-2014.txt').toString('utf8'));
  assert.equal([orcl[0]!.date, orcl[0]!.close], ['1995-01-03', 2.117284]);
  const monthly = parsePricesCsv(file('prices/SP500_monthly.csv').toString('utf8'));
  assert.equal([monthly[0]!.date, monthly[0]!.close], ['1962-01-31', 68.84]);
});

real('feeds: SEC press releases RSS, EDGAR Atom (ISO-8859-1), usgaap RSS (windows-1252) parse', () => {
  if (missing) return;
  const pr = parseFeed(file('feeds/sec_pressreleases.rss'));
  assert.is(pr.kind, 'rss');
  assert.ok(pr.items.length > 0);
  const atom = parseFeed(file('feeds/edgar_getcurrent_all_start0.atom.xml'));
  assert.is(atom.kind, 'atom');
  // One entry per filer role for the same accession: the same link/title collapses.
  assert.ok(atom.items.length + atom.duplicates === 100, `${atom.items.length} + ${atom.duplicates}`);
  // Of a filing's entries, the one naming the company it is about is kept (not its reporting owner's).
  const form4 = parseFeed(file('feeds/edgar_getcurrent_form4_start0.atom.xml'));
  assert.ok(form4.items.length > 0 && form4.items.every((i) => !/\(Reporting\)$/.test(i.title)), form4.items.map((i) => i.title).join('; '));
  const usgaap = parseFeed(file('feeds/edgar_usgaap.rss.xml'));
  assert.is(usgaap.items.length + usgaap.duplicates, 200);
});

real.run();
