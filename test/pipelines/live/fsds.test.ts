/**
 * `almanac pipelines backfill fundamentals --from 2024Q2 --to 2024Q2 --dataset`: the Financial
 * Statement Data Set of a quarter (a SYNTHETIC zip in the documented layout, sub.txt and num.txt,
 * whose values are taken from the sample's real companyfacts of Apple and NVIDIA), streamed from
 * the zip and checked value by value against each sampled filer's companyfacts fetched from the
 * imitation: agreeing filings agree, a planted wrong value is a disagreement in the ledger, a
 * filer with no companyfacts is unavailable; an unchanged zip is not read again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { backfill, backfillCommand } from '../../../pipelines/backfill.ts';
import { DATASETS, datasetKeys } from '../../../pipelines/jobs/dera-datasets.ts';
import { fsdsDate, quartersOf, valueSignature } from '../../../pipelines/jobs/dera-fsds.ts';
import { parseCompanyFacts, type FactRecord } from '../../../pipelines/parsers/companyfacts.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { openBuild } from '../../../pipelines/runner.ts';
import { tempDir } from '../../helpers.ts';
import { SAMPLE, startUpstream, type Upstream } from '../../upstream/server.ts';
import { zipOf } from '../../upstream/zips.ts';

const UA = 'Almanac test ops@example.com';
const KEY = datasetKeys(DATASETS.fundamentals!, '2024-04-01', '2024-06-30')[0]!;

function companyfacts(cik: number): FactRecord[] {
  const file = path.join(SAMPLE, `data.sec.gov/api/xbrl/companyfacts/CIK${String(cik).padStart(10, '0')}.json`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    bytes = gunzipSync(readFileSync(`${file}.gz`));
  }
  return parseCompanyFacts(bytes).facts;
}

/** The filer's first 10-Q filed in 2024Q2 (from the real companyfacts) and its us-gaap facts. */
function filingOf(cik: number): { accession: string; filed: string; form: string; facts: FactRecord[] } {
  const all = companyfacts(cik).filter((f) => f.taxonomy === 'us-gaap');
  const q = all.filter((f) => f.form === '10-Q' && f.filed >= '2024-04-01' && f.filed <= '2024-06-30').sort((a, b) => a.filed.localeCompare(b.filed))[0];
  if (!q) throw new Error(`no 2024Q2 10-Q in the sample companyfacts of ${cik}`);
  return { accession: q.accession, filed: q.filed, form: q.form, facts: all.filter((f) => f.accession === q.accession) };
}

const yyyymmdd = (d: string): string => d.replace(/-/g, '');
const SUB = ['adsh', 'cik', 'name', 'sic', 'countryba', 'form', 'period', 'fy', 'fp', 'filed', 'accepted', 'prevrpt', 'detail', 'instance', 'nciks', 'aciks'];
const NUM = ['adsh', 'tag', 'version', 'ddate', 'qtrs', 'uom', 'segments', 'coreg', 'value', 'footnote'];

let up: Upstream;
let aapl: ReturnType<typeof filingOf>;
let nvda: ReturnType<typeof filingOf>;
const NO_FACTS = { cik: 9990002, accession: '0009990002-24-000001' };
const fs = suite('Financial Statement Data Sets');

fs.before(async () => {
  up = await startUpstream();
  aapl = filingOf(320193);
  nvda = filingOf(1045810);
  const sub = [SUB.join('\t')];
  const num = [NUM.join('\t')];
  for (const [cik, name, f] of [[320193, 'APPLE INC', aapl], [1045810, 'NVIDIA CORP', nvda]] as const) {
    sub.push([f.accession, cik, name, '', 'US', f.form, '', '', '', yyyymmdd(f.filed), '', '0', '0', '', '1', ''].join('\t'));
    for (const x of f.facts) num.push([f.accession, x.concept, 'us-gaap/2023', yyyymmdd(x.end), quartersOf(x.start, x.end), x.unit, '', '', String(x.value), ''].join('\t'));
    // Not compared: a dimensional value, a company's own tag.
    num.push([f.accession, 'Revenues', 'us-gaap/2023', yyyymmdd(f.facts[0]!.end), '1', 'USD', 'ProductOrService=Other;', '', '1', ''].join('\t'));
    num.push([f.accession, 'MyOwnTag', f.accession, yyyymmdd(f.facts[0]!.end), '1', 'USD', '', '', '1', ''].join('\t'));
  }
  // The planted disagreement: NVIDIA's first value differs from its companyfacts by one unit.
  const planted = num.findIndex((l) => l.startsWith(`${nvda.accession}\t`));
  const cells = num[planted]!.split('\t');
  cells[8] = String(Number(cells[8]) + 1);
  num[planted] = cells.join('\t');
  sub.push([NO_FACTS.accession, NO_FACTS.cik, 'ALMANAC SYNTHETIC FILER', '', 'US', '10-Q', '', '', '', '20240515', '', '0', '0', '', '1', ''].join('\t'));
  num.push([NO_FACTS.accession, 'Assets', 'us-gaap/2023', '20240331', '0', 'USD', '', '', '5', ''].join('\t'));
  up.put(KEY, await zipOf([
    { name: 'sub.txt', bytes: Buffer.from(`${sub.join('\n')}\n`) },
    { name: 'num.txt', bytes: Buffer.from(`${num.join('\n')}\n`) },
    { name: 'SYNTHETIC.txt', bytes: Buffer.from('SYNTHETIC test data in the documented layout (values from the sample companyfacts).\n') },
  ]));
});
fs.after(() => up.close());

const run = (dataDir: string) =>
  backfill({
    dataDir, source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['fundamentals'], from: '2024-04-01', to: '2024-06-30', today: '2024-09-30', threads: 1, dataset: true,
  });

fs('helpers: dates, quarters, signatures', () => {
  assert.is(fsdsDate('20240331'), '2024-03-31');
  assert.is(fsdsDate('20241341'), null);
  assert.is(fsdsDate('2024-03-31'), null);
  assert.is(quartersOf(null, '2024-03-30'), 0);
  assert.is(quartersOf('2023-12-31', '2024-03-30'), 1);
  assert.is(quartersOf('2023-10-01', '2024-09-28'), 4);
  assert.is(valueSignature('EarningsPerShareBasic', 'USD/shares', '2024-03-30', 1, 1.53), valueSignature('EarningsPerShareBasic', 'usd per shares', '2024-03-30', 1, 1.53000001));
});

fs('a quarter is streamed and a sample checked against companyfacts: agree, the planted value disagrees, no companyfacts is unavailable', async () => {
  const dataDir = tempDir();
  const r = await run(dataDir);
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.job, x.error, x.quarantined])));
  assert.is(up.count(KEY), 1);
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    const checks = await db.all<{ accession: string; outcome: string; detail: string }>('SELECT accession, outcome, detail FROM pipeline_crosschecks ORDER BY accession');
    const of = (a: string) => checks.find((c) => c.accession === a);
    assert.is(of(aapl.accession)?.outcome, 'agree', of(aapl.accession)?.detail);
    assert.is(of(aapl.accession)?.detail, `${aapl.facts.length} values agree`);
    assert.is(of(nvda.accession)?.outcome, 'disagree');
    assert.match(of(nvda.accession)!.detail, /1 row\(s\) only in the data set/);
    assert.is(of(NO_FACTS.accession)?.outcome, 'unavailable');
    const notes = await db.all<{ detail: string }>("SELECT detail FROM pipeline_notes WHERE kind = 'dataset_crosscheck_mismatch'");
    assert.is(notes.length, 1);
    assert.match(notes[0]!.detail, nvda.accession);
    assert.is((await db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM facts'))[0]!.n, 0, 'a check loads no facts');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  const again = await run(dataDir);
  assert.equal(again.runs.map((x) => [x.job, x.docsNew, x.docsSkipped]), [['fundamentals', 0, 1]], 'an unchanged zip is passed over');
});

fs('the command accepts fundamentals --dataset', async () => {
  const errs: string[] = [];
  const config = { source: 'live', upstreams: up.baseUrls } as never;
  assert.is(await backfillCommand(['prices', '--from', '2024Q2', '--to', '2024Q2', '--dataset'], config, () => {}, (l) => errs.push(l)), 64, 'a usage error');
  assert.match(errs.pop()!, /fundamentals/);
});

fs.run();
