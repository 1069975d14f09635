/**
 * A day's incremental live run (issue 14): is it limited by the SEC's 10 requests per second or by
 * our parsing and loading? A generated daily index lists N Form 4 filings (a real Tesla Form 4
 * submission from ../shared/data/corpus, or the sample's NVIDIA one, under N distinct accession
 * numbers), served by the local imitation of EDGAR with the rate limit lifted; the insiders job
 * discovers, fetches, parses and loads them through the live source. Prints filings per second
 * (network on localhost included), peak RSS, and the projected time of a 5,000-filing day here
 * against the 500 s the SEC's limit imposes.
 *
 * Run: node --import tsx test/bench/live-day.bench.ts [N]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runPipelines } from '../../pipelines/runner.ts';
import { openSource } from '../../pipelines/sources/index.ts';
import { dailyIndexKey, renderMasterIndex } from '../../pipelines/parsers/edgar-index.ts';
import { tempDir } from '../helpers.ts';
import { SAMPLE, startUpstream } from '../upstream/server.ts';

const N = Number(process.argv[2] ?? 400);
const DAY = '2025-01-08';
// A real Form 4 complete submission, as the sample bundles it.
const REAL = path.join(SAMPLE, 'www.sec.gov/Archives/edgar/data/1318605/000095017025003585/0000950170-25-003585.txt');
const template = { text: readFileSync(REAL, 'utf8'), accession: '0000950170-25-003585', cik: 1318605, name: 'Tesla, Inc.' };

const up = await startUpstream({ roots: [] });
const entries = [];
for (let i = 0; i < N; i++) {
  const acc = `0009${String(i).padStart(6, '0')}-25-${String(100000 + i).slice(-6)}`;
  up.put(`www.sec.gov/Archives/edgar/data/${template.cik}/${acc.replace(/-/g, '')}/${acc}.txt`, template.text.replaceAll(template.accession, acc));
  entries.push({ cik: template.cik, company: template.name, form: '4', filed: DAY, fileName: `edgar/data/${template.cik}/${acc}.txt` });
}
up.put(dailyIndexKey(DAY), renderMasterIndex(DAY, entries));

const dataDir = tempDir();
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const t0 = performance.now();
const r = await runPipelines({
  dataDir,
  source: openSource('live', { secUserAgent: 'Almanac bench ops@example.com', dataDir, edgarRps: 100_000, upstreamRps: 100_000, upstreams: up.baseUrls }),
  jobs: ['insiders'],
  incremental: true,
  today: '2025-01-09',
  since: DAY,
  publish: false,
  threads: 1,
});
const secs = (performance.now() - t0) / 1000;
clearInterval(timer);
await up.close();
const run = r.runs[0]!;
if (run.docsNew !== N) throw new Error(`expected ${N} new filings, got ${run.docsNew} (${run.status} ${run.error ?? ''})`);
const perSec = N / secs;
console.log(`${N} Form 4 filings discovered, fetched, parsed and loaded in ${secs.toFixed(1)} s: ${perSec.toFixed(1)} filings/s (localhost, no rate limit), peak RSS ${(peak / 1024 ** 2).toFixed(0)} MB`);
console.log(`a 5,000-filing day: ${(5000 / perSec).toFixed(0)} s of our work vs ${5000 / 10} s at the SEC's 10 requests/s -> ${perSec > 10 ? 'limited by the SEC rate' : 'limited by parsing/loading'} (${(perSec / 10).toFixed(1)}x headroom)`);
