/**
 * `contracts` on the live source: USAspending's download API driven against the imitation
 * (test/upstream/server.ts): POST the contract award types and the action-date period, poll the
 * status until `finished`, land the generated zip and load its `Contracts_PrimeAwardSummaries_*.csv`
 * member; the next run asks from the watermark; a `failed` download fails the run (nothing
 * published); a malformed request is a 400 with a `detail`. Never the network.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelines } from '../../../pipelines/runner.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { queryBuild } from './build-db.ts';
import { tempDir } from '../../helpers.ts';
import { sampleCsvRecords } from '../../sample-files.ts';
import { startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const API = 'api.usaspending.gov/api/v2';
let up: Upstream;
const env = { ...process.env };
const us = suite('USAspending live');
us.before(async () => {
  up = await startUpstream();
  process.env.ALMANAC_USASPENDING_POLL_MS = '5';
});
us.after(async () => {
  process.env = env;
  await up.close();
});

const source = (dataDir: string) => openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls });
const run = (dataDir: string, opts: { since?: string; today: string }) =>
  runPipelines({ dataDir, source: source(dataDir), jobs: ['contracts'], incremental: true, threads: 1, ...opts });

us('a download job for the period: POST, poll until finished, load the zip member; the next run starts at the watermark', async () => {
  const dataDir = tempDir();
  up.log.length = 0;
  const r = await run(dataDir, { since: '2024-06-01', today: '2024-09-30' });
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.error, x.quarantined])));
  assert.ok(r.snapshot);
  const calls = up.log.map((l) => `${l.key.split('?')[0]} ${l.status}`);
  assert.equal(calls.slice(0, 4), [`${API}/download/awards/ 200`, `${API}/download/status/ 200`, `${API}/download/status/ 200`, `files.usaspending.gov/generated_downloads/${calls[3]!.split('/').pop()!.split(' ')[0]} 200`]);
  const post = up.log.find((l) => l.key.startsWith(`${API}/download/awards/`))!;
  assert.is(post.headers['content-type'], 'application/json');
  assert.match(String(post.headers['user-agent']), /ops@example\.com/);
  // The awards of the sample's (generated) download whose latest action falls in 2024-06-01..2024-09-30.
  const inPeriod = sampleCsvRecords('files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv')
    .map((a) => a.award_latest_action_date!)
    .filter((d) => d >= '2024-06-01' && d <= '2024-09-30')
    .sort();
  assert.ok(inPeriod.length >= 2);
  const rows = await queryBuild<{ d: string; source: string }>(dataDir, 'SELECT latest_action_date::VARCHAR AS d, source FROM federal_awards ORDER BY d');
  assert.equal(rows.map((x) => x.d), inPeriod);
  assert.match(rows[0]!.source, /^files\.usaspending\.gov\/generated_downloads\/All_PrimeAwards_.*\.zip!\/Contracts_PrimeAwardSummaries_.*_1\.csv$/);
  assert.is(r.runs[0]!.watermark, inPeriod.at(-1));
  assert.ok(r.runs[0]!.sources['api.usaspending.gov']!.requests >= 3);

  // Next run: from the watermark day.
  up.log.length = 0;
  await run(dataDir, { today: '2024-10-31' });
  const body = up.log.find((l) => l.key.startsWith(`${API}/download/awards/`));
  assert.ok(body, 'a new download job');
  const status = up.log.filter((l) => l.key.startsWith(`${API}/download/status/`));
  assert.ok(status.length >= 2);
});

us('a failed download fails the run and publishes nothing; a malformed request is a 400 with a detail', async () => {
  const dataDir = tempDir();
  up.usaspendingFails = 'Download generation timed out';
  try {
    const r = await run(dataDir, { since: '2024-06-01', today: '2024-09-30' });
    assert.is(r.status, 'failed');
    assert.match(r.runs[0]!.error!, /failed: Download generation timed out/);
    assert.is(r.snapshot, null);
  } finally {
    up.usaspendingFails = null;
  }
  const bad = await fetch(`${up.url}/${API}/download/awards/`, { method: 'POST', body: JSON.stringify({ filters: {} }) });
  assert.is(bad.status, 400);
  assert.match(((await bad.json()) as { detail: string }).detail, /award_type_codes/);
  const unknown = await fetch(`${up.url}/${API}/download/status/?file_name=nope.zip`);
  assert.is(unknown.status, 400);
});

us.run();
